import { memo, startTransition, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { useSameArray } from '../../hooks/useSameArray';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { openBookingForm, useReservationsView } from '../../stores/reservations-view';
import type { BookingView } from '../../sync/booking-overlay';
import { inNextTask } from '../../after-paint';
import classes from './DayTimeline.module.css';
import { passesLimit, slotOf, timelineSlots } from './slots';
import { SlotRow } from './SlotRow';
import {
  cardsPerRow,
  drawnRows,
  inView,
  openingRow,
  rowTops,
  slotHeight,
  TIMELINE,
  type DrawnRows,
} from './timeline-layout';

/** The timeline's sizes as the variables its CSS reads. */
const SIZES = {
  '--time-width': `${TIMELINE.timeWidth}px`,
  '--covers-width': `${TIMELINE.coversWidth}px`,
  '--column-gap': `${TIMELINE.columnGap}px`,
  '--card-width': `${TIMELINE.cardWidth}px`,
  '--card-height': `${TIMELINE.cardHeight}px`,
  '--card-gap': `${TIMELINE.cardGap}px`,
  '--row-padding': `${TIMELINE.rowPadding}px`,
  '--row-border': `${TIMELINE.rowBorder}px`,
  '--row-min-height': `${TIMELINE.rowMinHeight}px`,
} as CSSProperties;

/** Before the timeline is laid out: a size to compute the first rows with. */
const FIRST_BOX = { width: 1000, height: 600 };
const NONE: readonly BookingView[] = [];

/** The scroll position that shows row `row` whole, moving as little as it can from `top`. */
function revealed(tops: readonly number[], row: number, top: number, height: number): number {
  const rowTop = tops[row]!;
  const rowBottom = tops[row + 1]!;
  if (rowTop < top) return rowTop;
  if (rowBottom > top + height) return Math.min(rowTop, rowBottom - height);
  return top;
}

/**
 * The booking of the card a click or double-click landed on, if any: the timeline selects it (click) or opens it
 * (double-click) for every card, so the cards, written anew with each day chosen, hold no handlers.
 */
function cardBooking(target: EventTarget): string | undefined {
  return target instanceof Element ? target.closest<HTMLElement>('[data-booking-id]')?.dataset.bookingId : undefined;
}

/** The slot of the row a double-click landed on, if any: the timeline opens a new booking then, for every row. */
function slotAt(target: EventTarget): string | undefined {
  return target instanceof Element ? target.closest<HTMLElement>('[data-slot]')?.dataset.slot : undefined;
}

/** The day's bookings by slot, in the day's order. */
function bySlot(bookings: readonly BookingView[]): Map<string, BookingView[]> {
  const slots = new Map<string, BookingView[]>();
  for (const booking of bookings) {
    const slot = slotOf(booking.time);
    const list = slots.get(slot);
    if (list) list.push(booking);
    else slots.set(slot, [booking]);
  }
  return slots;
}

/**
 * The day on 15-minute slots: each slot's covers (pending bookings included, cancelled left out) and its
 * bookings. Every slot row is in the page with its height, but only the rows in view (and their neighbours,
 * up to a few dozen cards) draw their cards: choosing a day costs what is on screen, not the day's bookings.
 * A day opens at the time now (today) or at its first booking; the selected booking is kept in view.
 */
export const DayTimeline = memo(function DayTimeline({
  date,
  bookings,
  covers,
  coverLimit,
  areaField,
  nowSlot,
}: {
  date: string;
  bookings: BookingView[];
  covers: Map<string, number>;
  coverLimit: number | null;
  areaField?: string;
  /** Today: the slot of the time now, where the day opens. */
  nowSlot?: string;
}) {
  const format = useVenueFormat();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  const slots = useMemo(() => timelineSlots(bookings), [bookings]);
  const grouped = useMemo(() => bySlot(bookings), [bookings]);
  // Kept the same while every slot holds as many bookings: a status change does not lay the timeline out again.
  const cards = useSameArray(slots.map((slot) => grouped.get(slot)?.length ?? 0));
  const perRow = cardsPerRow((box ?? FIRST_BOX).width);
  const heights = useMemo(() => cards.map((count) => slotHeight(count, perRow)), [cards, perRow]);
  const tops = useMemo(() => rowTops(heights), [heights]);
  const viewHeight = (box ?? FIRST_BOX).height;
  const openingTop = Math.max(
    0,
    Math.min(tops[openingRow(slots, bookings[0] && slotOf(bookings[0].time), nowSlot)] ?? 0, tops.at(-1)! - viewHeight),
  );
  // The rows drawn, for a day and its cards per slot; the scroll position last seen, for drawing new ones.
  const [drawn, setDrawn] = useState<{ date: string; cards: readonly number[]; rows: DrawnRows } | null>(null);
  const scrolledTo = useRef(0);
  const kept = useRef<{ date?: string; selected?: string }>({});
  // A day just chosen draws the rows it opens at, and a change of the day's bookings the rows in view, in this
  // very render. For a day just chosen those on screen only, so the frame that shows it waits on nothing
  // else; their neighbours (for a flick of the wheel) are drawn right after that frame (below).
  const dayChosen = kept.current.date !== date;
  const onScreenOnly = dayChosen && !(drawn?.date === date && drawn.cards === cards);
  const rows =
    drawn?.date === date && drawn.cards === cards
      ? drawn.rows
      : drawnRows(tops, cards, dayChosen ? openingTop : scrolledTo.current, viewHeight, dayChosen ? 0 : undefined);
  const selectedId = useReservationsView((state) => state.selectedId);
  const selectedSlot = selectedId ? bookings.find((booking) => booking.id === selectedId)?.time : undefined;
  const selectedRow = selectedSlot ? slots.indexOf(slotOf(selectedSlot)) : -1;

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setBox({ width: element.clientWidth, height: element.clientHeight || FIRST_BOX.height }),
    );
    observer.observe(element);
    setBox({ width: element.clientWidth, height: element.clientHeight || FIRST_BOX.height });
    return () => observer.disconnect();
  }, []);

  // What the next frame does to the scroll position: a day just chosen opens at its opening row, a booking
  // just selected is brought into view. The position is computed from the layout (timeline-layout.ts) and
  // written only when it moves; it is never read back from the page, since reading (or writing) scrollTop
  // after the rows changed lays the page out in this callback, apart from the frame's own layout.
  const scrollPlan = useRef<{ top?: number; reveal?: number }>({});
  // The page's scroll position as last written here or reported by a scroll event.
  const pageScroll = useRef(0);
  const latest = useRef({ date, tops, cards, rows, onScreenOnly, height: viewHeight });
  latest.current = { date, tops, cards, rows, onScreenOnly, height: viewHeight };
  useLayoutEffect(() => {
    const selected = selectedRow >= 0 ? `${selectedId}@${selectedRow}` : undefined;
    if (kept.current.date !== date) {
      scrollPlan.current = { top: openingTop };
      scrolledTo.current = openingTop;
    }
    if (selected && (kept.current.selected !== selected || kept.current.date !== date))
      scrollPlan.current.reveal = selectedRow;
    kept.current = { date, selected };
    let neighbours = () => {};
    const frame = requestAnimationFrame(() => {
      const element = scrollRef.current;
      if (!element) return;
      const { top, reveal } = scrollPlan.current;
      scrollPlan.current = {};
      const now = latest.current;
      let target = top ?? scrolledTo.current;
      if (reveal !== undefined) target = revealed(now.tops, reveal, target, now.height);
      target = Math.max(0, Math.min(target, now.tops.at(-1)! - now.height));
      scrolledTo.current = target;
      if (target !== pageScroll.current) {
        element.scrollTop = target;
        pageScroll.current = target;
      }
      const next = { date: now.date, cards: now.cards, rows: drawnRows(now.tops, now.cards, target, now.height) };
      if (!inView(now.rows, now.tops, target, now.height)) flushSync(() => setDrawn(next));
      // The rows on screen are painted with this frame; their neighbours follow once it is painted (in a task
      // queued from it, behind what already waits on that paint), interruptibly.
      else if (now.onScreenOnly) neighbours = inNextTask(() => startTransition(() => setDrawn(next)));
    });
    return () => {
      cancelAnimationFrame(frame);
      neighbours();
    };
  }, [date, openingTop, selectedId, selectedRow, tops, cards]);

  // A card that shows another booking than when it took the focus (another day's booking written into it,
  // useCardKeys) hands the focus to the timeline. Checked once React has put the focus back where it was
  // before the commit (it does so before layout effects run), so the focus stays where this puts it.
  const focusedBooking = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const active = document.activeElement;
    if (
      element &&
      active instanceof HTMLElement &&
      active.dataset.bookingId !== undefined &&
      active.dataset.bookingId !== focusedBooking.current &&
      element.contains(active)
    )
      element.focus({ preventScroll: true });
  });

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    scrolledTo.current = top;
    pageScroll.current = top;
    if (!inView(rows, tops, top, viewHeight)) setDrawn({ date, cards, rows: drawnRows(tops, cards, top, viewHeight) });
  };

  return (
    <div
      ref={scrollRef}
      className={classes.timeline}
      style={SIZES}
      role="table"
      aria-label="timeline"
      data-day={date}
      tabIndex={0}
      onScroll={onScroll}
      onFocus={(event) => {
        focusedBooking.current = event.target instanceof HTMLElement ? event.target.dataset.bookingId : undefined;
      }}
      onClick={(event) => {
        const id = cardBooking(event.target);
        if (id !== undefined) useReservationsView.setState({ selectedId: id });
      }}
      onDoubleClick={(event) => {
        const id = cardBooking(event.target);
        if (id !== undefined) openBookingForm({ mode: 'edit', id });
        else {
          const slot = slotAt(event.target);
          if (slot !== undefined) openBookingForm({ mode: 'new', time: `${slot}:00` });
        }
      }}
    >
      <div role="rowgroup">
        {slots.map((slot, index) => {
          const slotCovers = covers.get(slot) ?? 0;
          return (
            <SlotRow
              key={slot}
              day={date}
              slot={slot}
              height={heights[index]!}
              covers={slotCovers}
              over={passesLimit(slotCovers, coverLimit)}
              bookings={index >= rows.first && index <= rows.last ? (grouped.get(slot) ?? NONE) : NONE}
              selectedId={index === selectedRow ? selectedId : null}
              areaField={areaField}
              format={format}
            />
          );
        })}
      </div>
    </div>
  );
});
