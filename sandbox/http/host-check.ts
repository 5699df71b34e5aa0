import type { ServerResponse } from 'node:http';

/**
 * Whether a Host header names the sandbox's own loopback address. Anything else is a page that reached it
 * through a name it does not own (DNS rebinding), and is refused before any route runs.
 */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** The refusal of a foreign Host: 421 with the envelope, naming the address that works. */
export function refuseForeignHost(response: ServerResponse, port: number): void {
  const body = JSON.stringify({
    result: false,
    message: `This service answers only at http://127.0.0.1:${port}; the Host header named another address`,
  });
  response
    .writeHead(421, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    })
    .end(body);
}
