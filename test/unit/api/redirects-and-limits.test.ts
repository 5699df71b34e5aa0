// The client refuses redirects (the API key is in the path) and reads answers only up to a limit, over real HTTP.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { RedirectRefusedError, ResponseTooLargeError, isTransient, requestToken } from '../../../shared/api';
import { failureOf } from './support/fake-fetch';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)))),
  );
});

/** A loopback HTTP server; resolves to its base URL and the paths it was asked for. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(String(request.url));
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}`, paths };
}

const apiKey = 'key-that-must-stay-home';
const sms = { from: 'Venue', to: '61400000000', message: 'Hi', reference_id: 'r1' };

describe('redirects', () => {
  for (const status of [301, 302, 307, 308]) {
    it(`a ${status} is RedirectRefusedError and the key never reaches the other address`, async () => {
      const elsewhere = await serve((_request, response) => response.end('{"result":true}'));
      const service = await serve((_request, response) =>
        response.writeHead(status, { location: `${elsewhere.baseUrl}/v1/${apiKey}/sms` }).end(),
      );
      const client = createServiceClient({ baseUrl: service.baseUrl, apiKey });
      const error = await failureOf(client.sms(sms));
      expect(error).toBeInstanceOf(RedirectRefusedError);
      expect(error).toMatchObject({ status, locationOrigin: elsewhere.baseUrl });
      expect(error.message).toContain(`redirect (HTTP ${status}) to ${elsewhere.baseUrl}`);
      expect(error.message).not.toContain(apiKey);
      expect(elsewhere.paths).toEqual([]);
      expect(service.paths).toEqual([`/v1/${apiKey}/sms`]);
    });
  }

  it('request_token refuses a redirect too (the password signature must not travel on)', async () => {
    const elsewhere = await serve((_request, response) => response.end('{}'));
    const service = await serve((_request, response) =>
      response.writeHead(307, { location: `${elsewhere.baseUrl}/v1/request_token` }).end(),
    );
    const error = await requestToken({ baseUrl: service.baseUrl, username: 'u', password: 'p' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(elsewhere.paths).toEqual([]);
  });
});

describe('answer size', () => {
  it('a body past the limit is ResponseTooLargeError, read no further, for a declared and a streamed length', async () => {
    let streamedBytes = 0;
    const declared = await serve((_request, response) =>
      response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end(),
    );
    const streamed = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        // Never ends by itself: only the client stopping ends it.
        while (streamedBytes < 64 * 1024 * 1024 && response.write(chunk)) streamedBytes += chunk.length;
        if (!response.destroyed && streamedBytes < 64 * 1024 * 1024) response.once('drain', pump);
      };
      pump();
    });
    for (const baseUrl of [declared.baseUrl, streamed.baseUrl]) {
      const client = createServiceClient({ baseUrl, apiKey, responseLimitsBytes: { short: 1024 * 1024 } });
      const error = await failureOf(client.sms(sms));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error).toMatchObject({ kind: 'response-too-large', limitBytes: 1024 * 1024, method: 'sms' });
      expect(error.message).toBe(
        'sms: the answer was larger than 1 MB, more than this method can return; it was not read and the service may have acted on the request',
      );
    }
    expect(streamedBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('an answer within the limit is read whole, and the per-method limit wins over the class', async () => {
    const body = JSON.stringify({ result: true, message: 'queued', padding: 'y'.repeat(200_000) });
    const service = await serve((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(body),
    );
    const roomy = createServiceClient({
      baseUrl: service.baseUrl,
      apiKey,
      responseLimitsBytes: { short: 1024, sms: 1024 * 1024 },
    });
    await expect(roomy.sms(sms)).resolves.toMatchObject({ message: 'queued' });
    const tight = createServiceClient({ baseUrl: service.baseUrl, apiKey, responseLimitsBytes: { sms: 1024 } });
    expect(await failureOf(tight.sms(sms))).toBeInstanceOf(ResponseTooLargeError);
  });

  it('is not taken for a passing fault: retrying would only fetch the same answer again', () => {
    expect(isTransient(new ResponseTooLargeError('pull_db', 1024))).toBe(false);
  });
});
