// get_contact_fields and add_contact_field (sections 2.3, 4.11, 4.12, 7.1).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox()));
afterEach(() => t.close());

describe('get_contact_fields', () => {
  it('lists field names without expand', async () => {
    const { status, body } = await t.json('get_contact_fields', { client_id: t.clientId });
    expect(status).toBe(200);
    expect(body.fields).toEqual(
      expect.arrayContaining([
        'PatronName',
        'PatronSurname',
        'PatronEmail',
        'PatronMobile',
        'DateOfBirth',
        'Sex',
        'MemberNumber',
        'CardNumber',
      ]),
    );
    expect(body.fields.every((name: unknown) => typeof name === 'string')).toBe(true);
  });

  it('expands to name, type and options for selects only', async () => {
    await t.json('add_contact_field', { label: 'Favourite drink', type: 'singleSelect' });
    await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'a@example.com', favouriteDrink: 'Wine' }]);
    const { body } = await t.json('get_contact_fields', { client_id: t.clientId, expand: true });
    const byName = Object.fromEntries(body.fields.map((f: { name: string }) => [f.name, f]));
    expect(byName.Sex).toMatchObject({ name: 'Sex', type: 'Sex' });
    expect(byName.PatronEmail.options).toBeUndefined();
    expect(byName.favouriteDrink).toMatchObject({ type: 'singleSelect', label: 'Favourite drink', options: ['Wine'] });
  });

  it('answers "No client ID provided" and "Invalid client ID provided"', async () => {
    expect((await t.json('get_contact_fields', {})).body).toEqual({ result: false, message: 'No client ID provided' });
    expect((await t.json('get_contact_fields', { client_id: '9999' })).body).toEqual({
      result: false,
      message: 'Invalid client ID provided',
    });
  });
});

describe('add_contact_field', () => {
  it('creates the camel-case name and answers name, label and type', async () => {
    const { body } = await t.json('add_contact_field', { label: 'Favourite drink', type: 'string' });
    expect(body).toEqual({
      result: true,
      message: expect.any(String),
      data: { name: 'favouriteDrink', label: 'Favourite drink', type: 'string' },
    });
  });

  it('places the field after append_after', async () => {
    await t.json('add_contact_field', { label: 'Nickname', type: 'string', append_after: 'PatronName' });
    const { body } = await t.json('get_contact_fields', { client_id: t.clientId });
    expect(body.fields.slice(0, 3)).toEqual(['PatronName', 'nickname', 'PatronSurname']);
  });

  it('accepts each of the nine addable types and refuses Sex and unknown types', async () => {
    for (const type of [
      'string',
      'text',
      'number',
      'date',
      'time',
      'datetime',
      'singleSelect',
      'multipleSelect',
      'bool',
    ]) {
      expect((await t.json('add_contact_field', { label: `Field ${type}`, type })).body.result).toBe(true);
    }
    for (const type of ['Sex', 'email', 'String']) {
      expect((await t.json('add_contact_field', { label: `Other ${type}`, type })).body).toEqual({
        result: false,
        message: 'Unsupported field type specified',
        data: null,
      });
    }
  });

  it.each([
    [{ type: 'string' }, 'No field label provided'],
    [{ label: '  ', type: 'string' }, 'No field label provided'],
    [{ label: 'Shoe size' }, 'No field type specified'],
    [
      { label: 'Shoe size', type: 'number', append_after: 'noSuchField' },
      "Field does not exist and can't be used for append_after",
    ],
  ])('%j → %s (data null)', async (request, message) => {
    expect((await t.json('add_contact_field', request)).body).toEqual({ result: false, message, data: null });
  });

  it('refuses a label whose key exists, naming the key', async () => {
    await t.json('add_contact_field', { label: 'Shoe size', type: 'number' });
    const { body } = await t.json('add_contact_field', { label: 'shoe  SIZE', type: 'string' });
    expect(body).toEqual({
      result: false,
      message: 'A field already exists with the field key shoeSize please choose another label',
      data: null,
    });
  });
});
