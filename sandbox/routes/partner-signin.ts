// The automatic sign-in link (section 4.21, 5.4) and the minimal account page it opens.
import { randomBytes } from 'node:crypto';
import { hmacSha256Hex, sha1Hex } from '../../shared/api/signatures';
import type { SandboxContext } from '../context';
import { escapeHtml } from '../http/envelope';
import { page, problemPage } from '../http/pages';
import { findAccountById, secretOfToken } from '../store/accounts';
import { sql } from '../store/schema';
import { NONCE_TOLERANCE_MS, parseNonce } from './partner-token';

const SESSION_COOKIE = 'sandbox_session';

/** Answers GET /v1/api_token/signin (or /v1/<token>/signin): a session and a redirect to the account page. */
export async function signIn(ctx: SandboxContext, url: URL, pathToken: string): Promise<Response> {
  const query = url.searchParams;
  const token = query.get('token') ?? (pathToken === 'api_token' ? null : pathToken);
  const nonce = query.get('nonce');
  const signature = query.get('signature')?.toLowerCase();
  if (!token || !nonce || !signature)
    return problemPage(
      'Sign-in link incomplete',
      'The link needs token, nonce and signature. Ask for a new sign-in link.',
      400,
    );
  const credentials = secretOfToken(ctx.db, token);
  if (!credentials)
    return problemPage(
      'Sign-in link not valid',
      'This link does not belong to any account. Ask for a new sign-in link.',
      403,
    );
  const nonceAt = parseNonce(nonce);
  if (nonceAt === null)
    return problemPage('Sign-in link not valid', 'The link has no valid time in it. Ask for a new sign-in link.', 400);
  const age = ctx.now().getTime() - nonceAt;
  if (age > NONCE_TOLERANCE_MS || age < -NONCE_TOLERANCE_MS) {
    return problemPage(
      'Sign-in link expired',
      'Sign-in links work for one minute only. Ask for a new sign-in link.',
      403,
    );
  }
  // The reference's text keys the HMAC with sha1(secret), its sample code with the secret: accept both.
  const message = `${token}.${credentials.secret}.${nonce}`;
  const accepted = [
    await hmacSha256Hex(credentials.secret, message),
    await hmacSha256Hex(await sha1Hex(credentials.secret), message),
  ];
  if (!accepted.includes(signature))
    return problemPage('Sign-in link not valid', 'The link signature does not match. Ask for a new sign-in link.', 403);
  const session = randomBytes(18).toString('base64url');
  sql(ctx.db, 'INSERT INTO signin_sessions (id, account_id, created_at) VALUES (?, ?, ?)').run(
    session,
    credentials.accountId,
    ctx.now().getTime(),
  );
  return new Response(null, {
    status: 302,
    headers: { location: '/account', 'set-cookie': `${SESSION_COOKIE}=${session}; HttpOnly; Path=/; SameSite=Lax` },
  });
}

/** The session cookie's value, if any. */
function sessionOf(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value) return value;
  }
  return undefined;
}

/** GET /account: who is signed in, their client id and credits. */
export function accountPage(ctx: SandboxContext, request: Request): Response {
  const session = sessionOf(request);
  const row = session
    ? (sql(ctx.db, 'SELECT account_id FROM signin_sessions WHERE id = ?').get(session) as
        { account_id: number } | undefined)
    : undefined;
  const account = row && findAccountById(ctx.db, row.account_id);
  if (!account) return problemPage('Not signed in', 'Open a sign-in link from your desk to see your account.', 401);
  const contacts = (
    sql(ctx.db, 'SELECT COUNT(*) AS n FROM contacts WHERE account_id = ?').get(account.id) as { n: number }
  ).n;
  const rows: [string, string][] = [
    ['Venue', account.name],
    ['Username', account.username ?? '—'],
    ['Client ID', account.clientId],
    ['Contacts', String(contacts)],
    ['Email credits', String(account.emailCredits)],
    ['SMS credits', String(account.smsCredits)],
    ['Reservations', account.reservationsEnabled ? 'enabled' : 'not set up'],
    ['Time zone', account.timezone],
  ];
  const table = rows
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return page(`Signed in: ${account.name}`, `<table>${table}</table>`);
}
