import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { advanceStatus, statusForKey } from '../../../shared/rules/booking-status';
import { getDesk } from '../../bridge/desk';
import type { BookingView } from '../../sync/booking-overlay';
import { closeBookingForm, openBookingForm, showDay, useReservationsView } from '../../stores/reservations-view';
import { setBookingStatus } from '../../stores/reservations-writes';
import { addDays } from './booking-time';

/** Whether a key press was meant for a text field, a list or a dialog rather than the day view. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

/**
 * The day view's keys: ↑/↓ move between bookings, ←/→ between days, N new booking, Enter opens the
 * selected one, Esc closes, Space steps its status, and U P C A O X set a status.
 */
export function useDayKeys(date: string, bookings: BookingView[]): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const view = useReservationsView.getState();
      if (event.key === 'Escape') {
        if (view.form.mode !== 'closed') closeBookingForm();
        else useReservationsView.setState({ selectedId: null });
        return;
      }
      if (view.form.mode !== 'closed' || typingIn(event.target) || event.ctrlKey || event.metaKey || event.altKey)
        return;
      const index = bookings.findIndex((booking) => booking.id === view.selectedId);
      const selected = index >= 0 ? bookings[index] : undefined;
      // The timeline keeps the selected booking in view (it draws only the cards in view).
      const select = (next: BookingView | undefined) => next && useReservationsView.setState({ selectedId: next.id });
      let handled = true;
      if (event.key === 'ArrowDown') select(bookings[index < 0 ? 0 : Math.min(bookings.length - 1, index + 1)]);
      else if (event.key === 'ArrowUp') select(bookings[index < 0 ? 0 : Math.max(0, index - 1)]);
      else if (event.key === 'ArrowLeft') showDay(addDays(date, -1));
      else if (event.key === 'ArrowRight') showDay(addDays(date, 1));
      else if (event.key.toLowerCase() === 'n') openBookingForm({ mode: 'new' });
      else if (event.key === 'Enter' && selected) openBookingForm({ mode: 'edit', id: selected.id });
      else if (event.key === ' ' && selected)
        void setBookingStatus(getDesk(), selected, advanceStatus(selected.status)).catch(statusRefused);
      else if (selected && statusForKey(event.key))
        void setBookingStatus(getDesk(), selected, statusForKey(event.key)!).catch(statusRefused);
      else handled = false;
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [date, bookings]);
}

/** Tells staff that a status set from the keyboard was not queued, and why. */
function statusRefused(error: unknown): void {
  notifications.show({
    color: 'red',
    title: 'The status was not changed',
    message: error instanceof Error ? error.message : String(error),
  });
}
