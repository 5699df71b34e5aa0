import { describe, expect, it, vi } from 'vitest';
import { KnownAnswers } from '../../../renderer/search/answers';
import { phonePlanOf } from '../../../renderer/search/phone';
import { planSearch } from '../../../renderer/search/query';
import type * as searchModule from '../../../renderer/search/search-guests';
import { searchGuests } from '../../../renderer/search/search-guests';
import { seededDb } from './fixtures';

// searchGuests as written, counted, and held back where a test says so.
vi.mock('../../../renderer/search/search-guests', async (importOriginal) => {
  const real = await importOriginal<typeof searchModule>();
  return { ...real, searchGuests: vi.fn(real.searchGuests) };
});

describe('reading ahead while staff type', () => {
  it('a key whose answer is being read ahead waits for that read instead of reading the cache again', async () => {
    const db = await seededDb();
    const plan = planSearch('l', phonePlanOf('AU'));
    const search = vi.mocked(searchGuests);
    const real = search.getMockImplementation()!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    search.mockClear();
    search.mockImplementationOnce(async (...args) => {
      await held;
      return real(...args);
    });
    const answers = new KnownAnswers(db, 0);
    const ahead = answers.readAheadOf(
      [plan],
      () => true,
      async () => true,
    );
    await vi.waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    // The key comes while the read-ahead is on its way.
    const typed = answers.read(plan);
    release();
    await ahead;
    expect(await typed).toEqual(await real(db, plan));
    expect(search).toHaveBeenCalledTimes(1);
    expect(answers.get(plan)).toEqual(await typed);
    db.close();
  });
});
