import { randomUUID } from 'node:crypto';
import { UserFacingError } from '../../shared/bridge/result';

/** How long a pulled list waits for the renderer to fetch its pages. */
const PULL_TTL_MS = 10 * 60_000;

/** Pulled lists (guests, bookings) held in the core while the renderer fetches them page by page. */
export interface PullStore<Item> {
  /** Keeps a pulled list; returns its id. */
  keep(items: Item[]): string;
  /** One page; the list is forgotten once its last page is taken. */
  page(pullId: string, offset: number, limit: number): { items: Item[]; remaining: number };
}

/**
 * Creates the store of one kind of list (`what`: "guest list", "bookings", in the expiry message);
 * lists not fully fetched expire (a closed window never comes back for them).
 */
export function createPullStore<Item>(what: string, now: () => number = Date.now): PullStore<Item> {
  const pulls = new Map<string, { items: Item[]; expiresAt: number }>();
  const expire = () => {
    for (const [id, pull] of pulls) if (pull.expiresAt < now()) pulls.delete(id);
  };
  return {
    keep(items) {
      expire();
      const id = `pull_${randomUUID()}`;
      pulls.set(id, { items, expiresAt: now() + PULL_TTL_MS });
      return id;
    },
    page(pullId, offset, limit) {
      const pull = pulls.get(pullId);
      if (!pull) throw new UserFacingError(`That download of the ${what} has expired. Sync again.`);
      pull.expiresAt = now() + PULL_TTL_MS;
      const items = pull.items.slice(offset, offset + limit);
      const remaining = Math.max(0, pull.items.length - offset - items.length);
      if (remaining === 0) pulls.delete(pullId);
      return { items, remaining };
    },
  };
}
