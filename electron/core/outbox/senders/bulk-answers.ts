/** One entry's part of a bulk answer. */
export type ItemAnswer = { ok: true; echo: Record<string, unknown> } | { ok: false; desc: string } | { ok: null };

/** A per-item failure of a bulk method (reference §4.14, §4.16, §4.18). */
export interface BulkFailure {
  reason?: { code?: number; desc?: string } | null;
  [field: string]: unknown;
}

/**
 * Pairs a bulk answer's success and failure lists with the entries sent, by a key each side
 * carries (contact_id, reservation id, a purchase's fields). An entry without a key (a new guest)
 * gets the one answer left over only when it is the call's only such entry; several of them get
 * `{ ok: null }`: the answer does not say which is which, and the caller must find out.
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
  // Only one entry without a key can take what is left without guessing: the answer gives no order.
  if (unkeyed.length !== 1) return answers;
  const index = unkeyed[0]!;
  if (failuresLeft.length === 0 && successLeft.length === 1) answers[index] = { ok: true, echo: successLeft[0]! };
  else if (successLeft.length === 0 && failuresLeft.length === 1)
    answers[index] = { ok: false, desc: failuresLeft[0]!.reason?.desc ?? '' };
  return answers;
}

/** The answers (successes or failures) no keyed entry claimed: what a bulk answer gave the entries without a key, in no known order. */
export function unclaimedAnswers<T extends Record<string, unknown>>(
  keys: ReadonlyArray<string | undefined>,
  answers: ReadonlyArray<T>,
  keyOf: (echo: T) => string | undefined,
): T[] {
  const left = [...answers];
  for (const key of keys) {
    if (key === undefined) continue;
    const index = left.findIndex((echo) => keyOf(echo) === key);
    if (index >= 0) left.splice(index, 1);
  }
  return left;
}
