// Runs in Chromium as part of the benchmark page (bench-page.ts): guest search on the synced cache, against a scan of the same table.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { GuestDatabase } from '../../../renderer/db/guest-db';
import type { GuestRow } from '../../../renderer/db/guest-types';
import { FIELD, fieldText } from '../../../renderer/db/contact';
import { withTerms } from '../../../renderer/db/guest-row';
import { hitOf } from '../../../renderer/search/guest-index';
import { createPhoneKey } from '../../../renderer/search/phone';
import { planSearch, type PlanContext } from '../../../renderer/search/query';
import { rankGuests } from '../../../renderer/search/rank';
import { searchGuests } from '../../../renderer/search/search-guests';

/** Search latencies in ms for our indexed search and for the scan, over the same kinds of query. */
export interface SearchSamples {
  indexed: number[];
  scan: number[];
  queries: number;
  /** Queries whose complete indexed results differ from the scan's (count or best match): should be none. */
  disagreements: string[];
}

/** A deterministic generator so every run times the same queries. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Queries as staff type them: surname parts, first name and surname, mobiles in local form, emails, member numbers. */
function queryMix(sample: GuestRow[], country: string): string[] {
  const queries: string[] = [];
  for (const row of sample) {
    const record = row.record;
    const first = fieldText(record, FIELD.firstName);
    const surname = fieldText(record, FIELD.surname);
    const email = fieldText(record, FIELD.email);
    const mobile = parsePhoneNumberFromString(fieldText(record, FIELD.mobile), country as never);
    const member = fieldText(record, FIELD.member);
    if (surname.length >= 4) queries.push(surname.slice(0, 4), surname);
    if (first && surname) queries.push(`${first} ${surname.slice(0, 3)}`);
    if (mobile) queries.push(mobile.formatNational(), mobile.formatNational().slice(0, 7));
    if (email) queries.push(email, email.slice(0, Math.max(3, email.indexOf('@'))));
    if (member) queries.push(member);
  }
  return queries;
}

/** Times every query with the index (after a warm-up round), and a share of them with a full scan of the table. */
export async function measureSearch(
  db: GuestDatabase,
  context: PlanContext,
  country: string,
  options: { sampleSize: number; rounds: number; scanQueries: number },
): Promise<SearchSamples> {
  const random = seeded(7);
  const count = await db.guests.count();
  const keys = await db.guests.toCollection().primaryKeys();
  const sample = (
    await db.guests.bulkGet(Array.from({ length: options.sampleSize }, () => keys[Math.floor(random() * count)]!))
  ).filter((row): row is GuestRow => Boolean(row));
  const queries = queryMix(sample, country);
  const indexed: number[] = [];
  for (const query of queries) await searchGuests(db, planSearch(query, context));
  for (let round = 0; round < options.rounds; round++) {
    for (const query of queries) {
      const started = performance.now();
      await searchGuests(db, planSearch(query, context));
      indexed.push(performance.now() - started);
    }
  }
  const scan: number[] = [];
  const disagreements: string[] = [];
  const step = Math.max(1, Math.floor(queries.length / options.scanQueries));
  const phoneKey = createPhoneKey(country);
  const noWrites = new Map<string, never[]>();
  for (let i = 0; i < queries.length && scan.length < options.scanQueries; i += step) {
    const plan = planSearch(queries[i]!, context);
    const started = performance.now();
    // Rows are stored without their terms (renderer/db/guest-row-storage.ts): a scan makes them from each record.
    const scanned = rankGuests(
      (await db.guests.toArray()).map((row) => hitOf(withTerms(row, noWrites, phoneKey))),
      plan.tokens,
    );
    scan.push(performance.now() - started);
    const found = await searchGuests(db, plan);
    // A cut-short result shows the first matches in index order, so only complete results must agree.
    if (!found.truncated && (scanned.length !== found.rows.length || scanned[0]?.key !== found.rows[0]?.key))
      disagreements.push(queries[i]!);
  }
  return { indexed, scan, queries: queries.length, disagreements };
}
