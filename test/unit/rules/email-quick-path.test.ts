import { describe, expect, it } from 'vitest';
import { emailKey, isValidEmail, isValidEmailInFull } from '../../../shared/rules/email';

// isValidEmail answers plain ASCII addresses with one pattern before the full rules, and emailKey skips
// NFC for plain ASCII: both must answer exactly as the full rules do, on the edges of that pattern too.
const TRICKY = [
  'ann@example.com',
  'Ann.Abbott+venue@Example.COM',
  "o'brien@example.ie",
  '!#$%&*+/=?^_`{|}~-@example.com',
  'a@b.co',
  'a@b.c',
  'a@b',
  '@example.com',
  'ann@',
  'ann@@example.com',
  'ann@example@example.com',
  '"ann"@example.com',
  'ann..abbott@example.com',
  '.ann@example.com',
  'ann.@example.com',
  'ann@example..com',
  'ann@.example.com',
  'ann@example.com.',
  'ann@-example.com',
  'ann@example-.com',
  'ann@exa-mple.com',
  'ann@exa_mple.com',
  'ann@example.c0m',
  'ann@example.123',
  'ann@123.example.com',
  'ann@example.xn--p1ai',
  'ann@xn--bcher-kva.example',
  'ann @example.com',
  ' ann@example.com',
  'ann@example.com ',
  'ann@exam ple.com',
  'ann\t@example.com',
  'ann@example.com\n',
  'mailto:ann@example.com',
  'niamh.lefèvre@example.com',
  'zoë@example.fr',
  'Zoe\u0308@Example.FR',
  'info@bücher.example',
  '用户@例子.广告',
  'ann@example.рф',
  'ann@example.c\u00f6m',
  `${'a'.repeat(64)}@example.com`,
  `${'a'.repeat(65)}@example.com`,
  `ann@${'a'.repeat(63)}.com`,
  `ann@${'a'.repeat(64)}.com`,
  `ann@example.${'a'.repeat(63)}`,
  `ann@example.${'a'.repeat(64)}`,
  `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(3)}com`,
  `${'a'.repeat(64)}@${`${'b'.repeat(61)}.`.repeat(3)}com`,
  `${'a'.repeat(64)}@${`${'b'.repeat(61)}.`.repeat(3)}co`,
  `${'é'.repeat(32)}@example.com`,
  `${'é'.repeat(33)}@example.com`,
  `ann@${'a'.repeat(300)}`,
  '',
  '@',
  '.',
];

describe('the quick path of email checks agrees with the full rules', () => {
  it.each(TRICKY)('isValidEmail(%j) answers as the full rules do', (address) => {
    expect(isValidEmail(address)).toBe(isValidEmailInFull(address));
  });

  it('agrees on every address of a mixed file (cases, accents, lengths, separators)', () => {
    const parts = ['a', 'Zoë', 'o.b', 'x-y', '1', '_', 'é', '-', '.', '', 'ab'.repeat(20)];
    const domains = ['example.com', 'ex-ample.co.uk', 'EXAMPLE.FR', 'bücher.de', 'a.b', 'x.y1', 'ex..com', 'xn--p1ai'];
    let checked = 0;
    for (const a of parts)
      for (const b of parts)
        for (const domain of domains) {
          const address = `${a}${b}@${domain}`;
          expect(isValidEmail(address), address).toBe(isValidEmailInFull(address));
          checked += 1;
        }
    expect(checked).toBe(parts.length * parts.length * domains.length);
  });

  it.each(TRICKY)('emailKey(%j) is the address trimmed, composed (NFC) and lower-cased', (address) => {
    expect(emailKey(address)).toBe(address.trim().normalize('NFC').toLowerCase());
  });

  it('gives one key for an accent typed two ways, and for either case', () => {
    expect(emailKey(' Zoe\u0308@Example.FR ')).toBe('zoë@example.fr');
    expect(emailKey('ANN@EXAMPLE.COM')).toBe(emailKey('ann@example.com'));
  });
});
