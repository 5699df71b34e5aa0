// Partner access: request_token, the sign-in link (both keyings, one minute), signup pages and the new-account webhook (sections 4.20–4.22, 5, 6).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatNonce, requestTokenSignature, signinSignature } from '../../shared/api/signatures';
import { startReceiver, type Receiver } from './support/receiver';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox()));
afterEach(() => t.close());

/** Calls request_token with the demo credentials, a nonce at `at` and optionally another password. */
async function requestToken(at: Date, password = t.sandbox.demo.password, username = t.sandbox.demo.username) {
  const nonce = formatNonce(at);
  const signature = await requestTokenSignature({ username, password, nonce });
  return t.raw('/v1/request_token', { method: 'POST', headers: { username, nonce, signature } });
}

describe('request_token', () => {
  it('answers token, secret and client_id; the token works as an API key; the same pair comes back on a retry', async () => {
    const { status, body } = await requestToken(t.clock.now());
    expect(status).toBe(200);
    expect(body).toEqual({
      result: true,
      message: expect.any(String),
      data: { token: expect.any(String), secret: expect.any(String), client_id: t.clientId },
    });
    expect((await t.form('categories', {}, body.data.token)).body.result).toBe(true);
    expect((await requestToken(t.clock.now())).body.data).toEqual(body.data);
  });

  it('accepts a nonce up to one minute off, either way, and refuses beyond', async () => {
    const now = t.clock.now().getTime();
    expect((await requestToken(new Date(now - 60_000))).body.result).toBe(true);
    expect((await requestToken(new Date(now + 60_000))).body.result).toBe(true);
    const late = await requestToken(new Date(now - 61_000));
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ result: false, message: expect.stringMatching(/more than one minute/) });
    expect((await requestToken(new Date(now + 61_000))).body.result).toBe(false);
  });

  it('refuses a wrong password, an unknown user and missing headers', async () => {
    expect((await requestToken(t.clock.now(), 'wrong')).body).toEqual({
      result: false,
      message: 'Invalid username or signature',
    });
    expect((await requestToken(t.clock.now(), 'x', 'nobody')).body).toEqual({
      result: false,
      message: 'Invalid username or signature',
    });
    const missing = await t.raw('/v1/request_token', { method: 'POST', headers: { username: 'demo' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/nonce, signature/);
  });

  it('refuses a disabled account', async () => {
    t.sandbox.operator.disableAccount(t.clientId);
    expect((await requestToken(t.clock.now())).body).toEqual({ result: false, message: 'account disabled' });
  });
});

describe('sign-in link', () => {
  let token: string;
  let secret: string;
  beforeEach(async () => ({ token, secret } = (await requestToken(t.clock.now())).body.data));

  /** Follows a sign-in link and then the account page with its cookie. */
  async function signIn(path: 'api_token' | 'token', keying: 'secret' | 'sha1-of-secret', at = t.clock.now()) {
    const nonce = formatNonce(at);
    const signature = await signinSignature({ token, secret, nonce, keying });
    const query = new URLSearchParams({ signature, nonce, token });
    const answer = await t.raw(`/v1/${path === 'api_token' ? 'api_token' : token}/signin?${query}`, {
      redirect: 'manual',
    });
    return answer;
  }

  it.each([
    ['api_token', 'secret'],
    ['api_token', 'sha1-of-secret'],
    ['token', 'secret'],
  ] as const)('/v1/%s/signin keyed with %s opens the account page', async (path, keying) => {
    const answer = await signIn(path, keying);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/account');
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    const account = await t.raw('/account', { headers: { cookie } });
    expect(account.status).toBe(200);
    expect(account.text).toContain('Harbour');
    expect(account.text).toContain(t.clientId);
  });

  it('refuses a link older than one minute', async () => {
    const answer = await signIn('api_token', 'secret', new Date(t.clock.now().getTime() - 61_000));
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/one minute/);
  });

  it('refuses a wrong signature and an unknown token; the account page needs a session', async () => {
    const nonce = formatNonce(t.clock.now());
    expect(
      (await t.raw(`/v1/api_token/signin?${new URLSearchParams({ signature: 'ab'.repeat(32), nonce, token })}`)).status,
    ).toBe(403);
    expect(
      (await t.raw(`/v1/api_token/signin?${new URLSearchParams({ signature: 'ab', nonce, token: 'nope' })}`)).status,
    ).toBe(403);
    expect((await t.raw('/account')).status).toBe(401);
  });
});

describe('signup pages and the new-account webhook', () => {
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver(['ok']);
    t.sandbox.operator.setPartnerWebhookUrl(t.sandbox.demo.partnerId, receiver.url);
  });
  afterEach(() => receiver.close());

  it('the partner plan list links each plan with the reference and logo kept', async () => {
    const page = await t.raw(
      `/signup/ref/${t.sandbox.demo.partnerId}/?reference=camp42&logo_url=${encodeURIComponent('https://cdn.example/logo.png')}`,
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      `/signup/online_signup?pkgid=${t.sandbox.demo.planId}&amp;reference=camp42&amp;logo_url=https%3A%2F%2Fcdn.example%2Flogo.png`,
    );
    expect((await t.raw('/signup/ref/NOPE')).status).toBe(404);
  });

  it('the direct plan form, in the documented "/?reference=" form, creates an account and notifies the partner', async () => {
    const form = await t.raw(`/signup/online_signup?pkgid=${t.sandbox.demo.planId}/?reference=camp42`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="reference" value="camp42"');
    const submit = await t.raw('/signup/online_signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        pkgid: t.sandbox.demo.planId,
        reference: 'camp42',
        logo_url: '',
        business_name: 'Corner Cafe',
        email: 'owner@corner.example',
        username: 'corner',
        password: 'long-enough',
      }).toString(),
    });
    expect(submit.status).toBe(201);
    await t.sandbox.operator.webhooksIdle();
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!.body;
    expect(hook).toEqual({
      account_username: 'corner',
      account_id: expect.any(String),
      api_key: expect.any(String),
      reference: 'camp42',
    });
    expect((await t.form('categories', {}, hook.api_key)).body.result).toBe(true);
    expect(t.sandbox.operator.getAccount(hook.account_id).name).toBe('Corner Cafe');
  });

  it('shows the form again with the error and the values entered', async () => {
    const submit = await t.raw('/signup/online_signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        pkgid: t.sandbox.demo.planId,
        business_name: 'Corner <Cafe>',
        email: 'owner@corner.example',
        username: 'demo',
        password: 'long-enough',
      }).toString(),
    });
    expect(submit.status).toBe(400);
    expect(submit.text).toContain('That username is taken');
    expect(submit.text).toContain('value="Corner &lt;Cafe&gt;"');
    expect(receiver.received).toHaveLength(0);
  });

  it('an unknown plan is a 404 page', async () => {
    expect((await t.raw('/signup/online_signup?pkgid=NOPE')).status).toBe(404);
  });
});
