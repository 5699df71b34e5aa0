import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../shared/bridge/contract';
import { SYNC_OVERLAP_MS } from '../../../shared/rules/touched-from';
import { cacheSentFrom, readOutboxGuests } from '../../../renderer/import/outbox-guests';
import { GUEST_META_KEY } from '../../../renderer/sync/guest-collection';
import { freshDb } from '../guests/fixtures';

const guest = (entry: string) => ({ entry, state: 'sent' as const, fields: { PatronEmail: `${entry}@example.com` } });

describe("the outbox's guests a file's check reads", () => {
  it("asks only for the pushes sent since the cache's last pull (less the sync overlap), and for all of them before any sync", async () => {
    const db = await freshDb();
    expect(await cacheSentFrom(db)).toBeUndefined();
    await db.meta.put({ key: GUEST_META_KEY, value: { lastPullStartedAt: '2026-11-24T15:00:00.000Z' } });
    const sentFrom = await cacheSentFrom(db);
    expect(sentFrom).toBe(Date.parse('2026-11-24T15:00:00.000Z') - SYNC_OVERLAP_MS);

    const asked: RequestOf<'importKnownGuests'>[] = [];
    const guests = await readOutboxGuests(async (request) => {
      asked.push(request);
      return request.after === 0 ? { guests: [guest('a')], next: 7 } : { guests: [guest('b')], next: null };
    }, sentFrom);
    expect(guests.map((known) => known.entry)).toEqual(['a', 'b']);
    expect(asked).toEqual([
      { after: 0, sentFrom },
      { after: 7, sentFrom },
    ]);
    db.close();
  });

  it('says so in words when the desk does not answer in time or fails, instead of waiting for ever', async () => {
    const never = () => new Promise<never>(() => undefined);
    await expect(readOutboxGuests(never, undefined, 30)).rejects.toThrow(
      /^The desk took longer than 0 seconds to list the guests it is sending, so this file's check for guests already on file could not start\. Choose the file again/,
    );
    const failing = () => Promise.reject(new Error('The desk core is not running.'));
    await expect(readOutboxGuests(failing, undefined)).rejects.toThrow(
      "The desk could not list the guests it is sending (The desk core is not running.), so this file's check for guests already on file could not start. Choose the file again.",
    );
  });
});
