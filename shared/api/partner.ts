// The partner access API (reference §4.20–4.22, §5): request_token, the automatic sign-in link, signup links.
import { normaliseBaseUrl } from './base-url';
import { TokenRefusedError } from './errors';
import { failureOf, interpretAnswer, parseJson } from './interpret';
import { requestTokenResponse } from './response-schemas';
import { parseDateHeader } from './retry-after';
import { formatNonce, requestTokenSignature, signinSignature, type SigninKeying } from './signatures';
import { DEFAULT_RESPONSE_LIMITS_BYTES } from './methods';
import { exchange } from './transport';

/** Credentials request_token hands out: the token is used as the API key in the path (docs/architecture.md, "Credentials and the account"). */
export interface TokenCredentials {
  token: string;
  secret: string;
  clientId: string;
  /** The service's clock (Date header), when it sent one. */
  serverDate?: Date;
}

/**
 * Exchanges username and password for API credentials; the password never leaves this function (only a
 * signature of it). A refusal (`result:false` or a 4xx) is TokenRefusedError with the service's Date header,
 * so the desk can say when this computer's clock is off (the nonce is refused beyond one minute).
 */
export async function requestToken(input: {
  baseUrl: string;
  username: string;
  password: string;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  timeoutMs?: number;
}): Promise<TokenCredentials> {
  const sentAt = (input.now ?? (() => new Date()))();
  const nonce = formatNonce(sentAt);
  const signature = await requestTokenSignature({ username: input.username, password: input.password, nonce });
  const answer = await exchange({
    method: 'request_token',
    url: `${normaliseBaseUrl(input.baseUrl)}/v1/request_token`,
    headers: { username: input.username, nonce, signature, accept: 'application/json' },
    body: undefined,
    timeoutMs: input.timeoutMs ?? 20_000,
    maxBodyBytes: DEFAULT_RESPONSE_LIMITS_BYTES.short,
    fetch: input.fetch ?? globalThis.fetch,
  });
  const serverDate = parseDateHeader(answer.headers.get('date'));
  const failure = failureOf(parseJson(answer.text));
  // 408, 429 and 5xx mean "not now" and stay HttpStatusError; any other refusal is about these credentials or this clock.
  const retryLater = answer.status === 408 || answer.status === 429 || answer.status >= 500;
  if (!retryLater && (failure || answer.status >= 400)) {
    const message = failure?.message || `HTTP ${answer.status}`;
    throw new TokenRefusedError(message, failure?.code, answer.status, serverDate, sentAt);
  }
  const data = interpretAnswer(answer, requestTokenResponse, {
    method: 'request_token',
    effect: 'read',
    secrets: [input.password],
    now: sentAt,
  });
  return { token: data.token, secret: data.secret, clientId: data.client_id, ...(serverDate ? { serverDate } : {}) };
}

/**
 * The one-minute automatic sign-in address (`/v1/api_token/signin?signature=&nonce=&token=`). Keyed with the
 * secret itself by default, as the reference's sample code does (docs/architecture.md, "Credentials and the account").
 */
export async function buildSigninLink(input: {
  baseUrl: string;
  token: string;
  secret: string;
  now?: Date;
  keying?: SigninKeying;
}): Promise<string> {
  const nonce = formatNonce(input.now ?? new Date());
  const signature = await signinSignature({
    token: input.token,
    secret: input.secret,
    nonce,
    keying: input.keying ?? 'secret',
  });
  const query = [
    `signature=${encodeURIComponent(signature)}`,
    `nonce=${encodeURIComponent(nonce)}`,
    `token=${encodeURIComponent(input.token)}`,
  ];
  return `${normaliseBaseUrl(input.baseUrl)}/v1/api_token/signin?${query.join('&')}`;
}

/** Which signup page: a partner's plan list, or one plan directly. */
export type SignupTarget = { partnerId: string; planId?: undefined } | { planId: string; partnerId?: undefined };

/**
 * A signup address (§4.22): `/signup/ref/<partner_id>/?…` or `/signup/online_signup?pkgid=<plan_id>&…`, with
 * the optional logo_url (the new account's business logo) and reference (the partner's tracking text).
 */
export function buildSignupLink(
  input: { signupUrl: string; logoUrl?: string; reference?: string } & SignupTarget,
): string {
  const signupUrl = normaliseBaseUrl(input.signupUrl);
  const extras = [
    ...(input.logoUrl ? [`logo_url=${encodeURIComponent(input.logoUrl)}`] : []),
    ...(input.reference ? [`reference=${encodeURIComponent(input.reference)}`] : []),
  ];
  if (input.partnerId !== undefined) {
    const base = `${signupUrl}/signup/ref/${encodeURIComponent(input.partnerId)}`;
    return extras.length ? `${base}/?${extras.join('&')}` : base;
  }
  return [`${signupUrl}/signup/online_signup?pkgid=${encodeURIComponent(input.planId)}`, ...extras].join('&');
}
