import { describe, expect, it } from 'vitest';
import { ADDABLE_FIELD_TYPES, FIELD_TYPES, fieldNameFromLabel, validateFieldValue } from '../../../shared/rules/fields';

describe('field types', () => {
  it('lists the ten types, and add_contact_field accepts all but Sex', () => {
    expect(FIELD_TYPES).toHaveLength(10);
    expect(ADDABLE_FIELD_TYPES).toHaveLength(9);
    expect(ADDABLE_FIELD_TYPES).not.toContain('Sex');
  });
});

describe('fieldNameFromLabel', () => {
  it.each([
    ['Favourite drink', 'favouriteDrink'],
    ['Booking Status', 'bookingStatus'],
    ['VIP level', 'vipLevel'],
    ['  date of   birth ', 'dateOfBirth'],
    ['Café preference', 'cafePreference'],
    ['card_no 2', 'cardNo2'],
    ['2nd phone', '2ndPhone'],
    ['dateOfBirth', 'dateOfBirth'],
    ['VIPLevel', 'vipLevel'],
    ['!!!', ''],
  ])('%j → %j', (label, name) => {
    expect(fieldNameFromLabel(label)).toBe(name);
  });
});

describe('validateFieldValue', () => {
  it('lets blank clear any field', () => {
    for (const type of FIELD_TYPES) expect(validateFieldValue(type, '')).toBeNull();
  });

  it.each([
    ['number', '12.5', true],
    ['number', 'twelve', false],
    ['date', '1990-02-28', true],
    ['date', '1990-02-30', false],
    ['date', '28/02/1990', false],
    ['time', '23:59:59', true],
    ['time', '24:00:00', false],
    ['time', '7:30', false],
    ['datetime', '2025-01-01 19:30:00', true],
    ['datetime', '2025-01-01T19:30:00', false],
    ['bool', 'true', true],
    ['bool', false, true],
    ['bool', 'yes', false],
    ['Sex', 'm', true],
    ['Sex', 'f', true],
    ['Sex', 'M', false],
    ['Sex', 'x', false],
    ['string', 'one line', true],
    ['string', 'two\nlines', false],
    ['text', 'two\nlines', true],
  ] as const)('%s %j valid=%s', (type, value, valid) => {
    expect(validateFieldValue(type, value) === null).toBe(valid);
  });

  it('checks select values against the options when given', () => {
    expect(validateFieldValue('singleSelect', 'Gold', ['Gold', 'Silver'])).toBeNull();
    expect(validateFieldValue('singleSelect', 'Bronze', ['Gold', 'Silver'])).toMatch(/not one of the options/);
    expect(validateFieldValue('multipleSelect', 'Gold, Silver', ['Gold', 'Silver'])).toBeNull();
    expect(validateFieldValue('multipleSelect', ['Gold', 'Tin'], ['Gold', 'Silver'])).toMatch(/"Tin"/);
    expect(validateFieldValue('singleSelect', 'Anything')).toBeNull();
  });

  it('names an unknown type', () => {
    expect(validateFieldValue('colour', 'red')).toMatch(/Unknown field type/);
  });
});
