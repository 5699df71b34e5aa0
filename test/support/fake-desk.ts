import { createDeskApi } from '../../shared/bridge/client';
import type { DeskApi, DeskHandlers, EventName } from '../../shared/bridge/contract';
import { createDispatcher } from '../../shared/bridge/dispatch';

/** A DeskApi over in-memory handlers, through the real dispatcher, with an `emit` to push events. */
export function createFakeDesk(handlers: DeskHandlers): DeskApi & { emit(event: EventName, payload: unknown): void } {
  const dispatch = createDispatcher(handlers);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = createDeskApi({
    invoke: (channel, argument) => dispatch(channel, argument),
    subscribe: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  });
  return Object.assign(api, {
    emit: (event: EventName, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)),
  });
}
