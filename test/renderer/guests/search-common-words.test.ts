import { describe, expect, it } from 'vitest';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { GuestSearchIndex, hitOf } from '../../../renderer/search/guest-index';
import { phonePlanOf } from '../../../renderer/search/phone';
import { planSearch } from '../../../renderer/search/query';
import { searchIndexed } from '../../../renderer/search/search-guests';
import { auPhoneKey, contact } from './fixtures';

/** An index of these guests in memory, as the cache keeps it. */
function indexOf(records: Record<string, unknown>[]): GuestSearchIndex {
  const index = new GuestSearchIndex();
  for (const record of records) index.put(hitOf(toGuestRow(String(record.contact_id), record, [], auPhoneKey)));
  return index;
}

describe('a several-word search whose words are all common', () => {
  it('finds the guest matching every word even when the rarest word matches hundreds of guests before it', () => {
    // "sam" and "lee" match over 5,000 guests each; "taylor" 450, and the one Sam Lee Taylor is the last of them.
    const guests = [
      ...Array.from({ length: 5100 }, (_, i) =>
        contact(String(20000 + i), { PatronName: 'Sam Lee', PatronSurname: 'Jones' }),
      ),
      ...Array.from({ length: 449 }, (_, i) =>
        contact(String(1000 + i), { PatronName: 'Kim Park', PatronSurname: 'Taylor' }),
      ),
      contact('9999', { PatronName: 'Sam Lee', PatronSurname: 'Taylor' }),
    ];
    const index = indexOf(guests);
    const plan = planSearch('sam lee taylor', phonePlanOf('AU'));
    const result = searchIndexed(index, plan);
    expect({ keys: result.rows.map((row) => row.key), truncated: result.truncated }).toEqual({
      keys: ['9999'],
      truncated: false,
    });
  });

  it('says the answer is cut when every word matches more guests than it gathers', () => {
    const guests = Array.from({ length: 5200 }, (_, i) =>
      contact(String(10000 + i), { PatronName: 'Sam Lee', PatronSurname: 'Jones' }),
    );
    const result = searchIndexed(indexOf(guests), planSearch('sam lee jones', phonePlanOf('AU')));
    expect(result.rows).toHaveLength(200);
    expect(result.truncated).toBe(true);
  });
});
