import { memo, useMemo, useRef } from 'react';
import type { VenueFormat } from '../../../shared/format/venue-format';
import type { BookingView } from '../../sync/booking-overlay';
import { BookingCard } from './BookingCard';
import classes from './DayTimeline.module.css';
import { shownCount, shownTime } from './shown-format';

/** What a slot row's cards are drawn from. */
interface SlotCardsProps {
  /** The day shown. */
  day: string;
  /** Its bookings when its cards are drawn (none while it is out of view). */
  bookings: readonly BookingView[];
  /** The selected booking, when it is in this slot (only the rows holding it are drawn again as it moves). */
  selectedId: string | null;
  areaField?: string;
  format: VenueFormat;
}

/** What a slot row is drawn from. */
interface SlotRowProps extends SlotCardsProps {
  slot: string;
  height: number;
  covers: number;
  over: boolean;
}

/**
 * One 15-minute slot: its time, its covers and its bookings (the timeline opens a new booking at its time when its
 * free space is double-clicked). Choosing a day draws a row's covers and cards again, never its time; a row
 * whose cards leave, or come, takes out or puts in their cell at once rather than card by card.
 */
export const SlotRow = memo(function SlotRow({
  day,
  slot,
  height,
  covers,
  over,
  bookings,
  selectedId,
  areaField,
  format,
}: SlotRowProps) {
  return (
    <div
      role="row"
      className={classes.slot}
      data-slot={slot}
      data-hour={slot.endsWith(':00') || undefined}
      style={{ height }}
    >
      <SlotTime slot={slot} format={format} />
      <SlotCovers covers={covers} over={over} format={format} />
      <SlotCards
        key={bookings.length > 0 ? 'cards' : 'none'}
        day={day}
        bookings={bookings}
        selectedId={selectedId}
        areaField={areaField}
        format={format}
      />
    </div>
  );
}, sameSlotRow);

/** A slot's time. */
const SlotTime = memo(function SlotTime({ slot, format }: { slot: string; format: VenueFormat }) {
  return (
    <div role="rowheader" className={classes.time}>
      {shownTime(format, slot)}
    </div>
  );
});

/** A slot's covers, marked when they pass the limit. */
const SlotCovers = memo(function SlotCovers({
  covers,
  over,
  format,
}: {
  covers: number;
  over: boolean;
  format: VenueFormat;
}) {
  return (
    <div
      role="cell"
      className={classes.covers}
      data-covers={covers}
      data-some={covers > 0 || undefined}
      data-over={over || undefined}
    >
      {covers ? `${shownCount(format, covers)} covers` : '—'}
    </div>
  );
});

/** A slot's cards. */
const SlotCards = memo(function SlotCards({ day, bookings, selectedId, areaField, format }: SlotCardsProps) {
  const keys = useCardKeys(day, bookings);
  return (
    <div role="cell" className={classes.cards}>
      {bookings.map((booking, index) => (
        <BookingCard
          key={keys[index]}
          booking={booking}
          selected={booking.id === selectedId}
          areaField={areaField}
          format={format}
        />
      ))}
    </div>
  );
}, sameCards);

/**
 * The keys of a slot row's cards. Within a day a booking keeps its key (a card never shows another booking
 * of the day: one that leaves takes its card with it, and a new one gets a card of its own); another day's
 * cards take the keys by place, so choosing a day writes the new day's words into the cards already in the
 * page rather than building them anew. A focused card that shows another booking that way hands the focus
 * to its timeline (DayTimeline).
 */
function useCardKeys(day: string, bookings: readonly BookingView[]): readonly number[] {
  const kept = useRef<{ day: string; keys: ReadonlyMap<string, number>; next: number }>({
    day,
    keys: new Map(),
    next: 0,
  });
  return useMemo(() => {
    const last = kept.current;
    const sameDay = last.day === day && last.keys.size > 0;
    const keys = new Map<string, number>();
    let next = sameDay ? last.next : 0;
    const shown = bookings.map((booking) => {
      const key = (sameDay ? last.keys.get(booking.id) : undefined) ?? next++;
      keys.set(booking.id, key);
      return key;
    });
    kept.current = { day, keys, next };
    return shown;
  }, [day, bookings]);
}

/** Whether a slot row's cards would be drawn the same (its bookings compared one by one). */
function sameCards(a: SlotCardsProps, b: SlotCardsProps): boolean {
  return (
    (a.day === b.day || (a.bookings.length === 0 && b.bookings.length === 0)) &&
    a.selectedId === b.selectedId &&
    a.areaField === b.areaField &&
    a.format === b.format &&
    a.bookings.length === b.bookings.length &&
    a.bookings.every((booking, index) => booking === b.bookings[index])
  );
}

/** Whether a slot row would be drawn the same. */
function sameSlotRow(a: SlotRowProps, b: SlotRowProps): boolean {
  return a.slot === b.slot && a.height === b.height && a.covers === b.covers && a.over === b.over && sameCards(a, b);
}
