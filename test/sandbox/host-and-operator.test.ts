// The sandbox over HTTP refuses pages that reach it by another name (DNS rebinding) and wrong operator tokens.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorTokenMatches } from '../../sandbox/http/operator-token';
import { startSandboxServer, type SandboxServer } from '../../sandbox/index';

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer({ port: 0, operatorToken: 'operator-token-for-this-test' });
});
afterAll(() => server.close());

/** A POST with a Host header of the test's choosing (fetch would not let it set one). */
function post(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the sandbox over HTTP', () => {
  it('answers only requests addressed to its own host and port', async () => {
    const path = `/v1/${server.demo.apiKey}/categories`;
    expect((await post(path, { host: `127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await post(path, { host: `localhost:${server.port}` })).status).toBe(200);
    for (const host of [`evil.example:${server.port}`, '127.0.0.1', `127.0.0.1:${server.port + 1}`]) {
      const refused = await post(path, { host });
      expect(refused.status).toBe(421);
      expect(JSON.parse(refused.body)).toEqual({
        result: false,
        message: expect.stringContaining(`http://127.0.0.1:${server.port}`),
      });
    }
    const operator = await post('/_operator/accounts', {
      host: `evil.example:${server.port}`,
      'x-operator-token': server.operatorToken,
    });
    expect(operator.status).toBe(421);
  });

  it('takes the operator token only when it matches exactly', async () => {
    const accounts = (token: string) =>
      fetch(`${server.baseUrl}/_operator/accounts`, { headers: { 'x-operator-token': token } });
    expect((await accounts(server.operatorToken)).status).toBe(200);
    expect((await accounts(server.operatorToken.replace(/.$/, 'X'))).status).toBe(401);
    expect((await accounts(server.operatorToken.slice(0, -1))).status).toBe(401);
    expect((await accounts(`${server.operatorToken}x`)).status).toBe(401);
  });

  it('compares operator tokens of any length without throwing', () => {
    expect(operatorTokenMatches('abc', 'abc')).toBe(true);
    expect(operatorTokenMatches('abc', 'abd')).toBe(false);
    expect(operatorTokenMatches('abc', 'abcd')).toBe(false);
    expect(operatorTokenMatches('abc', '')).toBe(false);
    expect(operatorTokenMatches('abc', undefined)).toBe(false);
  });
});
