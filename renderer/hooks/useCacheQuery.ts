import { useLiveQuery } from 'dexie-react-hooks';
import { reportBackgroundFailure } from '../stores/background-failures';

/**
 * A query of the local cache whose answer follows the database (dexie-react-hooks' useLiveQuery).
 * Undefined while loading, and while an answer for other arguments (the previous guest) is all there
 * is; a failure is reported to the status line and reads as no answer.
 */
export function useCacheQuery<T>(
  query: () => Promise<T>,
  deps: readonly unknown[],
  what = 'Reading the local guest copy',
): T | undefined {
  const answer = useLiveQuery(async () => {
    try {
      return { deps, value: await query() };
    } catch (error) {
      reportBackgroundFailure(what, error);
      return { deps, value: undefined };
    }
  }, [...deps]);
  return answer && answer.deps.length === deps.length && answer.deps.every((dep, i) => Object.is(dep, deps[i]))
    ? answer.value
    : undefined;
}
