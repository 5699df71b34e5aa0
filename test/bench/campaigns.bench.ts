import { selectRecipients } from '../../sandbox/campaigns/recipients';
import { checkCampaignHtml } from '../../sandbox/campaigns/html-checks';
import { createSandbox } from '../../sandbox/index';
import { generateGuests } from '../../sandbox/seed/guests';
import { findAccountByClientId } from '../../sandbox/store/accounts';
import { createServiceClient } from '../../shared/api/client';
import {
  audienceFacts,
  buildAudienceIndex,
  countAudienceIndexed,
  type Audience,
} from '../../shared/rules/campaign-audience';
import { precheckCampaign } from '../../shared/rules/campaign-checks';
import { formatServiceDate } from '../../shared/rules/datetime';
import { percentile, type BenchRow } from './table';

/** Milliseconds a synchronous task takes. */
function timed<T>(task: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = task();
  return { ms: performance.now() - start, value };
}

/** The filter changes staff make while choosing an audience: categories, modifiers, ages, gender. */
function filterChanges(ids: string[]): Audience[] {
  const changes: Audience[] = [{ categories: ['all'] }, { categories: ['none'] }, { categories: ['uncategorized'] }];
  for (let i = 0; i < ids.length; i++) changes.push({ categories: ids.slice(0, i + 1) });
  for (const gender of ['f', 'm'] as const)
    changes.push({ categories: [ids[0]!], gender }, { categories: ['none'], gender, ageFrom: 25, ageTo: 40 });
  for (const [ageFrom, ageTo] of [
    [18, 30],
    [30, 50],
    [50, 90],
    [21, undefined],
    [undefined, 35],
  ] as const) {
    changes.push({
      categories: ['all'],
      ...(ageFrom !== undefined ? { ageFrom } : {}),
      ...(ageTo !== undefined ? { ageTo } : {}),
    });
  }
  changes.push({ categories: [ids[1]!, 'uncategorized'], ageFrom: 40 });
  return changes;
}

/**
 * "campaign audience estimate": the desk's count of an audience over 100,000 cached guests (their facts
 * read once into columns, as the Campaigns screen holds them), per filter change, beside the sandbox's own SQL count.
 */
export async function benchCampaignAudience(guests = 100_000, rounds = 3): Promise<BenchRow[]> {
  const sandbox = createSandbox({ demo: true, demoGuests: 100 });
  try {
    const db = sandbox.context.db;
    const account = findAccountByClientId(db, sandbox.demo.clientId)!;
    generateGuests(db, guests - 100, { accountId: account.id });
    const client = createServiceClient({
      baseUrl: 'http://sandbox.invalid',
      apiKey: sandbox.demo.apiKey,
      fetch: sandbox.fetch.bind(sandbox) as typeof fetch,
    });
    const records = await client.pullDb({ client_id: sandbox.demo.clientId });
    if (records.length !== guests) throw new Error(`pull_db returned ${records.length} guests, expected ${guests}`);
    const index = buildAudienceIndex(records.map((record) => audienceFacts(record)));
    const names = new Map(
      (await client.categories()).categories.map((category) => [String(category.id), category.name]),
    );
    const now = sandbox.context.now();
    const today = formatServiceDate(now, account.timezone);
    const changes = filterChanges([...names.keys()]);
    // The SQL baseline allocates every matching row: measured apart, so its garbage is not collected inside our samples.
    const sql: number[] = [];
    const expected = changes.map((audience) => {
      const theirs = timed(() => selectRecipients(db, account.id, audience, now, account.timezone).length);
      sql.push(theirs.ms);
      return theirs.value;
    });
    const desk: number[] = [];
    changes.forEach((audience) => countAudienceIndexed(index, audience, names, today));
    for (let round = 0; round < rounds; round++) {
      changes.forEach((audience, i) => {
        const ours = timed(() => countAudienceIndexed(index, audience, names, today));
        if (ours.value !== expected[i])
          throw new Error(
            `The estimate (${ours.value}) differs from the sandbox's count (${expected[i]}) for ${JSON.stringify(audience)}`,
          );
        desk.push(ours.ms);
      });
    }
    const p95 = percentile(desk, 95);
    return [
      {
        name: `campaign audience estimate p95 (${guests.toLocaleString('en')} cached guests, ${desk.length} filter changes)`,
        value: p95,
        baseline: percentile(sql, 95),
        baselineName: "sandbox's own SQL count",
        unit: 'ms',
        target: '< 50 ms',
        met: p95 < 50,
      },
    ];
  } finally {
    sandbox.close();
  }
}

/** A designed email body of about `bytes`: header, repeated story blocks (tables, images, links), footer with the unsubscribe link. */
function largeCampaignHtml(bytes = 200_000): string {
  const block = (i: number) =>
    `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr><td style="padding:12px;font-family:Arial,sans-serif">` +
    `<img src="https://cdn.harbour.example.com/img/story-${i}.jpg" alt="Story ${i}" width="560" style="display:block">` +
    `<h2 style="margin:8px 0;color:#123">This week at the bar, story ${i}</h2>` +
    `<p style="font-size:14px;line-height:1.5">Live music from 8pm, a new spring menu from the kitchen and the terrace opening again. Book a table or just drop in; the band plays until late.</p>` +
    `<p><a href="https://harbour.example.com/events/${i}" style="color:#06c">See what is on</a> · <a href="https://instagram.com/harbourbar">Instagram</a></p></td></tr></table>\n`;
  const parts = [
    '<html><head><meta charset="utf-8"><title>Harbour news</title><style>td{font-family:Arial}</style></head><body>',
  ];
  for (let i = 0; parts.join('').length < bytes - 400; i++) parts.push(block(i));
  parts.push(
    '<p style="font-size:12px">You get this because you visited us. <a href="#unsubscribe#">Unsubscribe</a></p></body></html>',
  );
  return parts.join('');
}

/** "campaign pre-check": the desk's full checklist of a 200 KB body, beside the sandbox's own verify checks of the same body. */
export async function benchCampaignPrecheck(runs = 40): Promise<BenchRow[]> {
  const html = largeCampaignHtml(200_000);
  const draft = { subject: 'Harbour news', fromName: 'Harbour Bar', fromEmail: 'news@harbour.example.com', html };
  const ours: number[] = [];
  const theirs: number[] = [];
  // Each measured apart (after a warm-up), so one's garbage is not collected inside the other's samples.
  for (let i = 0; i < 5; i++) precheckCampaign(draft);
  for (let i = 0; i < runs; i++) {
    const desk = timed(() => precheckCampaign(draft));
    if (desk.value.length !== 0)
      throw new Error(`The pre-check found problems in a sendable body: ${JSON.stringify(desk.value)}`);
    ours.push(desk.ms);
  }
  for (let i = 0; i < 3; i++) checkCampaignHtml(html, { imported: false, isSentCampaign: () => false });
  for (let i = 0; i < runs; i++)
    theirs.push(timed(() => checkCampaignHtml(html, { imported: false, isSentCampaign: () => false })).ms);
  const p95 = percentile(ours, 95);
  return [
    {
      name: `campaign pre-check p95 (${Math.round(html.length / 1000)} KB HTML body)`,
      value: p95,
      baseline: percentile(theirs, 95),
      baselineName: "sandbox's campaign_verify checks",
      unit: 'ms',
      target: '< 20 ms',
      met: p95 < 20,
    },
  ];
}
