/** One entry's part of a bulk answer. */
export type ItemAnswer = { ok: true; echo: Record<string, unknown> } | { ok: false; desc: string } | { ok: null };

/** A per-item failure of a bulk method (reference §4.14, §4.16, §4.18). */
export interface BulkFailure {
  reason?: { code?: number; desc?: string } | null;
  [field: string]: unknown;
}

/**
 * Pairs a bulk answer's success and failure lists with the entries sent, by a key each side
 * carries (contact_id, reservation id, a purchase's fields). Entries without a key (new guests) get
 * the answers left over, in order, only when those can belong to them one way; otherwise
 * `{ ok: null }`: the answer does not say, and the entry is checked again on its own.
 */
export function pairBulkAnswers(
  keys: ReadonlyArray<string | undefined>,
  success: ReadonlyArray<Record<string, unknown>>,
  failures: ReadonlyArray<BulkFailure>,
  keyOf: (echo: Record<string, unknown>) => string | undefined,
): ItemAnswer[] {
  const successLeft = [...success];
  const failuresLeft = [...failures];
  const take = <T extends Record<string, unknown>>(list: T[], key: string) => {
    const index = list.findIndex((entry) => keyOf(entry) === key);
    return index < 0 ? undefined : list.splice(index, 1)[0];
  };
  const answers: ItemAnswer[] = keys.map((key) => {
    if (key === undefined) return { ok: null };
    const echo = take(successLeft, key);
    if (echo) return { ok: true, echo };
    const failure = take(failuresLeft, key);
    if (failure) return { ok: false, desc: failure.reason?.desc ?? '' };
    return { ok: null };
  });
  const unkeyed = keys.flatMap((key, index) => (key === undefined ? [index] : []));
  if (unkeyed.length === 0) return answers;
  if (failuresLeft.length === 0 && successLeft.length === unkeyed.length) {
    unkeyed.forEach((index, n) => (answers[index] = { ok: true, echo: successLeft[n]! }));
  } else if (successLeft.length === 0 && failuresLeft.length === unkeyed.length) {
    unkeyed.forEach((index, n) => (answers[index] = { ok: false, desc: failuresLeft[n]!.reason?.desc ?? '' }));
  }
  return answers;
}
