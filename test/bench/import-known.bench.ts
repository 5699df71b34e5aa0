// `npm run bench -- import-known`: the read a file's open makes of the outbox's guests (importKnownGuests, every
// page), on a desk database that has pushed 250,000 guests (all sent before the guest cache's last sync) and a
// few since. Value: the read as the file's open makes it (pushes since the cache's last pull, less the sync
// overlap); baseline: the same read of every push, which is what each open did before migration 007.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDeskDatabase } from '../../electron/core/db/open-database';
import { createImportService } from '../../electron/core/import/import-service';
import { createOutbox } from '../../electron/core/outbox/outbox';
import type { ContactRecord } from '../../shared/api/response-schemas';
import { SYNC_OVERLAP_MS } from '../../shared/rules/touched-from';
import { createFakeService } from '../unit/outbox/support/fake-service';
import type { BenchRow } from './table';

const ACCOUNT = 'bench-client';
const HOUR_MS = 3_600_000;

/** The known-guests read at `pushed` guests sent before the cache's last sync, `since` sent after it and 5 queued. */
export async function benchImportKnownGuests(pushed = 250_000, since = 20): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'venue-desk-known-'));
  const db = openDeskDatabase(join(dir, 'desk.sqlite'));
  try {
    const syncedAt = Date.now() - HOUR_MS;
    fillPushes(db, 0, pushed, syncedAt - 2 * HOUR_MS);
    fillPushes(db, pushed, since, syncedAt + 60_000);
    // Not started: the 5 queued guests stay queued (the desk offline), as pushes not sent yet.
    const client = createFakeService().client;
    const outbox = createOutbox({ db, account: () => ({ clientId: ACCOUNT, client, phoneCountry: 'AU' }) });
    for (let n = 0; n < 5; n++)
      outbox.enqueue('push_contact', { PatronName: `Queued ${n}`, PatronEmail: `queued${n}@example.com` });
    // pull_db as the service answers it: the guests sent since the sync, with their ids.
    const touched: ContactRecord[] = Array.from({ length: since }, (_, i) => ({
      client_id: ACCOUNT,
      contact_id: String(900_000 + i),
      PatronEmail: `guest${pushed + i}@example.com`,
    }));
    const { handlers, close } = createImportService({
      db,
      outbox,
      clientId: () => ACCOUNT,
      emit: () => undefined,
      pullTouchedSince: async () => touched,
    });
    const readAll = async (sentFrom: number | undefined) => {
      let count = 0;
      const started = performance.now();
      for (let after: number | null = 0; after !== null;) {
        const page = await handlers.importKnownGuests({ after, ...(sentFrom !== undefined ? { sentFrom } : {}) });
        count += page.guests.length;
        after = page.next;
      }
      return { ms: performance.now() - started, count };
    };
    const sentFrom = syncedAt - SYNC_OVERLAP_MS;
    const runs = [];
    for (let run = 0; run < 7; run++) runs.push(await readAll(sentFrom));
    const value = runs.map((run) => run.ms).sort((a, b) => a - b)[3]!;
    const baseline = await readAll(undefined);
    process.stderr.write(
      `import-known: ${runs[0]!.count} guests read since the sync, ${baseline.count} read in all (baseline)\n`,
    );
    close();
    return [
      {
        name: `import known guests at ${pushed.toLocaleString('en')} pushed guests (open of a file)`,
        value,
        baseline: baseline.ms,
        baselineName: 'every push read (before 007)',
        unit: 'ms',
        target: '< 100 ms',
        met: value < 100,
      },
    ];
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes `count` sent guest pushes (new guests whose ids the answer did not give) sent from `sentAt` on, a ms apart. */
function fillPushes(db: ReturnType<typeof openDeskDatabase>, from: number, count: number, sentAt: number): void {
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT @from UNION ALL SELECT i + 1 FROM n WHERE i < @from + @count - 1)
     INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, attempts, created_at, updated_at, sent_at)
     SELECT 'bench-' || i, 'push_contact', 'sent', @account, 'email:guest' || i || '@example.com',
       json_object('PatronName', 'Guest ' || i, 'PatronEmail', 'guest' || i || '@example.com',
         'PatronMobile', '+614' || printf('%08d', i), 'client_id', @account),
       1, @sentAt - 1000, @sentAt + (i - @from), @sentAt + (i - @from)
     FROM n`,
  ).run({ from, count, sentAt, account: ACCOUNT });
}
