/** How often each value occurs. */
export function countBy<T>(items: readonly T[], keyOf: (item: T) => string | null | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null || key === undefined) continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The keys that occur more than once. */
export function duplicates(counts: ReadonlyMap<string, number>): string[] {
  return [...counts].filter(([, count]) => count > 1).map(([key]) => key);
}
