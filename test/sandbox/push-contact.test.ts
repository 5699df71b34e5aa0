// push_contact: insert, update, categories, multiselect rules, duplicate check and per-item reasons (sections 2.2, 4.14, 7.1).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox()));
afterEach(() => t.close());

/** Pushes contacts and returns the body. */
const push = async (...contacts: unknown[]) => (await t.json('push_contact', contacts)).body;
/** Pulls one contact by id. */
const pullOne = async (contactId: string) => {
  const { body } = await t.json('pull_db', { client_id: t.clientId });
  return (body as { contact_id: string }[]).find((c) => c.contact_id === contactId) as Record<string, unknown>;
};

describe('push_contact inserts and updates', () => {
  it('assigns a contact_id and reports each contact', async () => {
    const body = await push(
      { client_id: t.clientId, PatronEmail: 'sam@example.com', PatronName: 'Sam' },
      { client_id: t.clientId, PatronMobile: '0412 345 678' },
    );
    expect(body.failures).toEqual([]);
    expect(body.success).toHaveLength(2);
    expect(body.success[0]).toEqual({ client_id: t.clientId, contact_id: expect.stringMatching(/^\d+$/) });
    expect(await pullOne(body.success[0].contact_id)).toMatchObject({
      PatronEmail: 'sam@example.com',
      PatronName: 'Sam',
      svc_categories: '',
    });
  });

  it('updates a known contact, keeping fields not pushed', async () => {
    const id = (await push({ client_id: t.clientId, PatronEmail: 'sam@example.com', PatronName: 'Sam' })).success[0]
      .contact_id;
    const body = await push({ client_id: t.clientId, contact_id: id, PatronSurname: 'Lee' });
    expect(body.success).toEqual([{ client_id: t.clientId, contact_id: id }]);
    expect(await pullOne(id)).toMatchObject({
      PatronEmail: 'sam@example.com',
      PatronName: 'Sam',
      PatronSurname: 'Lee',
    });
  });

  it('stores custom values without validating them and ignores unknown fields', async () => {
    const id = (
      await push({
        client_id: t.clientId,
        PatronEmail: 'x@example.com',
        DateOfBirth: 'not a date',
        Sex: 'x',
        Unknown: 1,
      })
    ).success[0].contact_id;
    const contact = await pullOne(id);
    expect(contact).toMatchObject({ DateOfBirth: 'not a date', Sex: 'x' });
    expect(contact).not.toHaveProperty('Unknown');
  });
});

describe('push_contact svc_categories', () => {
  it('creates missing categories and returns them comma-separated', async () => {
    const id = (await push({ client_id: t.clientId, PatronEmail: 'a@example.com', svc_categories: 'VIP, Regulars' }))
      .success[0].contact_id;
    expect((await pullOne(id)).svc_categories).toBe('VIP,Regulars');
    const { body } = await t.form('categories', {});
    expect(body.data.categories.map((c: { name: string }) => c.name).sort()).toEqual(['Regulars', 'VIP']);
  });

  it('replaces the categories on update; an empty string clears them', async () => {
    const id = (await push({ client_id: t.clientId, PatronEmail: 'a@example.com', svc_categories: 'VIP,Regulars' }))
      .success[0].contact_id;
    await push({ client_id: t.clientId, contact_id: id, svc_categories: 'vip' });
    expect((await pullOne(id)).svc_categories).toBe('VIP');
    await push({ client_id: t.clientId, contact_id: id, svc_categories: '' });
    expect((await pullOne(id)).svc_categories).toBe('');
  });
});

describe('push_contact multipleSelect and svc_multiselect_modify (rules 1–5)', () => {
  let id: string;
  beforeEach(async () => {
    await t.json('add_contact_field', { label: 'Diet', type: 'multipleSelect' });
    await t.json('add_contact_field', { label: 'Tier', type: 'singleSelect' });
    id = (await push({ client_id: t.clientId, PatronEmail: 'a@example.com', diet: ['Vegan'] })).success[0].contact_id;
  });

  /** The options get_contact_fields lists for a field. */
  const optionsOf = async (name: string) => {
    const { body } = await t.json('get_contact_fields', { client_id: t.clientId, expand: true });
    return body.fields.find((f: { name: string }) => f.name === name).options;
  };

  it('rule 1: pushed values are appended to existing options (array or comma list), creating field options', async () => {
    await push({ client_id: t.clientId, contact_id: id, diet: 'Gluten free, Vegan' });
    expect((await pullOne(id)).diet).toEqual(['Vegan', 'Gluten free']);
    expect(await optionsOf('diet')).toEqual(['Vegan', 'Gluten free']);
  });

  it('rule 2: modify checks and unchecks named options, leaving others', async () => {
    await push({ client_id: t.clientId, contact_id: id, diet: ['Halal'] });
    await push({
      client_id: t.clientId,
      contact_id: id,
      svc_multiselect_modify: [
        { field: 'diet', option: 'Vegan', checked: false },
        { field: 'diet', option: 'Kosher', checked: true },
      ],
    });
    expect((await pullOne(id)).diet).toEqual(['Halal', 'Kosher']);
  });

  it('rule 3 and 4: other field types and unknown fields or bad entries are ignored without error', async () => {
    const body = await push({
      client_id: t.clientId,
      contact_id: id,
      svc_multiselect_modify: [
        { field: 'tier', option: 'Gold', checked: true },
        { field: 'nope', option: 'x', checked: true },
        'junk',
        { field: 'diet' },
      ],
    });
    expect(body.failures).toEqual([]);
    const contact = await pullOne(id);
    expect(contact.tier).toBeUndefined();
    expect(contact.diet).toEqual(['Vegan']);
    expect(await optionsOf('tier')).toEqual([]);
  });

  it('rule 5: a checked option that does not exist is created on the field', async () => {
    await push({
      client_id: t.clientId,
      contact_id: id,
      svc_multiselect_modify: [{ field: 'diet', option: 'Pescatarian', checked: true }],
    });
    expect(await optionsOf('diet')).toContain('Pescatarian');
  });

  it('singleSelect values create their option', async () => {
    await push({ client_id: t.clientId, contact_id: id, tier: 'Gold' });
    expect(await optionsOf('tier')).toEqual(['Gold']);
  });
});

describe('push_contact failures, one reason per contact', () => {
  it.each([
    [{ PatronEmail: 'a@example.com' }, 1007, 'No client ID provided'],
    [{ client_id: '', PatronEmail: 'a@example.com' }, 1007, 'No client ID provided'],
    [{ client_id: '42', PatronEmail: 'a@example.com' }, 1008, 'Invalid client ID provided'],
    [{ client_id: 'CLIENT', contact_id: '999999', PatronName: 'x' }, 1009, 'No such contact in database'],
    [{ client_id: 'CLIENT' }, 1010, 'No contact information to add/update'],
    [{ client_id: 'CLIENT', PatronName: 'Sam' }, 1011, 'No email or mobile information'],
  ])('%j → %i %s', async (contact, code, desc) => {
    const item = JSON.parse(JSON.stringify(contact).replace('CLIENT', t.clientId)) as Record<string, unknown>;
    const body = await push(item);
    expect(body.success).toEqual([]);
    expect(body.failures).toEqual([
      { client_id: item.client_id ?? null, contact_id: item.contact_id ?? null, reason: { code, desc } },
    ]);
  });

  it('an update with only ids has no information', async () => {
    const id = (await push({ client_id: t.clientId, PatronEmail: 'a@example.com' })).success[0].contact_id;
    expect((await push({ client_id: t.clientId, contact_id: id })).failures[0].reason).toEqual({
      code: 1010,
      desc: 'No contact information to add/update',
    });
  });

  it('refuses a duplicate email (any case) or mobile (any format), also within one batch', async () => {
    await push({ client_id: t.clientId, PatronEmail: 'Sam@Example.com', PatronMobile: '0412 345 678' });
    const body = await push(
      { client_id: t.clientId, PatronEmail: 'sam@example.com' },
      { client_id: t.clientId, PatronMobile: '+61412345678' },
      { client_id: t.clientId, PatronEmail: 'new@example.com' },
      { client_id: t.clientId, PatronEmail: 'NEW@example.com' },
    );
    expect(body.success).toHaveLength(1);
    expect(body.failures.map((f: { reason: { code: number; desc: string } }) => f.reason)).toEqual([
      { code: 1012, desc: 'Duplicate check failed' },
      { code: 1012, desc: 'Duplicate check failed' },
      { code: 1012, desc: 'Duplicate check failed' },
    ]);
  });

  it("refuses an update that would take another contact's email", async () => {
    await push({ client_id: t.clientId, PatronEmail: 'one@example.com' });
    const two = (await push({ client_id: t.clientId, PatronEmail: 'two@example.com' })).success[0].contact_id;
    expect(
      (await push({ client_id: t.clientId, contact_id: two, PatronEmail: 'ONE@example.com' })).failures[0].reason.code,
    ).toBe(1012);
  });

  it('reports the store messages under the store_failure fault', async () => {
    const id = (await push({ client_id: t.clientId, PatronEmail: 'a@example.com' })).success[0].contact_id;
    t.sandbox.operator.addFault({ method: 'push_contact', kind: 'store_failure', count: 1 });
    const body = await push(
      { client_id: t.clientId, PatronEmail: 'b@example.com' },
      { client_id: t.clientId, contact_id: id, PatronName: 'x' },
    );
    expect(body.failures.map((f: { reason: unknown }) => f.reason)).toEqual([
      { code: 1013, desc: 'New contact add failed' },
      { code: 1014, desc: 'Update contact failed' },
    ]);
  });

  it('reports a non-object item and goes on with the others', async () => {
    const body = await push('text', { client_id: t.clientId, PatronEmail: 'a@example.com' });
    expect(body.success).toHaveLength(1);
    expect(body.failures[0].reason.code).toBe(1040);
  });
});
