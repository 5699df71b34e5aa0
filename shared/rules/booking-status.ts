// Booking statuses: the service's three (reference 2.6) and the desk's three more, pushed as bookingStatus values.

/** Every status the desk offers, in the order staff meet them. */
export const BOOKING_STATUSES = ['Unconfirmed', 'Pending', 'Confirmed', 'Arrived', 'No-show', 'Cancelled'] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

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
export const STATUS_COLOURS: Record<BookingStatus, string> = {
  Unconfirmed: 'gray',
  Pending: 'yellow',
  Confirmed: 'blue',
  Arrived: 'green',
  'No-show': 'red',
  Cancelled: 'dark',
};

/** A status the service sent, as the desk knows it; an option the venue added elsewhere is kept as it is. */
export function statusOf(value: unknown): BookingStatus | string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return NEW_BOOKING_STATUS;
  return BOOKING_STATUSES.find((status) => status.toLowerCase() === text.toLowerCase()) ?? text;
}

/** The colour of any status (unknown ones are grey). */
export function statusColour(status: string): string {
  return (STATUS_COLOURS as Record<string, string>)[status] ?? 'gray';
}

/** One step along Unconfirmed → Pending → Confirmed; other statuses (and Confirmed) stay where they are. */
export function advanceStatus(status: string): string {
  if (status === 'Unconfirmed') return 'Pending';
  if (status === 'Pending') return 'Confirmed';
  return status;
}

/** Whether a booking's party counts in the covers: everything but a cancelled booking. */
export function countsInCovers(status: string): boolean {
  return status !== 'Cancelled';
}

/** The status a key sets, if it is one of the status keys. */
export function statusForKey(key: string): BookingStatus | undefined {
  const lower = key.toLowerCase();
  return BOOKING_STATUSES.find((status) => STATUS_KEYS[status] === lower);
}
