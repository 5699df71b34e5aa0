// The fetch failure rule against Node's real fetch (undici) and real sockets on 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { HttpStatusError, NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import { failureOf } from './support/fake-fetch';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A loopback HTTP server with the given handler; resolves to its base URL. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A port that was just free and is now closed: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const apiKey = 'real-http-key';

describe('over real HTTP', () => {
  it('a refused port is NoConnectionError (nothing was sent)', async () => {
    const client = createServiceClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey });
    const error = await failureOf(client.sms({ from: 'Venue', to: '61400000000', message: 'Hi', reference_id: 'r1' }));
    expect(error).toBeInstanceOf(NoConnectionError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(error.message).not.toContain(apiKey);
  });

  it('a service that takes the request and never answers is OutcomeUnknownError after our timeout', async () => {
    let received = '';
    const baseUrl = await serve((request) => request.on('data', (chunk: Buffer) => (received += chunk.toString())));
    const client = createServiceClient({ baseUrl, apiKey, timeoutsMs: { short: 300 } });
    const started = Date.now();
    const error = await failureOf(client.sms({ from: 'Venue', to: '61400000000', message: 'Hi', reference_id: 'r1' }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(received).toContain('reference_id=r1');
  });

  it('a connection reset after the request arrived is OutcomeUnknownError', async () => {
    const baseUrl = await serve((request) => request.on('end', () => request.socket.destroy()).resume());
    const client = createServiceClient({ baseUrl, apiKey });
    expect(await failureOf(client.pushContact([{ client_id: 'c', PatronEmail: 'a@x.test' }]))).toMatchObject({
      kind: 'outcome-unknown',
      reason: 'connection-lost',
    });
  });

  it('a real 429 carries Retry-After', async () => {
    const baseUrl = await serve((_request, response) => response.writeHead(429, { 'retry-after': '3' }).end());
    const client = createServiceClient({ baseUrl, apiKey });
    const error = await failureOf(client.categories());
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 3000 });
  });
});
