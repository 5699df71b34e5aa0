import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, resolveStaticPath } from '../../../electron/common/static-files';
import { isSafeExternalUrl } from '../../../shared/bridge/external-url';

const root = mkdtempSync(join(tmpdir(), 'desk-static-'));

describe('resolveStaticPath', () => {
  it('maps pages and assets inside the root', () => {
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(root, '/guests')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it.each([
    '/../etc/passwd',
    '/assets/../../secret.js',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2fsecret.js',
    '/a%5c..%5csecret.js',
    '/x%00.js',
    '/%E0%A4%A',
  ])('refuses %s', (path) => expect(resolveStaticPath(root, path)).toBeNull());
});

describe('contentSecurityPolicy', () => {
  it('allows only our own scripts and no plugins, frames or forms', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('isSafeExternalUrl', () => {
  it.each([
    ['https://dashboard.example.com/v1/api_token/signin?x=1', true],
    ['http://example.com', false],
    ['http://127.0.0.1:4010/v1/api_token/signin?token=t', false],
    ['http://127.0.0.1.evil.example/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@example.com', false],
    ['not a url', false],
  ])('%s → %s', (url, safe) => expect(isSafeExternalUrl(url)).toBe(safe));

  it.each([
    ['http://127.0.0.1:4010/signup/ref/P1001', true],
    ['http://127.0.0.1:4011/', false],
    ['http://localhost:4010/', false],
    ['https://127.0.0.1:4010/', true],
  ])('with the running demo at http://127.0.0.1:4010: %s → %s', (url, safe) =>
    expect(isSafeExternalUrl(url, ['http://127.0.0.1:4010'])).toBe(safe),
  );
});
