import { useRef } from 'react';

/**
 * The array of the last render while its items are the same ones, else the new one: memoised components
 * given it are not drawn again for a list rebuilt with equal items.
 */
export function useSameArray<T>(items: readonly T[]): readonly T[] {
  const last = useRef(items);
  if (last.current.length !== items.length || last.current.some((item, index) => item !== items[index]))
    last.current = items;
  return last.current;
}
