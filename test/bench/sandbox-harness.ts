// pull_db of 100,000 contacts, beside a baseline measured in the same run: a plain SELECT * of the same rows and JSON.stringify.
import { startSandboxServer } from '../../sandbox/index';
import { generateGuests } from '../../sandbox/seed/guests';

/** One benchmark figure beside its baseline. */
export interface PullBenchRow {
  name: string;
  ms: number;
  baselineMs: number;
}

/** Median of a few timings of an async task, after one warm-up run. */
async function medianMs(runs: number, task: () => Promise<unknown>): Promise<number> {
  await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Times pull_db of `guests` contacts in-process and over HTTP on 127.0.0.1, each with the plain-SELECT baseline. */
export async function benchPullDb(guests = 100_000, runs = 3): Promise<PullBenchRow[]> {
  const server = await startSandboxServer({});
  try {
    const { sandbox, demo } = server;
    const db = sandbox.context.db;
    const account = db.prepare('SELECT id FROM accounts WHERE client_id = ?').get(demo.clientId) as { id: number };
    generateGuests(db, guests, { accountId: account.id });
    const body = JSON.stringify({ client_id: demo.clientId });
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    const pull = async (fetcher: typeof fetch, base: string) => {
      const response = await fetcher(`${base}/v1/${demo.apiKey}/pull_db`, init);
      const rows = (await response.json()) as unknown[];
      if (rows.length !== guests) throw new Error(`pull_db returned ${rows.length} contacts, expected ${guests}`);
    };
    const baselineMs = await medianMs(runs, async () =>
      JSON.stringify(db.prepare('SELECT * FROM contacts WHERE account_id = ?').all(account.id)),
    );
    const inProcessMs = await medianMs(runs, () => pull(sandbox.fetch as typeof fetch, 'http://sandbox.local'));
    const httpMs = await medianMs(runs, () => pull(fetch, server.baseUrl));
    return [
      {
        name: `sandbox pull_db ${guests.toLocaleString('en')} contacts (in-process, parsed)`,
        ms: inProcessMs,
        baselineMs,
      },
      {
        name: `sandbox pull_db ${guests.toLocaleString('en')} contacts (HTTP 127.0.0.1, parsed)`,
        ms: httpMs,
        baselineMs,
      },
    ];
  } finally {
    await server.close();
  }
}
