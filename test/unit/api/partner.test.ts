import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpStatusError, TokenRefusedError } from '../../../shared/api/errors';
import { buildSigninLink, buildSignupLink, requestToken } from '../../../shared/api/partner';
import { failureOf, fakeFetch, jsonResponse } from './support/fake-fetch';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');
const now = new Date(Date.UTC(2024, 4, 6, 7, 8, 9));

describe('requestToken', () => {
  it('sends username, UTC nonce and signature headers, never the password, and maps the credentials', async () => {
    const fake = fakeFetch(() =>
      jsonResponse({ result: true, message: 'ok', data: { token: 'T', secret: 'S', client_id: 42 } }, 200, {
        date: 'Mon, 06 May 2024 07:08:10 GMT',
      }),
    );
    const credentials = await requestToken({
      baseUrl: 'https://service.test/',
      username: 'ann',
      password: 'pw!',
      fetch: fake.fetch,
      now: () => now,
    });
    expect(credentials).toEqual({
      token: 'T',
      secret: 'S',
      clientId: '42',
      serverDate: new Date(Date.UTC(2024, 4, 6, 7, 8, 10)),
    });

    const [request] = fake.seen;
    expect(request!.url).toBe('https://service.test/v1/request_token');
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('username')).toBe('ann');
    expect(request!.headers.get('nonce')).toBe('2024-05-06 07:08:09');
    expect(request!.headers.get('signature')).toBe(hmac(sha1('pw!'), `ann.${sha1('pw!')}.2024-05-06 07:08:09`));
    expect(JSON.stringify([...request!.headers, request!.body, request!.url])).not.toContain('pw!');
  });

  it('on refusal exposes the service clock and how far ours is off', async () => {
    const fake = fakeFetch(() =>
      jsonResponse({ result: false, message: 'Invalid nonce' }, 200, { date: 'Mon, 06 May 2024 07:03:09 GMT' }),
    );
    const error = await failureOf(
      requestToken({
        baseUrl: 'https://service.test',
        username: 'ann',
        password: 'pw',
        fetch: fake.fetch,
        now: () => now,
      }),
    );
    expect(error).toBeInstanceOf(TokenRefusedError);
    const refusal = error as TokenRefusedError;
    expect(refusal.serviceMessage).toBe('Invalid nonce');
    expect(refusal.serverDate).toEqual(new Date(Date.UTC(2024, 4, 6, 7, 3, 9)));
    expect(refusal.clockSkewMs).toBe(5 * 60_000);
    expect(refusal.clockLikelyOff).toBe(true);
  });

  it('treats a bare 401 as a refusal too, and says the clock is fine when it is', async () => {
    const fake = fakeFetch(
      () => new Response('denied', { status: 401, headers: { date: 'Mon, 06 May 2024 07:08:09 GMT' } }),
    );
    const error = (await failureOf(
      requestToken({
        baseUrl: 'https://service.test',
        username: 'ann',
        password: 'bad',
        fetch: fake.fetch,
        now: () => now,
      }),
    )) as TokenRefusedError;
    expect(error).toBeInstanceOf(TokenRefusedError);
    expect(error).toMatchObject({ httpStatus: 401, serviceMessage: 'HTTP 401', clockSkewMs: 0, clockLikelyOff: false });
  });

  it('leaves 503 to the status error (retry later), not a refusal', async () => {
    const fake = fakeFetch(() => new Response('', { status: 503, headers: { 'retry-after': '5' } }));
    const error = await failureOf(
      requestToken({
        baseUrl: 'https://service.test',
        username: 'a',
        password: 'b',
        fetch: fake.fetch,
        now: () => now,
      }),
    );
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ retryAfterMs: 5000 });
  });
});

describe('buildSigninLink', () => {
  const input = { baseUrl: 'https://service.test', token: 'tok', secret: 'sec', now };

  it('builds /v1/api_token/signin with signature keyed by the secret', async () => {
    const url = new URL(await buildSigninLink(input));
    expect(url.origin + url.pathname).toBe('https://service.test/v1/api_token/signin');
    expect(url.searchParams.get('nonce')).toBe('2024-05-06 07:08:09');
    expect(url.searchParams.get('token')).toBe('tok');
    expect(url.searchParams.get('signature')).toBe(hmac('sec', 'tok.sec.2024-05-06 07:08:09'));
    expect(url.search).toContain('nonce=2024-05-06%2007%3A08%3A09');
  });

  it('can key with sha1(secret), as the reference text says', async () => {
    const url = new URL(await buildSigninLink({ ...input, keying: 'sha1-of-secret' }));
    expect(url.searchParams.get('signature')).toBe(hmac(sha1('sec'), 'tok.sec.2024-05-06 07:08:09'));
  });
});

describe('buildSignupLink', () => {
  it('builds the partner plan list, with the reference as /?reference=', () => {
    expect(buildSignupLink({ signupUrl: 'https://signup.test/', partnerId: 'P 1' })).toBe(
      'https://signup.test/signup/ref/P%201',
    );
    expect(buildSignupLink({ signupUrl: 'https://signup.test', partnerId: 'P1', reference: 'desk #4' })).toBe(
      'https://signup.test/signup/ref/P1/?reference=desk%20%234',
    );
  });

  it('builds the direct plan link with logo_url URL-encoded', () => {
    expect(
      buildSignupLink({
        signupUrl: 'https://signup.test',
        planId: '77',
        logoUrl: 'https://cdn.test/logo.png?v=2',
        reference: 'r',
      }),
    ).toBe(
      'https://signup.test/signup/online_signup?pkgid=77&logo_url=https%3A%2F%2Fcdn.test%2Flogo.png%3Fv%3D2&reference=r',
    );
  });
});
