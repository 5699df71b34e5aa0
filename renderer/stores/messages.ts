import { unreadReplyCount } from '../db/tables/messages';
import { useCacheQuery } from '../hooks/useCacheQuery';
import { useGuests } from './guests';

/** How many SMS replies in the cache staff have not opened (the navigation badge); 0 without a cache. */
export function useUnreadReplyCount(): number {
  const db = useGuests((state) => state.cache?.db);
  return useCacheQuery(async () => (db ? unreadReplyCount(db) : 0), [db], 'Counting unread SMS replies') ?? 0;
}
