import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../shared/api/client';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createDeskEvents } from '../../../electron/core/events';
import { createGuestHandlers } from '../../../electron/core/guests/handlers';
import { createOutbox, type Outbox } from '../../../electron/core/outbox/outbox';
import type { AccountSettings, DeskServices } from '../../../electron/core/services';
import { createSandbox, type Sandbox } from '../../../sandbox/index';
import { asKind } from '../../support/outbox-entry';
import { answerBrokenAfter, openingOf } from '../../support/broken-answer';

let sandbox: Sandbox;
let client: ServiceClient;
let db: Database;
let outbox: Outbox;
let connected: boolean;
/** Changes the service's answers on their way to the desk (a connection lost part way, a contact spoiled). */
let answerTransform: ((response: Response) => Response) | undefined;
let handlers: ReturnType<typeof createGuestHandlers>;

const settings = (): AccountSettings => ({
  label: 'Demo',
  clientId: sandbox.demo.clientId,
  baseUrl: 'http://sandbox.test',
  timeZone: 'UTC',
  defaultPhoneCountry: 'AU',
  demo: true,
});

beforeEach(() => {
  sandbox = createSandbox({ demo: true, demoGuests: 150 });
  answerTransform = undefined;
  client = createServiceClient({
    baseUrl: 'http://sandbox.test',
    apiKey: sandbox.demo.apiKey,
    fetch: async (input, init) => {
      const response = await sandbox.fetch(input, init);
      return answerTransform ? answerTransform(response) : response;
    },
    timeZone: 'UTC',
  });
  db = openDeskDatabase(':memory:');
  connected = true;
  outbox = createOutbox({
    db,
    account: () => (connected ? { clientId: sandbox.demo.clientId, client, phoneCountry: 'AU' } : null),
    config: { probeIntervalMs: 20 },
  });
  outbox.start();
  const services: DeskServices = {
    events: createDeskEvents(),
    account: () => (connected ? settings() : null),
    requireClient: () => client,
    enqueue: async (kind, payload, options) => outbox.enqueue(kind, payload, options),
  };
  handlers = createGuestHandlers(services);
});

afterEach(async () => {
  await outbox.stop();
  db.close();
  sandbox.close();
});

/** The service's copy of a contact. */
async function onService(filter: { PatronEmail?: string; contactId?: string }) {
  const contacts = await client.pullDb({
    client_id: sandbox.demo.clientId,
    ...(filter.PatronEmail ? { PatronEmail: filter.PatronEmail } : {}),
  });
  return filter.contactId ? contacts.filter((contact) => contact.contact_id === filter.contactId) : contacts;
}

/** Waits until the outbox entry is in the wanted state (the dispatcher runs on the real clock). */
async function until(id: string, state: string) {
  await expect.poll(() => outbox.get(id)?.state, { timeout: 5000, interval: 20 }).toBe(state);
  return outbox.get(id)!;
}

describe('pulling guests for the cache', () => {
  it('pulls the whole database once and hands it out in pages, then forgets it', async () => {
    const everyone = await onService({});
    const pull = await handlers.pullGuests({});
    // Streamed: the pull is answered before the service's answer has all arrived, so its size comes with the pages.
    expect(pull.total).toBeUndefined();
    const pages = [];
    for (let offset = 0; ; offset += 60) {
      const page = await handlers.pullGuestsPage({ pullId: pull.pullId, offset, limit: 60 });
      pages.push(page.contacts.length);
      if (page.remaining === 0 && !page.more) break;
    }
    expect(pages.reduce((sum, size) => sum + size, 0)).toBe(everyone.length);
    expect(pages[0]).toBe(60);
    await expect(handlers.pullGuestsPage({ pullId: pull.pullId, offset: 0, limit: 60 })).rejects.toThrow(
      'That download of the guest list has expired. Sync again.',
    );
  });

  it('answers the pull before the service’s answer has ended; a connection lost part way reaches the page asked for, in staff’s words', async () => {
    const everyone = await onService({});
    answerTransform = () => answerBrokenAfter(openingOf(everyone, 10));
    const pull = await handlers.pullGuests({});
    const page = await handlers.pullGuestsPage({ pullId: pull.pullId, offset: 0, limit: 10 });
    expect(page.contacts).toEqual(everyone.slice(0, 10));
    await expect(handlers.pullGuestsPage({ pullId: pull.pullId, offset: 10, limit: 10 })).rejects.toThrow(
      /^The service took too long to send the guest list/,
    );
  });

  it('leaves out a contact the desk cannot read and brings all the others', async () => {
    const everyone = await onService({});
    answerTransform = () => {
      const spoiled = [everyone[0], { client_id: sandbox.demo.clientId, contact_id: { id: 7 } }, ...everyone.slice(1)];
      return new Response(JSON.stringify(spoiled), { status: 200 });
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const pull = await handlers.pullGuests({});
      const page = await handlers.pullGuestsPage({ pullId: pull.pullId, offset: 0, limit: 2000 });
      // The last page says how many were left out, so staff are told (the sync bar).
      expect(page).toEqual({ contacts: everyone, remaining: 0, more: false, leftOut: 1 });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[desk\] 1 of the guests could not be read/));
    } finally {
      warn.mockRestore();
    }
  });

  it('pulls only guests touched since an instant (touched_from in the account’s zone)', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await client.pushContact([
      { client_id: sandbox.demo.clientId, PatronName: 'Fresh', PatronEmail: 'fresh@example.com' },
    ]);
    const pull = await handlers.pullGuests({ touchedFrom: before });
    const page = await handlers.pullGuestsPage({ pullId: pull.pullId, offset: 0, limit: 2000 });
    expect(page.contacts.map((contact) => contact.PatronEmail)).toEqual(['fresh@example.com']);
  });

  it('says plainly when no account is connected or the service does not answer', async () => {
    connected = false;
    await expect(handlers.pullGuests({})).rejects.toThrow(
      'No account is connected. Connect one in Settings, or start the demo.',
    );
    connected = true;
    await sandbox.operator.setOffline(true);
    await expect(handlers.pullGuests({})).rejects.toThrow(
      'The service is not answering, so the guest list could not be fetched.',
    );
  });
});

describe('profile edits and new guests through the outbox', () => {
  it('saves changed fields, multipleSelect checks and the category list', async () => {
    const [guest] = await onService({});
    const [first, second] = (await client.categories()).categories.map((category) => category.name);
    const queued = await handlers.saveGuest({
      guestKey: guest!.contact_id,
      changes: { PatronSurname: 'Renamed', visitCount: 7 },
      multiselect: [{ field: 'dietaryRequirements', option: 'Vegan', checked: true }],
      categories: [first!, second!],
    });
    expect(queued).toMatchObject({ state: 'queued', guestKey: guest!.contact_id });
    await until(queued.outboxId, 'sent');
    const [after] = await onService({ contactId: guest!.contact_id });
    expect(after).toMatchObject({ PatronSurname: 'Renamed', visitCount: 7 });
    expect(String(after!.dietaryRequirements)).toContain('Vegan');
    expect(after!.svc_categories!.split(',').sort()).toEqual([first, second].sort());
  });

  it('records a guest while the service is down under a local id; it and its purchase go out once it answers', async () => {
    await sandbox.operator.setOffline(true);
    const localId = 'local-1b4e28ba-2fa1-11d2-883f-0016d3cca427';
    const created = await handlers.createGuest({
      localId,
      fields: { PatronName: 'Olive', PatronEmail: 'olive@example.com', PatronMobile: '' },
      categories: ['VIP'],
    });
    const purchase = await handlers.addGuestPurchase({
      guestKey: localId,
      item: { item_desc: 'Negroni', price: '18.50' },
    });
    expect(created.guestKey).toBe(localId);
    expect(await onService({ PatronEmail: 'olive@example.com' }).catch(() => [])).toEqual([]); // offline: none asked
    await sandbox.operator.setOffline(false);
    const sent = await until(created.outboxId, 'sent');
    await until(purchase.outboxId, 'sent');
    const [olive] = await onService({ PatronEmail: 'olive@example.com' });
    expect(sent.result).toMatchObject({ contact_id: olive!.contact_id });
    expect(olive).toMatchObject({ PatronName: 'Olive', svc_categories: 'VIP' });
    const recorded = sandbox.operator.purchases(sandbox.demo.clientId).filter((item) => item.item_desc === 'Negroni');
    expect(recorded).toEqual([expect.objectContaining({ contact_id: olive!.contact_id, item_qty: 1, price: 18.5 })]);
    expect(String(recorded[0]!.purchased_at)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses a new guest without an email or a mobile, in the service’s words', async () => {
    await expect(
      handlers.createGuest({ localId: 'local-aaaaaaaa-0000', fields: { PatronName: 'Nobody' } }),
    ).rejects.toThrow('No email or mobile information');
  });
});

describe('one-off messages', () => {
  it('refuses an SMS with an accented character before queueing; sends a plain one exactly once', async () => {
    await expect(
      handlers.sendGuestSms({ from: 'Harbour', to: '0412 345 678', message: 'Table ready at the café' }),
    ).rejects.toThrow(/characters the service refuses: "é" \(use "e"\)/);
    expect(outbox.list()).toEqual([]);
    const queued = await handlers.sendGuestSms({
      guestKey: '101',
      from: 'Harbour',
      to: '0412 345 678',
      message: 'Table ready',
    });
    const sent = await until(queued.outboxId, 'sent');
    const log = sandbox.operator.messages({ channel: 'sms' }).filter((entry) => entry.message === 'Table ready');
    expect(log).toHaveLength(1);
    expect(log[0]!.to.replace('+', '')).toBe('61412345678');
    const { items } = await handlers.listSentItems({ from: new Date(Date.now() - 60_000).toISOString(), type: 'sms' });
    expect(items.map((item) => item.reference_id)).toContain(asKind(sent, 'sms').result!.reference_id);
  });

  it('refuses a schedule that has already passed in the account’s time zone', async () => {
    await expect(
      handlers.sendGuestSms({ from: 'Harbour', to: '0412 345 678', message: 'Hi', sendAt: '2001-01-01 10:00:00' }),
    ).rejects.toThrow('2001-01-01 10:00:00 has already passed in UTC. Choose a later time, or send it now.');
  });

  it('queues an email with its schedule', async () => {
    const queued = await handlers.sendGuestEmail({
      guestKey: '101',
      toName: 'Ada',
      toEmail: 'ada@example.com',
      fromName: 'Harbour Lights',
      fromEmail: 'desk@harbour.example',
      subject: 'Your booking',
      html: '<p>See you</p>',
      sendAt: '2099-01-01 18:00:00',
    });
    const sent = await until(queued.outboxId, 'sent');
    expect(sent.payload).toMatchObject({ send_at: '2099-01-01 18:00:00', subject: 'Your booking' });
  });

  it('lists SMS replies', async () => {
    sandbox.operator.injectSmsReply({
      clientId: sandbox.demo.clientId,
      number: '61412345678',
      message: 'See you at 8',
    });
    const { replies } = await handlers.listSmsReplies({ from: new Date(Date.now() - 60_000).toISOString() });
    expect(replies).toEqual(
      expect.arrayContaining([expect.objectContaining({ number: '+61412345678', message: 'See you at 8' })]),
    );
  });
});
