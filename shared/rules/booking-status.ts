// Booking statuses: the service's three (reference 2.6) and the desk's three more, pushed as bookingStatus values.

/** Every status the desk offers, in the order staff meet them. */
export const BOOKING_STATUSES = ['Unconfirmed', 'Pending', 'Confirmed', 'Arrived', 'No-show', 'Cancelled'] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

declare const venueOption: unique symbol;
/** A status option the venue added elsewhere (on the web dashboard): shown and pushed back as it is. */
export type VenueStatus = string & { readonly [venueOption]: true };

/** A booking's status: one the desk knows, or the venue's own option (never a typo: those do not type-check). */
export type BookingStatusValue = BookingStatus | VenueStatus;

/** The status a new booking starts with. */
export const NEW_BOOKING_STATUS: BookingStatus = 'Unconfirmed';

/** The key that sets each status on the selected booking (shown beside the buttons). */
export const STATUS_KEYS: Record<BookingStatus, string> = {
  Unconfirmed: 'u',
  Pending: 'p',
  Confirmed: 'c',
  Arrived: 'a',
  'No-show': 'o',
  Cancelled: 'x',
};

/** Mantine colour of each status on the timeline. */
const STATUS_COLOURS: Record<BookingStatus, string> = {
  Unconfirmed: 'gray',
  Pending: 'yellow',
  Confirmed: 'blue',
  Arrived: 'green',
  'No-show': 'red',
  Cancelled: 'dark',
};

/** Whether a text is one of the statuses the desk knows (as written). */
function isKnownStatus(text: string): text is BookingStatus {
  return BOOKING_STATUSES.some((status) => status === text);
}

/** A status the service sent, as the desk knows it; an option the venue added elsewhere is kept as it is. */
export function statusOf(value: unknown): BookingStatusValue {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return NEW_BOOKING_STATUS;
  return BOOKING_STATUSES.find((status) => status.toLowerCase() === text.toLowerCase()) ?? venueStatus(text);
}

/** Text the desk does not know as a status, taken as the venue's own option: the one place the brand is given. */
function venueStatus(text: string): VenueStatus {
  return text as VenueStatus;
}

/** Whether a booking has this status (the one home of a status comparison, so a misspelt status does not compile). */
export function isStatus(status: BookingStatusValue, known: BookingStatus): boolean {
  return status === known;
}

/** The colour of any status (the venue's own options are grey). */
export function statusColour(status: BookingStatusValue): string {
  return isKnownStatus(status) ? STATUS_COLOURS[status] : 'gray';
}

/** One step along Unconfirmed → Pending → Confirmed; other statuses (and Confirmed) stay where they are. */
export function advanceStatus(status: BookingStatusValue): BookingStatusValue {
  if (status === 'Unconfirmed') return 'Pending';
  if (status === 'Pending') return 'Confirmed';
  return status;
}

/** Whether a booking's party counts in the covers: everything but a cancelled booking. */
export function countsInCovers(status: BookingStatusValue): boolean {
  return !isStatus(status, 'Cancelled');
}

/** The status a key sets, if it is one of the status keys. */
export function statusForKey(key: string): BookingStatus | undefined {
  const lower = key.toLowerCase();
  return BOOKING_STATUSES.find((status) => STATUS_KEYS[status] === lower);
}
