import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { reportBackgroundFailure } from '../stores/background-failures';
import { closedCacheCount } from '../stores/guests';

/**
 * A query of the local cache whose answer follows the database (dexie-react-hooks' useLiveQuery).
 * Undefined while loading, and while an answer for other arguments (the previous guest) is all there
 * is; a failure is reported to the status line and reads as no answer. A read whose cache was closed
 * under it (the account changed meanwhile) has no answer to give: the next read uses the open cache.
 */
export function useCacheQuery<T>(
  query: () => Promise<T>,
  deps: readonly unknown[],
  what = 'Reading the local guest copy',
): T | undefined {
  const answer = useLiveQuery(async () => {
    const closedBefore = closedCacheCount();
    try {
      return { deps, value: await query() };
    } catch (error) {
      const cacheClosed =
        error instanceof Error && error.name === Dexie.errnames.DatabaseClosed && closedCacheCount() !== closedBefore;
      if (!cacheClosed) reportBackgroundFailure(what, error);
      return { deps, value: undefined };
    }
  }, [...deps]);
  return answer && answer.deps.length === deps.length && answer.deps.every((dep, i) => Object.is(dep, deps[i]))
    ? answer.value
    : undefined;
}
