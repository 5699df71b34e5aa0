import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formatNonce,
  hmacSha256Hex,
  requestTokenSignature,
  sha1Hex,
  signinSignature,
} from '../../../shared/api/signatures';

// Expected values are computed independently with node:crypto, so the Web Crypto code is checked against another implementation.
const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');

describe('sha1Hex', () => {
  it('matches the published SHA-1 of "abc"', async () => {
    expect(await sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  it('hashes UTF-8, including accents and emoji', async () => {
    const text = 'Crème brûlée 🍮';
    expect(await sha1Hex(text)).toBe(sha1(text));
  });
});

describe('hmacSha256Hex', () => {
  it('matches RFC 4231 test case 2', async () => {
    expect(await hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('matches node:crypto for a hex-string key', async () => {
    const key = sha1('hunter2');
    expect(await hmacSha256Hex(key, 'a.b.c')).toBe(hmac(key, 'a.b.c'));
  });
});

describe('requestTokenSignature', () => {
  it('is the HMAC of username.sha1(password).nonce keyed with sha1(password)', async () => {
    const username = 'demo@venue.test';
    const password = 'correct horse battery staple';
    const nonce = '2024-03-01 09:15:00';
    const passwordHash = sha1(password);
    expect(await requestTokenSignature({ username, password, nonce })).toBe(
      hmac(passwordHash, `${username}.${passwordHash}.${nonce}`),
    );
  });

  it('changes when the nonce changes', async () => {
    const base = { username: 'u', password: 'p' };
    expect(await requestTokenSignature({ ...base, nonce: '2024-03-01 09:15:00' })).not.toBe(
      await requestTokenSignature({ ...base, nonce: '2024-03-01 09:15:01' }),
    );
  });
});

describe('signinSignature', () => {
  const token = 'tok123';
  const secret = 's3cr3t';
  const nonce = '2024-03-01 09:15:00';

  it('keys with the secret itself (the sample code)', async () => {
    expect(await signinSignature({ token, secret, nonce, keying: 'secret' })).toBe(
      hmac(secret, `${token}.${secret}.${nonce}`),
    );
  });

  it('keys with sha1(secret) (the descriptive text)', async () => {
    expect(await signinSignature({ token, secret, nonce, keying: 'sha1-of-secret' })).toBe(
      hmac(sha1(secret), `${token}.${secret}.${nonce}`),
    );
  });
});

describe('formatNonce', () => {
  it('formats in UTC as YYYY-MM-DD HH:MM:SS', () => {
    expect(formatNonce(new Date(Date.UTC(2024, 0, 5, 3, 4, 5, 678)))).toBe('2024-01-05 03:04:05');
  });

  it('refuses an invalid date rather than sending "Invalid Date"', () => {
    expect(() => formatNonce(new Date('nope'))).toThrow(RangeError);
  });
});
