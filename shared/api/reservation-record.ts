// One element of pull_reservations' answer (reference 4.17 in docs/service-api.md): a reservation and its
// guest's contact. A first sync reads 20,000 of them, so each is checked by hand where the answer enters the
// desk, with the rules a zod looseObject of idText and numeric fields applies (response-schemas.ts), at a
// fraction of its cost: no copy of an element that is already in the desk's types, unknown fields passed
// through untouched, and a mismatch told as the same field paths and codes zod would give.
import { z } from 'zod';

/** A reservation: its id, party size and status read; every other field (the account's own) as the service sent it. */
export interface ReservationFieldsRecord {
  id: string;
  total_attendees?: number | null;
  bookingStatus?: string | null;
  [field: string]: unknown;
}

/** The booking's guest as a stored contact: its ids, and whatever fields the account has. */
export interface ReservationContactRecord {
  client_id: string;
  contact_id: string;
  [field: string]: unknown;
}

/** A reservation with its contact, as pull_reservations returns it. */
export interface ReservationRecord {
  reservation: ReservationFieldsRecord;
  contact: ReservationContactRecord;
  [field: string]: unknown;
}

/** Where an element does not match, and how (zod's issue codes). */
interface Mismatch {
  path: string[];
  code: 'invalid_type' | 'invalid_union';
  expected?: string;
}

/** An object as zod's looseObject takes one: not null, not an array. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number as z.number() takes one (finite). */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Numeric text as `numeric` takes it: an optional minus, digits, an optional decimal part, after trimming. */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** An id as idText reads it (text or a number, always text to us); undefined when it is neither. */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isNumber(value) ? String(value) : undefined;
}

/** A nullish `numeric` as read: a number, numeric text as its number, null or absent as they are; NaN when it is none of these. */
function numericOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null || isNumber(value)) return value;
  if (typeof value !== 'string') return NaN;
  const text = value.trim();
  return NUMERIC_TEXT.test(text) ? Number(text) : NaN;
}

/** The reservation as read, or its mismatches noted in `mismatches`. */
function readReservation(value: unknown, mismatches: Mismatch[]): ReservationFieldsRecord | undefined {
  if (!isObject(value)) {
    mismatches.push({ path: ['reservation'], code: 'invalid_type', expected: 'object' });
    return undefined;
  }
  const id = idOf(value.id);
  if (id === undefined) mismatches.push({ path: ['reservation', 'id'], code: 'invalid_union' });
  const size = numericOf(value.total_attendees);
  if (Number.isNaN(size)) mismatches.push({ path: ['reservation', 'total_attendees'], code: 'invalid_union' });
  const status = value.bookingStatus;
  const statusRead = status === undefined || status === null || typeof status === 'string';
  if (!statusRead)
    mismatches.push({ path: ['reservation', 'bookingStatus'], code: 'invalid_type', expected: 'string' });
  if (id === undefined || Number.isNaN(size) || !statusRead) return undefined;
  if (id === value.id && size === value.total_attendees) return value as ReservationFieldsRecord;
  // Copied only when a field is read into the desk's type (an id sent as a number, a party size as text).
  const read: ReservationFieldsRecord = { ...value, id };
  if (size !== undefined) read.total_attendees = size;
  return read;
}

/** The contact as read, or its mismatches noted in `mismatches`. */
function readContact(value: unknown, mismatches: Mismatch[]): ReservationContactRecord | undefined {
  if (!isObject(value)) {
    mismatches.push({ path: ['contact'], code: 'invalid_type', expected: 'object' });
    return undefined;
  }
  const clientId = idOf(value.client_id);
  const contactId = idOf(value.contact_id);
  if (clientId === undefined) mismatches.push({ path: ['contact', 'client_id'], code: 'invalid_union' });
  if (contactId === undefined) mismatches.push({ path: ['contact', 'contact_id'], code: 'invalid_union' });
  if (clientId === undefined || contactId === undefined) return undefined;
  if (clientId === value.client_id && contactId === value.contact_id) return value as ReservationContactRecord;
  return { ...value, client_id: clientId, contact_id: contactId };
}

/**
 * Reads one element of pull_reservations' answer: the record in the desk's types (ids as text, a party size
 * sent as text as its number), or every mismatch, as the looseObject it stands for would find them.
 */
function readReservationRecord(
  value: unknown,
): { record: ReservationRecord; mismatches?: undefined } | { mismatches: Mismatch[] } {
  if (!isObject(value)) return { mismatches: [{ path: [], code: 'invalid_type', expected: 'object' }] };
  const mismatches: Mismatch[] = [];
  const reservation = readReservation(value.reservation, mismatches);
  const contact = readContact(value.contact, mismatches);
  if (!reservation || !contact) return { mismatches };
  if (reservation === value.reservation && contact === value.contact) return { record: value as ReservationRecord };
  return { record: { ...value, reservation, contact } };
}

/** pull_reservations' element as a schema (the method's `item`, and its whole answer's element). */
export const reservationRecord = z.unknown().transform((value, context): ReservationRecord => {
  const read = readReservationRecord(value);
  if (!read.mismatches) return read.record;
  for (const { path, code, expected } of read.mismatches)
    context.addIssue(
      code === 'invalid_type'
        ? { code, expected: expected ?? 'object', path, input: value, message: `expected ${expected}` }
        : { code, errors: [], path, input: value, message: 'expected text or a number' },
    );
  return z.NEVER;
});
