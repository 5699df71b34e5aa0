import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCampaignDesk } from '../../../electron/core/campaigns/desk';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createDeskEvents } from '../../../electron/core/events';
import { createOutbox, type Outbox } from '../../../electron/core/outbox/outbox';
import type { AccountSettings, DeskServices } from '../../../electron/core/services';
import { createSandbox, type Sandbox } from '../../../sandbox/index';
import { createServiceClient, type ServiceClient } from '../../../shared/api/client';
import { formatServiceDateTime } from '../../../shared/rules/datetime';

let sandbox: Sandbox;
let client: ServiceClient;
let db: Database;
let outbox: Outbox;
let offline: boolean;
let handlers: ReturnType<typeof createCampaignDesk>;
let firstCategory: string;

const ZONE = 'Australia/Sydney';
const settings = (): AccountSettings => ({
  label: 'Demo',
  clientId: sandbox.demo.clientId,
  baseUrl: 'http://sandbox.test',
  timeZone: ZONE,
  defaultPhoneCountry: 'AU',
  demo: true,
});
const UNSUB = '<p><a href="#unsubscribe#">Unsubscribe</a></p>';
const content = (html: string) => ({
  name: 'Jazz',
  subject: 'Friday jazz',
  fromName: 'Harbour Bar',
  fromEmail: 'events@harbour.example.com',
  body: { kind: 'html' as const, html },
  audience: { categories: ['all'] },
});
const ID = 'cmp-0000aaaa-1111-2222-3333-444455556666';

beforeEach(async () => {
  sandbox = createSandbox({ demo: true, demoGuests: 200 });
  const inProcess = sandbox.fetch.bind(sandbox) as typeof fetch;
  const fetchImpl: typeof fetch = (input, init) =>
    offline
      ? Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
        )
      : inProcess(input, init);
  client = createServiceClient({
    baseUrl: 'http://sandbox.test',
    apiKey: sandbox.demo.apiKey,
    fetch: fetchImpl,
    timeZone: ZONE,
  });
  db = openDeskDatabase(':memory:');
  offline = false;
  outbox = createOutbox({
    db,
    account: () => ({ clientId: sandbox.demo.clientId, client, phoneCountry: 'AU', timeZone: ZONE }),
    config: { probeIntervalMs: 20, reconcileAfterMs: 50, backoff: { baseMs: 10, maxMs: 50 } },
  });
  outbox.start();
  const services: DeskServices = {
    events: createDeskEvents(),
    account: settings,
    requireClient: () => client,
    enqueue: async (kind, payload, options) => outbox.enqueue(kind, payload, options),
  };
  handlers = createCampaignDesk(services, { db, outbox }, undefined);
  const { categories } = await createServiceClient({
    baseUrl: 'http://sandbox.test',
    apiKey: sandbox.demo.apiKey,
    fetch: inProcess,
  }).categories();
  firstCategory = String(categories[0]!.id);
});

afterEach(async () => {
  await outbox.stop();
  db.close();
  sandbox.close();
});

/** Emails the sandbox delivered for a campaign (one per recipient). */
const delivered = (campaignId: string) => sandbox.operator.messages({ kind: 'campaign', referenceId: campaignId });

describe('a campaign through the desk core and the real sandbox', () => {
  it('is refused without an unsubscribe link (622, explained), then tested, scheduled, cancelled and sent once', async () => {
    await handlers.saveCampaignDraft({ id: ID, content: content('<html><body><p>Jazz on Friday.</p></body></html>') });
    const refused = await handlers.verifyCampaign({ id: ID });
    expect(refused).toEqual({
      ok: false,
      problem: expect.objectContaining({
        code: 622,
        title: 'There is no unsubscribe link',
        whatToDo: expect.stringMatching(/#unsubscribe#/),
      }),
    });

    await handlers.saveCampaignDraft({
      id: ID,
      content: content(`<html><body><p>Jazz on Friday.</p>${UNSUB}</body></html>`),
    });
    expect(await handlers.verifyCampaign({ id: ID })).toEqual({ ok: true });
    await expect(
      handlers.testCampaign({ id: ID, to: ['manager@venue.example.com', 'not an address'] }),
    ).rejects.toThrow(/Not a valid email address: not an address/);
    expect(await handlers.testCampaign({ id: ID, to: ['manager@venue.example.com'] })).toEqual({
      sentTo: ['manager@venue.example.com'],
    });
    expect(sandbox.operator.messages({ kind: 'campaign_test' }).map((m) => m.to)).toEqual([
      'manager@venue.example.com',
    ]);

    const sendAt = formatServiceDateTime(new Date(Date.now() + 3 * 86_400_000), ZONE);
    const scheduled = await handlers.sendCampaign({
      id: ID,
      audience: { categories: [firstCategory] },
      sendAt,
      estimate: 5,
    });
    expect(scheduled).toMatchObject({ state: 'scheduled', sendAt, estimate: 5 });
    expect(scheduled.recipients).toBeGreaterThan(0);
    await expect(async () =>
      handlers.saveCampaignDraft({ id: ID, content: content('<p>changed</p>') }),
    ).rejects.toThrow(/cancel it first/);

    expect(await handlers.cancelCampaign({ id: ID })).toMatchObject({ state: 'draft' });
    const sent = await handlers.sendCampaign({ id: ID, audience: { categories: ['all'] }, estimate: 7 });
    expect(sent).toMatchObject({ state: 'sent', estimate: 7 });
    expect(delivered(sent.campaignId!)).toHaveLength(sent.recipients!);
    await expect(handlers.sendCampaign({ id: ID, audience: { categories: ['all'] }, estimate: 7 })).rejects.toThrow(
      /already been sent/,
    );
    expect((await handlers.listCampaigns({})).campaigns.map((c) => c.state)).toEqual(['sent']);
  });

  it('explains a refusal for credits with what to do', async () => {
    sandbox.operator.setCredits(sandbox.demo.clientId, { email: 0 });
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Friday.</p>${UNSUB}`) });
    await expect(handlers.verifyCampaign({ id: ID })).rejects.toThrow(
      /run out of email credits.*Buy more email credits/,
    );
  });

  it('offline: queues the send in the outbox, and it goes out once when the line is back', async () => {
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Friday.</p>${UNSUB}`) });
    offline = true;
    const queued = await handlers.sendCampaign({ id: ID, audience: { categories: ['none'] }, estimate: 200 });
    expect(queued).toMatchObject({ state: 'queued', outboxId: expect.any(String) });
    expect(outbox.get(queued.outboxId!)).toMatchObject({ kind: 'campaign_send' });
    offline = false;
    outbox.notifyOnline();
    await expect
      .poll(async () => (await handlers.listCampaigns({})).campaigns[0]?.state, { timeout: 5000 })
      .toBe('sent');
    const sent = (await handlers.listCampaigns({})).campaigns[0]!;
    expect(delivered(sent.campaignId!)).toHaveLength(sent.recipients!);
    expect(sent.recipients).toBeGreaterThan(100);
  });

  it('offline: a queued send discarded in the Outbox leaves its campaign a draft again, not waiting forever', async () => {
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Friday.</p>${UNSUB}`) });
    offline = true;
    const queued = await handlers.sendCampaign({ id: ID, audience: { categories: ['all'] }, estimate: 3 });
    expect(outbox.discard(queued.outboxId!)).toEqual({ discarded: true });
    await expect.poll(async () => (await handlers.listCampaigns({})).campaigns[0]?.state).toBe('draft');
    expect((await handlers.listCampaigns({})).campaigns[0]).toMatchObject({ problem: { title: 'Not sent' } });
    offline = false;
    outbox.notifyOnline();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sandbox.operator.messages({ kind: 'campaign' })).toHaveLength(0);
  });

  it('offline past the chosen time: waits for a person instead of going out late', async () => {
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Friday.</p>${UNSUB}`) });
    offline = true;
    const sendAt = formatServiceDateTime(new Date(Date.now() + 1500), ZONE);
    const queued = await handlers.sendCampaign({ id: ID, audience: { categories: ['all'] }, sendAt, estimate: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    offline = false;
    outbox.notifyOnline();
    await expect.poll(() => outbox.get(queued.outboxId!)?.state, { timeout: 5000 }).toBe('needs_attention');
    expect(outbox.get(queued.outboxId!)?.problem?.message).toMatch(/line was down until after that time/);
    expect((await handlers.listCampaigns({})).campaigns[0]).toMatchObject({
      state: 'refused',
      problem: { title: 'The queued send did not go out' },
    });
    expect(sandbox.operator.messages({ kind: 'campaign' })).toHaveLength(0);

    // Changed after that, the campaign can never go out from the Outbox with what it said before.
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Saturday.</p>${UNSUB}`) });
    expect(outbox.get(queued.outboxId!)).toBeUndefined();
    expect((await handlers.listCampaigns({})).campaigns[0]).toMatchObject({ state: 'draft' });
    expect((await handlers.listCampaigns({})).campaigns[0]?.outboxId).toBeUndefined();
  });

  it('offline past the chosen time, then scheduled again from Campaigns: the waiting entry is replaced, never sent beside it', async () => {
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Friday.</p>${UNSUB}`) });
    offline = true;
    const queued = await handlers.sendCampaign({
      id: ID,
      audience: { categories: ['all'] },
      sendAt: formatServiceDateTime(new Date(Date.now() + 1500), ZONE),
      estimate: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    offline = false;
    outbox.notifyOnline();
    await expect.poll(() => outbox.get(queued.outboxId!)?.state, { timeout: 5000 }).toBe('needs_attention');
    // Sent again from Campaigns instead: the waiting entry is replaced, never sent beside it.
    const later = formatServiceDateTime(new Date(Date.now() + 2 * 86_400_000), ZONE);
    const scheduled = await handlers.sendCampaign({
      id: ID,
      audience: { categories: ['all'] },
      sendAt: later,
      estimate: 1,
    });
    expect(scheduled).toMatchObject({ state: 'scheduled', sendAt: later });
    expect(outbox.get(queued.outboxId!)).toBeUndefined();
  });

  it('queued offline, its send answer lost when the line is back: campaign_verify (609) settles it, and it went once', async () => {
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Friday.</p>${UNSUB}`) });
    offline = true;
    const queued = await handlers.sendCampaign({ id: ID, audience: { categories: ['all'] }, estimate: 3 });
    sandbox.operator.addFault({ method: 'campaign_send', kind: 'drop_after_commit', count: 1 });
    offline = false;
    outbox.notifyOnline();
    await expect
      .poll(async () => (await handlers.listCampaigns({})).campaigns[0]?.state, { timeout: 5000 })
      .toBe('sent');
    expect(outbox.get(queued.outboxId!)?.result).toMatchObject({ confirmedBy: 'campaign_verify 609' });
    const sent = (await handlers.listCampaigns({})).campaigns[0]!;
    const campaigns = new Set(sandbox.operator.messages({ kind: 'campaign' }).map((m) => m.referenceId));
    expect(campaigns).toEqual(new Set([sent.campaignId]));
    expect(delivered(sent.campaignId!).length).toBeGreaterThan(0);
    expect(new Set(delivered(sent.campaignId!).map((m) => m.to)).size).toBe(delivered(sent.campaignId!).length);
  });

  it('an answer lost after the send: campaign_verify (609) settles it as sent, and nothing goes twice', async () => {
    await handlers.saveCampaignDraft({ id: ID, content: content(`<p>Jazz on Friday.</p>${UNSUB}`) });
    sandbox.operator.addFault({ method: 'campaign_send', kind: 'drop_after_commit', count: 1 });
    const sent = await handlers.sendCampaign({ id: ID, audience: { categories: ['all'] }, estimate: 3 });
    expect(sent.state).toBe('sent');
    expect(delivered(sent.campaignId!).length).toBeGreaterThan(0);
    const count = delivered(sent.campaignId!).length;
    await expect(handlers.sendCampaign({ id: ID, audience: { categories: ['all'] }, estimate: 3 })).rejects.toThrow(
      /already been sent/,
    );
    expect(delivered(sent.campaignId!)).toHaveLength(count);
  });
});
