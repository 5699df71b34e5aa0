import { describe, expect, it, vi } from 'vitest';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { GuestSearchIndex, hitOf } from '../../../renderer/search/guest-index';
import { phonePlanOf } from '../../../renderer/search/phone';
import { warmUpSearch } from '../../../renderer/search/warm-up';
import { auPhoneKey, contact } from './fixtures';

/** An index of `count` guests whose first names start with "A", each with a mobile. */
function indexOf(count: number): GuestSearchIndex {
  const index = new GuestSearchIndex();
  for (let i = 0; i < count; i++) {
    const record = contact(String(100 + i), {
      PatronName: `Ann${i}`,
      PatronSurname: 'Abbott',
      PatronEmail: `ann${i}@example.com`,
      PatronMobile: `+61400000${String(i).padStart(3, '0')}`,
    });
    index.put(hitOf(toGuestRow(String(record.contact_id), record, [], auPhoneKey)));
  }
  return index;
}

describe('warming up guest search', () => {
  it('formats the mobiles of the first guests a search finds, as the results list shows them', () => {
    const phone = vi.fn((raw: string) => raw);
    warmUpSearch(indexOf(30), phonePlanOf('AU'), phone);
    expect(phone).toHaveBeenCalledTimes(20);
    expect(phone.mock.calls.every(([raw]) => raw.startsWith('+61400000'))).toBe(true);
  });

  it('formats nothing when the cache holds no guest yet', () => {
    const phone = vi.fn((raw: string) => raw);
    warmUpSearch(new GuestSearchIndex(), phonePlanOf('AU'), phone);
    expect(phone).not.toHaveBeenCalled();
  });
});
