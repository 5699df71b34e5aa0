import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { inspect } from 'node:util';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import type { DeskHandlers } from '../../shared/bridge/contract';
import { createDispatcher } from '../../shared/bridge/dispatch';
import type { DeskEvents } from '../core/events';

/** A request frame from the renderer: `{ id, channel, argument }`. */
const requestFrame = z.object({
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  argument: z.unknown(),
});

/** Largest frame accepted from the page; bridge requests are small, imports stream in batches. */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** How the bridge protects the host from pages that stop reading or vanish. */
export interface BridgeLimits {
  /** Every socket is pinged this often; one that has not answered the previous ping is dropped. */
  heartbeatMs: number;
  /** A socket whose unsent backlog passes this many bytes (a page that stopped reading) is dropped. */
  maxBufferedBytes: number;
  /** Open bridge sockets at most; more are refused. */
  maxSockets: number;
}

export const DEFAULT_BRIDGE_LIMITS: BridgeLimits = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 32 * 1024 * 1024,
  maxSockets: 16,
};

/** The bridge over a WebSocket: the same handlers and events as the Electron IPC transport. */
export function createBridgeSocket(
  handlers: DeskHandlers,
  events: DeskEvents,
  log: (message: string) => void,
  limits: BridgeLimits = DEFAULT_BRIDGE_LIMITS,
) {
  // inspect, not String: the log keeps the stack and the cause (e.g. the keychain's own words behind a staff message).
  const dispatch = createDispatcher(handlers, (channel, error) => log(`${channel} failed: ${inspect(error)}`));
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Set<WebSocket>();
  let upgrading = 0;
  const answeredPing = new WeakMap<WebSocket, boolean>();

  /** Sends a frame, or drops a page whose backlog shows it stopped reading (the host's memory is not its queue). */
  const send = (socket: WebSocket, frame: string) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      log(`dropped a bridge socket: ${socket.bufferedAmount} bytes waiting to be sent`);
      socket.terminate();
      return;
    }
    socket.send(frame);
  };

  const unsubscribe = events.subscribe((event, payload) => {
    const frame = JSON.stringify({ event, payload });
    for (const socket of sockets) send(socket, frame);
  });

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (!answeredPing.get(socket)) {
        log('dropped a bridge socket that stopped answering pings');
        socket.terminate();
        continue;
      }
      answeredPing.set(socket, false);
      socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  server.on('connection', (socket) => {
    sockets.add(socket);
    answeredPing.set(socket, true);
    socket.on('pong', () => answeredPing.set(socket, true));
    socket.on('close', () => sockets.delete(socket));
    // A bad frame (invalid UTF-8, over maxPayload) closes this socket; unheard, the error would end the host.
    socket.on('error', (error) => log(`bridge socket error: ${error.message}`));
    socket.on('message', async (data) => {
      let frame: z.infer<typeof requestFrame>;
      try {
        frame = requestFrame.parse(JSON.parse(String(data)));
      } catch {
        send(
          socket,
          JSON.stringify({
            id: null,
            result: { ok: false, error: { code: 'bad-request', message: 'Malformed bridge frame.' } },
          }),
        );
        return;
      }
      const result = await dispatch(frame.channel, frame.argument);
      send(socket, JSON.stringify({ id: frame.id, result }));
    });
  });

  return {
    /** Completes an already-authorised upgrade; false (nothing done) when the host has as many sockets as it takes. */
    accept(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      if (sockets.size + upgrading >= limits.maxSockets) return false;
      upgrading++;
      let pending = true;
      const settled = () => {
        if (pending) upgrading--;
        pending = false;
      };
      socket.once('close', settled);
      server.handleUpgrade(request, socket, head, (ws) => {
        settled();
        server.emit('connection', ws, request);
      });
      return true;
    },
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const socket of sockets) socket.terminate();
      server.close();
    },
  };
}
