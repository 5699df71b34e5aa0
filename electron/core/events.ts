import type { EventName, EventPayload } from '../../shared/bridge/contract';

/** A listener for every desk event, as the transports forward them. */
export type DeskEventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** The desk core's event hub: the core emits, each transport subscribes once. */
export interface DeskEvents {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  subscribe(listener: DeskEventListener): () => void;
}

/** Creates an event hub; a failing listener never stops the others. */
export function createDeskEvents(onListenerError: (error: unknown) => void = () => {}): DeskEvents {
  const listeners = new Set<DeskEventListener>();
  return {
    emit(name, payload) {
      for (const listener of listeners) {
        try {
          listener(name, payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
