import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import type { ServiceClient } from '../../../shared/api/client';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createOutbox } from '../../../electron/core/outbox/outbox';

/**
 * Fills a desk database with `count` queued SMS through the outbox (no service is called: the
 * dispatcher is not started). Returns the open connection when `keepOpen`, so its WAL stays.
 */
export function deskDatabaseWithEntries(file: string, count: number, keepOpen = false): Database | undefined {
  const db = openDeskDatabase(file);
  const outbox = createOutbox({
    db,
    account: () => ({ clientId: 'c1', client: {} as ServiceClient, phoneCountry: 'AU' }),
  });
  for (let i = 0; i < count; i++)
    outbox.enqueue('sms', {
      from: 'Venue',
      to: `+6141200${String(i).padStart(4, '0')}`,
      message: `Entry ${i} ${'x'.repeat(200)}`,
    });
  if (keepOpen) return db;
  db.close();
  return undefined;
}

/** SHA-256 of a file, to prove a failed open left it as it was. */
export function fileHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
