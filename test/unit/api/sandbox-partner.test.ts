// request_token, the sign-in link and signup links against the sandbox (reference §4.20–4.22, §5), in-process and over HTTP.
import { describe, expect, it } from 'vitest';
import { TokenRefusedError } from '../../../shared/api/errors';
import { buildSigninLink, buildSignupLink, requestToken } from '../../../shared/api/partner';
import { failureOf } from './support/fake-fetch';
import { TARGETS, useTarget } from './support/sandbox-targets';

describe.each(TARGETS)('partner access on the sandbox ($name)', (kind) => {
  const target = useTarget(kind);
  const signIn = (password: string, now?: () => Date) => {
    const { baseUrl, fetch, demo } = target.current;
    return requestToken({ baseUrl, username: demo.username, password, fetch, ...(now ? { now } : {}) });
  };

  it('request_token gives credentials whose token works as the API key', async () => {
    const credentials = await signIn(target.current.demo.password);
    expect(credentials.clientId).toBe(target.current.demo.clientId);
    const client = target.current.clientWith({ apiKey: credentials.token });
    expect((await client.getContactFields({ client_id: credentials.clientId })).fields).toContain('PatronEmail');
  });

  it('a wrong password is refused, and the clock is not blamed', async () => {
    const error = await failureOf(signIn('wrong-password'));
    expect(error).toBeInstanceOf(TokenRefusedError);
    expect(error).toMatchObject({
      httpStatus: 401,
      serviceMessage: 'Invalid username or signature',
      clockLikelyOff: false,
    });
  });

  it('a clock five minutes slow is refused with how far off it is (from the Date header over HTTP)', async () => {
    const error = (await failureOf(
      signIn(target.current.demo.password, () => new Date(Date.now() - 5 * 60_000)),
    )) as TokenRefusedError;
    expect(error).toBeInstanceOf(TokenRefusedError);
    expect(error.serviceMessage).toMatch(/^Nonce rejected/);
    // Node's HTTP server stamps every answer with Date; the in-process fetch has no server to do it.
    if (kind.name === 'http') {
      expect(error.clockLikelyOff).toBe(true);
      expect(Math.abs(error.clockSkewMs! + 5 * 60_000)).toBeLessThan(5_000);
    }
  });

  it.each(['secret', 'sha1-of-secret'] as const)('the sign-in link keyed with %s opens the account', async (keying) => {
    const { baseUrl, fetch } = target.current;
    const { token, secret } = await signIn(target.current.demo.password);
    const link = await buildSigninLink({ baseUrl, token, secret, now: new Date(), keying });
    const answer = await fetch(link, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/account');
  });

  it('a sign-in link older than a minute is refused', async () => {
    const { baseUrl, fetch } = target.current;
    const { token, secret } = await signIn(target.current.demo.password);
    const link = await buildSigninLink({ baseUrl, token, secret, now: new Date(Date.now() - 2 * 60_000) });
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(403);
  });

  it('signup links open the partner plan list and the plan form, carrying the reference and logo', async () => {
    const { baseUrl, fetch, demo } = target.current;
    const extras = { reference: 'desk-7', logoUrl: 'https://cdn.example.com/logo.png' };
    const plans = await fetch(buildSignupLink({ signupUrl: baseUrl, partnerId: demo.partnerId, ...extras }));
    expect(plans.status).toBe(200);
    expect(await plans.text()).toContain(`pkgid=${demo.planId}&amp;reference=desk-7&amp;logo_url=`);

    const form = await fetch(buildSignupLink({ signupUrl: baseUrl, planId: demo.planId, ...extras }));
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('name="reference" value="desk-7"');
    expect(html).toContain('name="logo_url" value="https://cdn.example.com/logo.png"');
  });
});
