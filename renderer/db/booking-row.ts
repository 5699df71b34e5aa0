import { phoneDigits } from '../../shared/rules/phone';
import { customBookingFields } from '../../shared/rules/booking-fields';
import { statusOf } from '../../shared/rules/booking-status';
import { fold } from '../search/terms';
import { FIELD, fieldText, guestLabel, type ContactRecord } from './contact';
import type { BookingGuest, BookingRow } from './tables/reservations';

/** A pulled or queued reservation, as the service's fields. */
export type ReservationFields = Record<string, unknown>;

/** The guest fields a booking shows, from a contact record. */
export function bookingGuestOf(contact: ContactRecord): BookingGuest {
  return {
    guestName: guestLabel(contact),
    guestMobile: fieldText(contact, FIELD.mobile),
    guestEmail: fieldText(contact, FIELD.email),
  };
}

/** Builds the cached row of a booking from its reservation fields and its guest. */
export function toBookingRow(reservation: ReservationFields, guestKey: string, guest: BookingGuest): BookingRow | null {
  const id = reservation.id === undefined || reservation.id === null ? '' : String(reservation.id);
  if (!id) return null;
  const custom = customBookingFields(reservation);
  const size = Number(reservation.total_attendees);
  return {
    id,
    guestKey,
    date: typeof reservation.Date === 'string' ? reservation.Date.trim() : '',
    time: normaliseTime(reservation.Time),
    partySize: Number.isFinite(size) && size > 0 ? Math.round(size) : 0,
    status: statusOf(reservation.bookingStatus),
    attendeeNames: namesOf(reservation.attendee_names),
    custom,
    // Only the guest's fields: a whole booking lent as `guest` must not bring its date, time or party along.
    guestName: guest.guestName,
    guestMobile: guest.guestMobile,
    guestEmail: guest.guestEmail,
    search: searchTextOf(guest),
  };
}

/** A booking row of a pull_reservations answer item. */
export function bookingRowOfPull(item: { reservation: ReservationFields; contact: ContactRecord }): BookingRow | null {
  const guestKey =
    item.contact.contact_id === undefined || item.contact.contact_id === null ? '' : String(item.contact.contact_id);
  return guestKey ? toBookingRow(item.reservation, guestKey, bookingGuestOf(item.contact)) : null;
}

/** What the day's search matches: the folded name and email, and the mobile's digits. */
export function searchTextOf(guest: BookingGuest): string {
  return `${fold(guest.guestName)} ${fold(guest.guestEmail)} ${phoneDigits(guest.guestMobile)}`;
}

/** `HH:MM:SS` of a time the service sent (`19:30`, `7:30:00`, …); '' when there is none. */
function normaliseTime(value: unknown): string {
  const match = typeof value === 'string' ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(value.trim()) : null;
  if (!match) return '';
  return `${match[1]!.padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`;
}

/** Attendee names from a list or comma-separated text. */
function namesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return list.map((name) => name.trim()).filter(Boolean);
}
