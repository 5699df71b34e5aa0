import type { DeskHandlers } from '../../shared/bridge/contract';

/** Handlers good enough for the app channels; each test overrides what it needs. */
export function fakeHandlers(overrides: Partial<DeskHandlers> = {}): DeskHandlers {
  return {
    getAppInfo: () => ({ name: 'Venue Desk', version: '1.0.0', mode: 'browser' }),
    getStatus: () => ({ account: { state: 'none' }, online: false }),
    openExternal: ({ url }) => ({ opened: url.startsWith('https:') }),
    ...overrides,
  } as DeskHandlers;
}
