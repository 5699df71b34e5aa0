// The audience facts of every cached guest, read once per cache change so each filter change is counted in memory.
import { audienceFacts, type AudienceFacts } from '../../shared/rules/campaign-audience';
import type { GuestDatabase } from './guest-db';

const PAGE = 5000;

/** The audience facts of every cached guest, from the records as the service last returned them (what it counts). */
export async function loadAudienceFacts(db: GuestDatabase): Promise<AudienceFacts[]> {
  const facts: AudienceFacts[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await (after === undefined ? db.guests.orderBy(':id') : db.guests.where(':id').above(after))
      .limit(PAGE)
      .toArray();
    for (const row of page) facts.push(audienceFacts(row.record));
    if (page.length < PAGE) return facts;
    after = page.at(-1)!.key;
  }
}

/** Category id → name, as the cache lists them. */
export async function categoryNamesById(db: GuestDatabase): Promise<Map<string, string>> {
  return new Map((await db.categories.toArray()).map((category) => [category.id, category.name]));
}
