import { z } from 'zod';

/**
 * A pulled page's counts besides its items (guests' and bookings' pulls alike): `remaining` held after it;
 * `more`: the service's answer is still arriving; `leftOut`, on the last page: how many of the answer's
 * elements did not match and were left out (the core's log says why), so staff are told, not left guessing.
 */
export const pulledPageCounts = {
  remaining: z.number().int().nonnegative(),
  more: z.boolean().optional(),
  leftOut: z.number().int().nonnegative().optional(),
};
