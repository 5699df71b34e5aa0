import { describe, expect, it } from 'vitest';
import { emailKey, isValidEmail } from '../../../shared/rules/email';

describe('internationalised email addresses (RFC 6531), as the import meets them', () => {
  it.each([
    'niamh.lefèvre@example.com',
    'zoë@example.fr',
    'josé.garcía@correo.es',
    '用户@例子.广告',
    'info@bücher.example',
    'ελένη@παράδειγμα.δοκιμή',
  ])('accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each(['niamh lefèvre@example.com', 'zoë@example', 'zoë@exa_mple.com', `${'é'.repeat(33)}@example.com`])(
    'refuses %j',
    (address) => {
      expect(isValidEmail(address)).toBe(false);
    },
  );

  it('compares addresses composed and lower-cased, so an accent typed two ways is one address', () => {
    expect(emailKey(' Zoe\u0308@Example.FR ')).toBe(emailKey('zoë@example.fr'));
  });
});
