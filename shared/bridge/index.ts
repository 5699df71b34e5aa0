export * from './contract';
export * from './result';
export { createDispatcher } from './dispatch';
export { createDeskApi, type BridgeTransport } from './client';
