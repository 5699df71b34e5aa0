// add_purchase: per-item validation with the service's messages, item_qty default (sections 2.5, 4.16, 7.1).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
let contactId: string;
beforeEach(async () => {
  t = makeSandbox();
  contactId = (await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'sam@example.com' }])).body
    .success[0].contact_id;
});
afterEach(() => t.close());

const item = () => ({
  client_id: t.clientId,
  contact_id: contactId,
  tx_id: 'T1',
  item_desc: 'Pint',
  price: 9.5,
  purchased_at: '2025-06-01 20:00:00',
});

describe('add_purchase', () => {
  it('echoes accepted items as sent and stores them with item_qty 1 when blank', async () => {
    const sent = [item(), { ...item(), item_desc: 'Chips', item_qty: '', price: '6.00', tx_id: undefined }];
    const { body } = await t.json('add_purchase', sent);
    expect(body.failures).toEqual([]);
    expect(body.success).toEqual(JSON.parse(JSON.stringify(sent)));
    const stored = t.sandbox.operator.purchases(t.clientId);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ item_desc: 'Pint', item_qty: 1, tx_id: 'T1', contact_id: contactId });
    expect(stored[1]).toMatchObject({ item_desc: 'Chips', item_qty: 1, price: 6, tx_id: expect.stringMatching(/^tx/) });
  });

  it('keeps a given quantity', async () => {
    await t.json('add_purchase', [{ ...item(), item_qty: 3 }]);
    expect(t.sandbox.operator.purchases(t.clientId)[0]!.item_qty).toBe(3);
  });

  it.each([
    [{ client_id: undefined }, 1007, 'No client ID provided'],
    [{ client_id: 'x' }, 1008, 'Invalid client ID provided'],
    [{ contact_id: '999999' }, 1009, 'No such contact in database'],
    [{ contact_id: undefined }, 1009, 'No such contact in database'],
    [{ item_desc: '' }, 1021, 'No item description provided'],
    [{ price: 'n/a' }, 1022, 'No item price provided'],
    [{ purchased_at: '31/12/2025' }, 1023, 'No purchase date and time provided'],
    [{ item_qty: 'many' }, 1025, 'Invalid item quantity provided'],
  ])('%j → %i %s, item echoed with its reason', async (change, code, desc) => {
    const bad = { ...item(), ...change };
    const { body } = await t.json('add_purchase', [bad, item()]);
    expect(body.success).toHaveLength(1);
    expect(body.failures).toEqual([{ ...JSON.parse(JSON.stringify(bad)), reason: { code, desc } }]);
  });

  it('"No purchase information to add" for an item with ids only', async () => {
    const { body } = await t.json('add_purchase', [{ client_id: t.clientId, contact_id: contactId }]);
    expect(body.failures[0].reason).toEqual({ code: 1020, desc: 'No purchase information to add' });
  });

  it('"Purchase add failed" under the store_failure fault, nothing stored', async () => {
    t.sandbox.operator.addFault({ method: 'add_purchase', kind: 'store_failure', count: 1 });
    const { body } = await t.json('add_purchase', [item()]);
    expect(body.failures[0].reason).toEqual({ code: 1024, desc: 'Purchase add failed' });
    expect(t.sandbox.operator.purchases(t.clientId)).toEqual([]);
  });
});
