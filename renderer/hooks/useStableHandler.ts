import { useCallback, useRef } from 'react';

/**
 * A handler whose identity never changes and that always calls the latest `handler`: memoised children
 * take it without being drawn again each time their parent is.
 */
export function useStableHandler<Args extends unknown[]>(handler: (...args: Args) => unknown): (...args: Args) => void {
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback((...args: Args) => void latest.current(...args), []);
}
