import { connect, type Socket } from 'node:net';

/** What came back on a raw socket: everything read, and whether the host closed it. */
export interface RawExchange {
  socket: Socket;
  received(): string;
  /** Resolves when the host has closed the connection. */
  closed: Promise<void>;
}

/** Opens a TCP connection to the host and writes `text` as is (request lines `fetch` would refuse to send). */
export function rawSend(port: number, text: string): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      socket.write(text);
      resolve({ socket, received: () => received, closed });
    });
    socket.once('error', reject);
  });
}

/** Sends a raw request and waits for the host to close the connection; resolves with what it answered. */
export async function rawRequest(port: number, text: string, timeoutMs = 5_000): Promise<string> {
  const exchange = await rawSend(port, text);
  await withTimeout(
    exchange.closed,
    timeoutMs,
    `the host did not close the connection; it answered: ${exchange.received()}`,
  );
  return exchange.received();
}

/** A WebSocket upgrade request written by hand, so a test can be a client that never answers pings or never reads. */
export function upgradeRequest(port: number, path: string, headers: Record<string, string> = {}): string {
  const lines = [
    `GET ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version: 13',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Resolves once `predicate` holds, polling; rejects with `message` after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Rejects with `message` when the promise takes longer than `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), timeoutMs)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
