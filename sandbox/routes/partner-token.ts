// request_token (section 4.20, 5): API credentials for a username, proven by an HMAC of the password's SHA-1 and a fresh nonce.
import { hmacSha256Hex } from '../../shared/api/signatures';
import { parseServiceDateTime } from '../../shared/rules/datetime';
import type { SandboxContext } from '../context';
import { jsonResponse } from '../http/envelope';
import { findAccountByUsername, tokenCredentials } from '../store/accounts';

/** How far a nonce may be from the sandbox clock (section 5: one minute). */
export const NONCE_TOLERANCE_MS = 60_000;

/** Reads a nonce: UTC `YYYY-MM-DD HH:MM:SS`. */
export function parseNonce(nonce: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(nonce.trim())) return null;
  return parseServiceDateTime(nonce.trim(), 'UTC')?.getTime() ?? null;
}

/** Answers request_token. */
export async function requestToken(ctx: SandboxContext, request: Request): Promise<Response> {
  const fail = (message: string, status: number) => jsonResponse({ result: false, message }, status);
  const username = request.headers.get('username')?.trim();
  const nonce = request.headers.get('nonce')?.trim();
  const signature = request.headers.get('signature')?.trim().toLowerCase();
  const missing = [
    ['username', username],
    ['nonce', nonce],
    ['signature', signature],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) return fail(`Missing header${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`, 400);
  const nonceAt = parseNonce(nonce!);
  if (nonceAt === null) return fail('Invalid nonce: send the current UTC time as YYYY-MM-DD HH:MM:SS', 400);
  if (Math.abs(ctx.now().getTime() - nonceAt) > NONCE_TOLERANCE_MS) {
    return fail(
      'Nonce rejected: it differs from the server clock by more than one minute (check the computer clock and time zone)',
      401,
    );
  }
  const found = findAccountByUsername(ctx.db, username!);
  if (!found || !found.passwordSha1) return fail('Invalid username or signature', 401);
  const expected = await hmacSha256Hex(found.passwordSha1, `${username}.${found.passwordSha1}.${nonce}`);
  if (expected !== signature) return fail('Invalid username or signature', 401);
  if (found.account.disabled) return fail('account disabled', 403);
  const { token, secret } = tokenCredentials(ctx.db, found.account.id, ctx.now().getTime());
  return jsonResponse({
    result: true,
    message: 'Token issued',
    data: { token, secret, client_id: found.account.clientId },
  });
}
