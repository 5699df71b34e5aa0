import { randomUUID } from 'node:crypto';
import { UserFacingError } from '../../../shared/bridge/result';

/** How long a pulled list waits for the renderer to fetch its pages. */
const PULL_TTL_MS = 10 * 60_000;

/** Pulled contact lists held in the core while the renderer fetches them page by page. */
export interface PullStore {
  /** Keeps a pulled list; returns its id. */
  keep(contacts: Record<string, unknown>[]): string;
  /** One page; the list is forgotten once its last page is taken. */
  page(pullId: string, offset: number, limit: number): { contacts: Record<string, unknown>[]; remaining: number };
}

/** Creates the store; lists not fully fetched expire (a closed window never comes back for them). */
export function createPullStore(now: () => number = Date.now): PullStore {
  const pulls = new Map<string, { contacts: Record<string, unknown>[]; expiresAt: number }>();
  const expire = () => {
    for (const [id, pull] of pulls) if (pull.expiresAt < now()) pulls.delete(id);
  };
  return {
    keep(contacts) {
      expire();
      const id = `pull_${randomUUID()}`;
      pulls.set(id, { contacts, expiresAt: now() + PULL_TTL_MS });
      return id;
    },
    page(pullId, offset, limit) {
      const pull = pulls.get(pullId);
      if (!pull) throw new UserFacingError('That download of the guest list has expired. Sync again.');
      pull.expiresAt = now() + PULL_TTL_MS;
      const contacts = pull.contacts.slice(offset, offset + limit);
      const remaining = Math.max(0, pull.contacts.length - offset - contacts.length);
      if (remaining === 0) pulls.delete(pullId);
      return { contacts, remaining };
    },
  };
}
