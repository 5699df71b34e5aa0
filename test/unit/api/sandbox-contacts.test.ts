// Contacts, fields and categories against the sandbox (reference §4.11–4.15), in-process and over HTTP.
import { describe, expect, it } from 'vitest';
import { ServiceFailureError } from '../../../shared/api/errors';
import { failureOf } from './support/fake-fetch';
import { TARGETS, useTarget } from './support/sandbox-targets';

describe.each(TARGETS)('contacts on the sandbox ($name)', (kind) => {
  const target = useTarget(kind);
  const clientId = () => target.current.demo.clientId;

  describe('get_contact_fields', () => {
    it('lists names, or definitions with expand', async () => {
      const { client } = target.current;
      const names = await client.getContactFields({ client_id: clientId() });
      expect(names.fields).toContain('PatronEmail');
      const expanded = await client.getContactFields({ client_id: clientId(), expand: true });
      expect(expanded.fields).toContainEqual(expect.objectContaining({ name: 'Sex', type: 'Sex' }));
    });

    it.each([
      ['', 'No client ID provided'],
      ['9999', 'Invalid client ID provided'],
    ])('client_id "%s" → %s', async (id, message) => {
      const error = await failureOf(target.current.client.getContactFields({ client_id: id }));
      expect(error).toBeInstanceOf(ServiceFailureError);
      expect(error).toMatchObject({ serviceMessage: message });
    });
  });

  describe('add_contact_field', () => {
    it('adds a field named as the camel case of its label, after append_after', async () => {
      const { client } = target.current;
      expect(
        await client.addContactField({ label: 'Favourite wine', type: 'singleSelect', append_after: 'PatronSurname' }),
      ).toEqual({
        name: 'favouriteWine',
        label: 'Favourite wine',
        type: 'singleSelect',
      });
      const { fields } = await client.getContactFields({ client_id: clientId() });
      expect(fields.indexOf('favouriteWine')).toBe(fields.indexOf('PatronSurname') + 1);
    });

    it.each([
      [{ label: '', type: 'string' }, 'No field label provided'],
      [{ label: 'Shoe size', type: '' }, 'No field type specified'],
      [{ label: 'Shoe size', type: 'Sex' }, 'Unsupported field type specified'],
      [
        { label: 'Shoe size', type: 'number', append_after: 'noSuchField' },
        "Field does not exist and can't be used for append_after",
      ],
    ])('%o → %s', async (request, message) => {
      expect(await failureOf(target.current.client.addContactField(request))).toMatchObject({
        kind: 'service-failure',
        serviceMessage: message,
      });
    });

    it('refuses a duplicate field key in the service words', async () => {
      const { client } = target.current;
      await client.addContactField({ label: 'Shoe size', type: 'number' });
      const error = (await failureOf(
        client.addContactField({ label: 'shoe Size', type: 'text' }),
      )) as ServiceFailureError;
      expect(error.serviceMessage).toMatch(/^A field already exists with the field key shoeSize/);
    });
  });

  describe('push_contact and pull_db', () => {
    it('inserts, updates and pulls contacts with categories and custom fields', async () => {
      const { client } = target.current;
      const pushed = await client.pushContact([
        {
          client_id: clientId(),
          PatronName: 'Ann',
          PatronEmail: 'ann@example.com',
          svc_categories: 'VIP,Locals',
          MemberNumber: 'M1',
        },
        { client_id: clientId(), PatronName: 'Bob', PatronMobile: '0412345678' },
      ]);
      expect(pushed.failures).toEqual([]);
      expect(pushed.success).toHaveLength(2);
      const annId = pushed.success[0]!.contact_id;

      const updated = await client.pushContact([{ client_id: clientId(), contact_id: annId, PatronSurname: 'Lee' }]);
      expect(updated.success).toEqual([{ client_id: clientId(), contact_id: annId }]);

      const [ann] = await client.pullDb({ client_id: clientId(), PatronEmail: 'ann@example.com' });
      expect(ann).toMatchObject({ contact_id: annId, PatronName: 'Ann', PatronSurname: 'Lee', MemberNumber: 'M1' });
      expect(ann!.svc_categories?.split(',').sort()).toEqual(['Locals', 'VIP']);
      expect(await client.pullDb({ client_id: clientId(), touched_from: new Date(Date.now() - 60_000) })).toHaveLength(
        2,
      );
      expect(await client.pullDb({ client_id: clientId(), touched_from: new Date(Date.now() + 3_600_000) })).toEqual(
        [],
      );
    });

    it('reports each documented per-item failure with its reason, never throwing', async () => {
      const { client } = target.current;
      await client.pushContact([{ client_id: clientId(), PatronEmail: 'taken@example.com' }]);
      const result = await client.pushContact([
        { client_id: '', PatronEmail: 'a@example.com' },
        { client_id: '42', PatronEmail: 'b@example.com' },
        { client_id: clientId(), contact_id: '999999', PatronName: 'Nobody' },
        { client_id: clientId() },
        { client_id: clientId(), PatronName: 'No way to reach' },
        { client_id: clientId(), PatronEmail: 'taken@example.com' },
      ]);
      expect(result.success).toEqual([]);
      expect(result.failures.map((failure) => failure.reason.desc)).toEqual([
        'No client ID provided',
        'Invalid client ID provided',
        'No such contact in database',
        'No contact information to add/update',
        'No email or mobile information',
        'Duplicate check failed',
      ]);
      expect(result.failures[0]!.reason.code).toBe(1007);
    });

    it.each([
      ['', 'No client ID provided'],
      ['9999', 'Invalid client ID provided'],
    ])('pull_db with client_id "%s" → %s', async (id, message) => {
      expect(await failureOf(target.current.client.pullDb({ client_id: id }))).toMatchObject({
        kind: 'service-failure',
        serviceMessage: message,
      });
    });
  });

  describe('categories', () => {
    it('lists the categories pushed contacts created', async () => {
      const { client } = target.current;
      await client.pushContact([{ client_id: clientId(), PatronEmail: 'c@example.com', svc_categories: 'Regulars' }]);
      const { categories } = await client.categories();
      expect(categories).toContainEqual({ name: 'Regulars', id: expect.any(String) });
    });

    it('reads the generic failure from the error field', async () => {
      target.current.sandbox.operator.addFault({ method: 'categories', kind: 'store_failure', count: 1 });
      expect(await failureOf(target.current.client.categories())).toMatchObject({
        kind: 'service-failure',
        serviceMessage: 'An error occured',
        code: 400,
      });
    });
  });
});
