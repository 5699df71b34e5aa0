// The operator's booking controls: change a booking as another desk would, and age bookings' last change.
import type { SandboxContext } from '../context';
import { ageReservations, findReservationData, updateReservationData } from '../store/reservations';
import { requireAccount } from './accounts';
import { OperatorError, parseInput, reservationChangeSchema, type ReservationChangeInput } from './inputs';

/**
 * Changes a booking as another desk of the venue would (tests make conflicts on demand): the fields
 * given are set (null clears one), the others kept, and the booking counts as touched now, so
 * pull_reservations with touched_from brings it. Returns the booking's stored fields.
 */
export function changeReservation(
  ctx: SandboxContext,
  clientId: string,
  id: string,
  input: ReservationChangeInput,
): Record<string, unknown> {
  const { fields } = parseInput(reservationChangeSchema, input);
  const account = requireAccount(ctx.db, clientId);
  const current = findReservationData(ctx.db, account.id, id);
  if (!current) throw new OperatorError(`No booking ${id}`, 404);
  const data = { ...current };
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) delete data[name];
    else data[name] = value;
  }
  updateReservationData(ctx.db, account.id, id, data, ctx.now().getTime());
  return { id, ...data };
}

/** Moves every booking's last change of an account back by `byMs`; returns how many moved. */
export function ageOperatorReservations(ctx: SandboxContext, clientId: string, byMs: number): number {
  if (!Number.isSafeInteger(byMs) || byMs < 0) throw new OperatorError('byMs must be a whole number of milliseconds');
  return ageReservations(ctx.db, requireAccount(ctx.db, clientId).id, byMs);
}
