// The outbox's public surface for the desk core and the bridge handlers.
export { createOutbox, type EnqueueManyResult, type EnqueueOptions, type Outbox, type OutboxAccount, type OutboxOptions, type OutboxQuery } from './outbox';
export type { OutboxChange, OutboxListener } from './events';
export { OutboxValidationError } from './validation-error';
export { DEFAULT_OUTBOX_CONFIG, type OutboxConfig } from './config';
export { systemClock, type OutboxClock, type OutboxItemView, type OutboxKind, type OutboxState, type OutboxSummary } from './types';
