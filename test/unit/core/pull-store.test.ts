// The core's pull store: whole lists paged at once; streamed lists paged as they fill, each page waiting for
// its items, `more` until the answer ends, and a failure handed to the page it broke off in.
import { describe, expect, it } from 'vitest';
import { createPullStore } from '../../../electron/core/pull-store';
import { UserFacingError } from '../../../shared/bridge/result';

/** Whether a promise has settled by now (after pending callbacks have run). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  const mark = () => (done = true);
  void promise.then(mark, mark); // only whether it settled matters here; the test awaits the promise itself
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the pull store', () => {
  it('pages a whole list, says nothing more will come, and forgets it after its last page', async () => {
    const store = createPullStore<number>('bookings');
    const pullId = store.keep([1, 2, 3, 4, 5]);
    await expect(store.page(pullId, 0, 2)).resolves.toEqual({ items: [1, 2], remaining: 3, more: false });
    await expect(store.page(pullId, 2, 5)).resolves.toEqual({ items: [3, 4, 5], remaining: 0, more: false });
    await expect(store.page(pullId, 0, 2)).rejects.toThrow('That download of the bookings has expired. Sync again.');
  });

  it('answers a page of a list still arriving once its items are in, or once the answer ends', async () => {
    const store = createPullStore<number>('bookings');
    const feed = store.open();
    const first = store.page(feed.pullId, 0, 3);
    feed.add([1, 2]);
    expect(await settled(first)).toBe(false);
    feed.add([3, 4]);
    await expect(first).resolves.toEqual({ items: [1, 2, 3], remaining: 1, more: true });
    const last = store.page(feed.pullId, 3, 3);
    feed.add([5]);
    expect(await settled(last)).toBe(false);
    feed.end();
    await expect(last).resolves.toEqual({ items: [4, 5], remaining: 0, more: false });
    await expect(store.page(feed.pullId, 0, 1)).rejects.toThrow(/expired/);
  });

  it('hands out what arrived before a failure, and the failure to the page it broke off in', async () => {
    const store = createPullStore<number>('bookings');
    const feed = store.open();
    feed.add([1, 2, 3]);
    const waiting = store.page(feed.pullId, 3, 3);
    const failure = new UserFacingError('The service took too long to send the bookings. Try again in a moment.');
    feed.fail(failure);
    await expect(waiting).rejects.toBe(failure);
    const other = store.open();
    other.add([1, 2, 3]);
    other.fail(failure);
    await expect(store.page(other.pullId, 0, 3)).resolves.toEqual({ items: [1, 2, 3], remaining: 0, more: true });
    await expect(store.page(other.pullId, 3, 3)).rejects.toBe(failure);
  });

  it('lets a list the renderer never finished expire ten minutes after the answer ended', async () => {
    let now = 0;
    const store = createPullStore<number>('guest list', () => now);
    const abandoned = store.open();
    abandoned.add([1, 2]);
    now += 11 * 60_000;
    store.keep([]);
    await expect(store.page(abandoned.pullId, 0, 1)).resolves.toMatchObject({ items: [1], more: true });
    abandoned.end();
    now += 11 * 60_000;
    store.keep([]);
    await expect(store.page(abandoned.pullId, 0, 1)).rejects.toThrow('That download of the guest list has expired.');
  });
});
