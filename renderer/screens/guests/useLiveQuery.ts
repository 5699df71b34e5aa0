import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** A Dexie query whose answer follows the database: re-run whenever what it read changes. */
export function useLiveQuery<T>(query: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<{ deps: readonly unknown[]; value: T } | undefined>();
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: (next) => setValue({ deps, value: next }), error: () => {} });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // An answer to other arguments (the previous guest) is not shown while the new one loads.
  return value && value.deps.length === deps.length && value.deps.every((dep, i) => Object.is(dep, deps[i])) ? value.value : undefined;
}
