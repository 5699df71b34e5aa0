import { useLiveQuery } from 'dexie-react-hooks';
import { unreadReplyCount } from '../db/messages-db';
import { useGuests } from './guests';

/** How many SMS replies in the cache staff have not opened (the navigation badge); 0 without a cache. */
export function useUnreadReplyCount(): number {
  const db = useGuests((state) => state.cache?.db);
  return useLiveQuery(async () => (db ? unreadReplyCount(db) : 0), [db], 0);
}
