import { describe, expect, it } from 'vitest';
import { checkRow, type CheckContext } from '../../../renderer/import/check';
import { createPhoneKey } from '../../../renderer/search/phone';

const context: CheckContext = {
  targets: [{ kind: 'categories' }, { kind: 'categories' }, { kind: 'field', field: 'PatronEmail' }],
  fields: new Map([['PatronEmail', { name: 'PatronEmail', type: 'string' }]]),
  phoneKey: createPhoneKey('AU'),
  dateOrder: 'dmy',
  decimalComma: false,
  width: 3,
  badValues: 'hold',
};

// A cell without a list separator is read without splitting it: the names are those the split gave.
describe("a categories cell's names", () => {
  it.each([
    ['* myContacts', []],
    ['*', []],
    ['  * myContacts  ', []],
    ['VIP', ['VIP']],
    ['  VIP  ', ['VIP']],
    ['"VIP"', ['VIP']],
    ['""VIP""', ['VIP']],
    ['" VIP "', ['VIP']],
    ['"', []],
    ['""', []],
    ['"*Staff"', []],
    ['Wine club: members', ['Wine club: members']],
    ['a::b', ['a::b']],
    ['* myContacts ::: Regulars', ['Regulars']],
    ['* myContacts ::: Regulars ::: VIP', ['Regulars', 'VIP']],
    ['VIP, Regular', ['VIP', 'Regular']],
    ['VIP;Regular', ['VIP', 'Regular']],
    ['"VIP","Regular"', ['VIP', 'Regular']],
    ['VIP,,; ,Regular', ['VIP', 'Regular']],
    [',', []],
    [':::', []],
  ])('%j → %j', (cell, names) => {
    expect(checkRow([cell, '', 'a@example.com'], context).categories).toEqual(names);
  });

  it('adds the names of every categories column, in order', () => {
    expect(checkRow(['VIP', '* myContacts ::: Regulars', 'a@example.com'], context).categories).toEqual([
      'VIP',
      'Regulars',
    ]);
    expect(checkRow(['* myContacts', 'Staff', 'a@example.com'], context).categories).toEqual(['Staff']);
  });
});
