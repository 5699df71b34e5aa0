import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../../shared/rules/email';
import { normalizePhone, phoneDigits } from '../../../shared/rules/phone';

describe('isValidEmail', () => {
  it.each(['sam@example.com', 'first.last+tag@sub.example.com.au', "o'neil@example.org", 'a@xn--bcher-kva.example'])(
    'accepts %s',
    (address) => {
      expect(isValidEmail(address)).toBe(true);
    },
  );

  it.each([
    '',
    'sam',
    'sam@',
    '@example.com',
    'sam@example',
    'sam @example.com',
    'sam@exa_mple.com',
    'sam..x@example.com',
    'sam@example.c0m',
    'sam@-example.com',
  ])('refuses %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('reads national, spaced, dashed and international forms', () => {
    expect(normalizePhone('0412 345 678', 'AU')).toBe('+61412345678');
    expect(normalizePhone('0412-345-678', 'AU')).toBe('+61412345678');
    expect(normalizePhone('+61 412 345 678')).toBe('+61412345678');
    expect(normalizePhone('0061412345678')).toBe('+61412345678');
    expect(normalizePhone('07912 345678', 'GB')).toBe('+447912345678');
  });

  it('returns null for what is not a valid number', () => {
    expect(normalizePhone('', 'AU')).toBeNull();
    expect(normalizePhone('12', 'AU')).toBeNull();
    expect(normalizePhone('not a number', 'AU')).toBeNull();
    expect(normalizePhone('0412 345 678')).toBeNull();
  });

  it("reads international numbers only when the account's country is not one it knows", () => {
    expect(normalizePhone('+61 412 345 678', 'ZZ')).toBe('+61412345678');
    expect(normalizePhone('0412 345 678', 'ZZ')).toBeNull();
    expect(normalizePhone('0412 345 678', '')).toBeNull();
  });

  it('phoneDigits keeps digits only', () => {
    expect(phoneDigits('+61 (412) 345-678')).toBe('61412345678');
  });
});
