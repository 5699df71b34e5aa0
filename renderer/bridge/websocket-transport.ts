import type { BridgeTransport } from '../../shared/bridge/client';
import { isEventName, type EventName } from '../../shared/bridge/contract';
import type { BridgeResult } from '../../shared/bridge/result';

interface Pending {
  resolve: (result: BridgeResult) => void;
}

const UNREACHABLE: BridgeResult = {
  ok: false,
  error: {
    code: 'failed',
    message: 'The desk is not reachable: is the Venue Desk window still running in the terminal?',
  },
};

/**
 * The browser-mode transport: the bridge over a WebSocket to the desk host. The launch token
 * travels in an HttpOnly cookie set when the page was opened, so the page never handles it.
 * It reconnects by itself; calls made while it is down fail with a clear message, and events sent
 * meanwhile are lost, so `onReconnect` lets the app look again at what it follows.
 */
export function createWebSocketTransport(
  url = defaultBridgeUrl(),
  onReconnect: () => void = () => {},
): BridgeTransport {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  const waiting: string[] = [];
  let nextId = 1;
  let socket: WebSocket;
  let retryMs = 250;
  let openedBefore = false;

  const connect = () => {
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      retryMs = 250;
      for (const frame of waiting.splice(0)) socket.send(frame);
      if (openedBefore) onReconnect();
      openedBefore = true;
    });
    socket.addEventListener('message', (message) => onFrame(String(message.data)));
    socket.addEventListener('close', () => {
      for (const [id, request] of pending) {
        request.resolve(UNREACHABLE);
        pending.delete(id);
      }
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
  };

  const onFrame = (text: string) => {
    let frame: { id?: number | null; result?: BridgeResult; event?: unknown; payload?: unknown };
    try {
      frame = JSON.parse(text);
    } catch (error) {
      // The host only sends JSON: a frame that is not is a fault of the host, kept for support and otherwise ignored.
      console.error('The desk core sent a bridge frame that is not JSON; it was ignored.', error);
      return;
    }
    if (typeof frame.id === 'number' && frame.result) {
      pending.get(frame.id)?.resolve(frame.result);
      pending.delete(frame.id);
    } else if (isEventName(frame.event)) {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  };

  connect();

  return {
    invoke(channel, argument) {
      const id = nextId++;
      const frame = JSON.stringify({ id, channel, argument });
      return new Promise<BridgeResult>((resolve) => {
        pending.set(id, { resolve });
        if (socket.readyState === WebSocket.OPEN) socket.send(frame);
        else waiting.push(frame);
      });
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

/** The bridge address on the page's own host. */
function defaultBridgeUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/bridge`;
}
