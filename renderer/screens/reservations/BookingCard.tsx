import { memo } from 'react';
import type { VenueFormat } from '../../../shared/format/venue-format';
import { countsInCovers, statusColour } from '../../../shared/rules/booking-status';
import type { BookingView } from '../../sync/booking-overlay';
import classes from './BookingCard.module.css';
import { shownCount, shownTime } from './shown-format';

/** What a booking's pending mark says: it waits in the outbox, or needs a person there. */
function pendingWords(pending: NonNullable<BookingView['pending']>): string {
  return pending.state === 'needs_attention' ? 'needs attention' : 'not sent yet';
}

/** The area a card shows (the first singleSelect field's value), if the booking has one. */
function areaOf(booking: BookingView, areaField: string | undefined): string {
  const value = areaField ? booking.custom[areaField] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * The ref of every card: while a card leaves the page (its booking left the day shown, or its row left the
 * view), if it has the keyboard focus, the focus goes to the timeline around it, so neither the keyboard nor
 * a screen reader is left on nothing. React runs a ref's cleanup before it takes the card out of the page,
 * while the card can still find its timeline; one function for every card, so a card holds no hook for it.
 */
function focusLeavesToTimeline(card: HTMLDivElement | null): (() => void) | undefined {
  if (!card) return undefined;
  return () => {
    if (card === document.activeElement) card.closest<HTMLElement>('[role="table"]')?.focus({ preventScroll: true });
  };
}

/**
 * One booking on the timeline: guest, party, time, status, area, and a mark while the outbox holds it.
 * Plain elements of one size (the timeline draws many and knows their height); its name is its visible
 * text in the same order, so what staff see is what a screen reader says. Within a day it keeps its booking;
 * another day's booking may be written into it (useCardKeys in SlotRow.tsx), and it is drawn again only when
 * its booking, or whether it is selected, changes. A click selects its booking and a double-click opens it:
 * the timeline handles both for every card (cardBooking in DayTimeline.tsx), so a card holds no handlers.
 */
export const BookingCard = memo(function BookingCard({
  booking,
  selected,
  areaField,
  format,
}: {
  booking: BookingView;
  selected: boolean;
  areaField?: string;
  format: VenueFormat;
}) {
  const time = shownTime(format, booking.time.slice(0, 5));
  const party = shownCount(format, booking.partySize);
  const area = areaOf(booking, areaField);
  const pending = booking.pending ? pendingWords(booking.pending) : '';
  const counted = countsInCovers(booking.status);
  // The visible text in its order (WCAG 2.5.3: the name holds what staff see).
  const label = [booking.guestName, pending, party, time, booking.status, area].filter(Boolean).join(', ');
  return (
    <div
      ref={focusLeavesToTimeline}
      role="button"
      tabIndex={-1}
      className={classes.card}
      aria-label={label}
      aria-current={selected ? 'true' : undefined}
      data-booking-id={booking.id}
      data-status={booking.status}
      data-selected={selected || undefined}
      data-not-counted={counted ? undefined : ''}
      data-colour={statusColour(booking.status)}
    >
      {/* Words are parted by a space at the start of each part's text, not by a text node of their own (fewer
          nodes per card): a space that starts a line or a pill is not drawn, so each part looks as it did, and
          the card's text still reads as its name does. The first line is a row of its own (the name takes what
          the pills leave); the second is plain text in the card. The parts that stay the same when another
          booking is written into the card (its party, or its time, status and area) are not drawn again. */}
      <span className={classes.head}>
        <span className={classes.name}>{booking.guestName}</span>
        {booking.pending && (
          <span
            className={classes.pending}
            data-state={booking.pending.state}
            title={booking.pending.problem ?? 'Waiting in the outbox for the service to confirm'}
          >
            {` ${pending}`}
          </span>
        )}
        <PartyPill party={party} />
      </span>
      <CardLine time={time} status={booking.status} area={area} />
    </div>
  );
});

/** A card's party, in its pill. */
const PartyPill = memo(function PartyPill({ party }: { party: string }) {
  return <span className={classes.party}>{` ${party}`}</span>;
});

/** A card's second line: its time (the card's own text: its font is the card's), status pill and area. */
const CardLine = memo(function CardLine({ time, status, area }: { time: string; status: string; area: string }) {
  return (
    <>
      {` ${time}`}
      {/* The space before the area ends the status's pill (where it is not drawn), so the area's text starts
          at its margin as it did, and the card's text still reads "… Confirmed Terrace". */}
      <span className={classes.status}>{` ${status}${area ? ' ' : ''}`}</span>
      {area && <span className={classes.area}>{area}</span>}
    </>
  );
});
