// Which bookings the day view shows: status and field filters, and the search by guest name or phone.
import { countsInCovers } from '../../../shared/rules/booking-status';
import { phoneDigits } from '../../../shared/rules/phone';
import { fold } from '../../search/terms';
import type { BookingView } from '../../sync/booking-overlay';

/** The filters as the screen holds them. */
export interface BookingFilter {
  /** Statuses to show; none chosen shows every booking but cancelled ones (unless its change needs attention). */
  statuses: string[];
  fieldFilters: Record<string, string>;
  query: string;
}

/** Whether a booking passes the status and field filters. */
export function passesFilters(booking: BookingView, filter: Pick<BookingFilter, 'statuses' | 'fieldFilters'>): boolean {
  if (
    filter.statuses.length > 0
      ? !filter.statuses.some((chosen) => chosen === booking.status)
      : // A booking cancelled on another desk while changed here stays in sight until staff choose (issue 20).
        !countsInCovers(booking.status) && booking.pending?.state !== 'needs_attention'
  )
    return false;
  return Object.entries(filter.fieldFilters).every(([name, value]) => String(booking.custom[name] ?? '') === value);
}

/** Whether a booking's guest matches a search: every word in the name or email, or the digits in the mobile. */
export function matchesQuery(booking: BookingView, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const digits = phoneDigits(query);
  if (digits.length >= 3 && /^[\d\s()+-]+$/.test(query.trim())) {
    const mobile = phoneDigits(booking.guestMobile);
    return mobile.includes(digits) || mobile.includes(digits.replace(/^0/, ''));
  }
  return words.every((word) => booking.search.includes(word));
}
