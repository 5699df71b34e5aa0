import type { GuestRow, SentItemRow } from '../../db/guest-types';
import { allReplies, readReplyIds } from '../../db/tables/messages';
import { threadsOf, type ReplyThread } from '../../db/replies-by-number';
import { TERM } from '../../search/terms';
import { useGuests } from '../../stores/guests';
import { useCacheQuery } from '../../hooks/useCacheQuery';

/** A conversation with the guest its number belongs to (if the cache knows one) and how many replies are unread. */
export interface ThreadView extends ReplyThread {
  guest: GuestRow | undefined;
  unread: number;
  readIds: Set<string>;
  /** The desk's messages the replies answer, by reference id (from the cached sent items). */
  answered: Map<string, SentItemRow>;
}

/** Every cached SMS reply as conversations by number, linked to guests by normalised mobile, newest first. */
export function useReplyThreads(): ThreadView[] | undefined {
  const db = useGuests((state) => state.cache?.db);
  return useCacheQuery(
    async () => {
      if (!db) return [];
      const replies = await allReplies(db);
      const read = await readReplyIds(
        db,
        replies.map((reply) => reply.id),
      );
      const threads = threadsOf(replies);
      const answered = await db.sentItemsByReference([
        ...new Set(replies.flatMap((reply) => (reply.reference_id ? [reply.reference_id] : []))),
      ]);
      return Promise.all(
        threads.map(async (thread) => ({
          ...thread,
          guest: (await db.guestsWithTerm(TERM.phone + thread.phone))[0],
          unread: thread.replies.filter((reply) => !read.has(reply.id)).length,
          readIds: read,
          answered,
        })),
      );
    },
    [db],
    'Reading the SMS replies',
  );
}
