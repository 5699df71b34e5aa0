import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import type { DeskHandlers } from '../../shared/bridge/contract';
import { createDispatcher } from '../../shared/bridge/dispatch';
import type { DeskEvents } from '../core/events';

/** A request frame from the renderer: `{ id, channel, argument }`. */
const requestFrame = z.object({ id: z.number().int().nonnegative(), channel: z.string().max(100), argument: z.unknown() });

/** Largest frame accepted from the page; bridge requests are small, imports stream in batches. */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** The bridge over a WebSocket: the same handlers and events as the Electron IPC transport. */
export function createBridgeSocket(handlers: DeskHandlers, events: DeskEvents, log: (message: string) => void) {
  const dispatch = createDispatcher(handlers, (channel, error) => log(`${channel} failed: ${String(error)}`));
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Set<WebSocket>();

  const unsubscribe = events.subscribe((event, payload) => {
    const frame = JSON.stringify({ event, payload });
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(frame);
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', async (data) => {
      let frame: z.infer<typeof requestFrame>;
      try {
        frame = requestFrame.parse(JSON.parse(String(data)));
      } catch {
        socket.send(JSON.stringify({ id: null, result: { ok: false, error: { code: 'bad-request', message: 'Malformed bridge frame.' } } }));
        return;
      }
      const result = await dispatch(frame.channel, frame.argument);
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ id: frame.id, result }));
    });
  });

  return {
    /** Completes an already-authorised upgrade. */
    accept(request: IncomingMessage, socket: Duplex, head: Buffer) {
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
    },
    close() {
      unsubscribe();
      for (const socket of sockets) socket.terminate();
      server.close();
    },
  };
}
