// The day timeline's geometry: every slot row's height is known from how many bookings it holds (cards
// have one size and sit in a grid), so the timeline can draw the cards of the rows in view only and
// still scroll as if every card were there. The CSS (DayTimeline.module.css) reads these sizes.

/** Sizes of the timeline in px. */
export const TIMELINE = {
  timeWidth: 72,
  coversWidth: 80,
  columnGap: 12,
  cardWidth: 216,
  cardHeight: 54,
  cardGap: 6,
  rowPadding: 4,
  rowBorder: 1,
  rowMinHeight: 34,
} as const;

/**
 * Cards drawn at most beyond those in view (a quiet day is drawn whole): a few rows' worth, enough for a
 * flick of the wheel; each one more is React, layout and paint work every time a day is chosen.
 */
const EXTRA_CARDS = 24;

/** How many cards sit side by side in a slot row of a timeline `width` px wide (its cards' column). */
export function cardsPerRow(width: number): number {
  const column = width - TIMELINE.timeWidth - TIMELINE.coversWidth - 2 * TIMELINE.columnGap;
  return Math.max(1, Math.floor((column + TIMELINE.cardGap) / (TIMELINE.cardWidth + TIMELINE.cardGap)));
}

/** The height of a slot row holding `cards` bookings. */
export function slotHeight(cards: number, perRow: number): number {
  const rows = Math.ceil(cards / perRow);
  const content = rows === 0 ? 0 : rows * TIMELINE.cardHeight + (rows - 1) * TIMELINE.cardGap;
  return Math.max(TIMELINE.rowMinHeight, TIMELINE.rowBorder + 2 * TIMELINE.rowPadding + content);
}

/** Each row's top, and the whole height last: `tops[i]` to `tops[i + 1]` is row i. */
export function rowTops(heights: readonly number[]): number[] {
  const tops = [0];
  for (const height of heights) tops.push(tops.at(-1)! + height);
  return tops;
}

/** The row at a height (the last row for anything below it). */
export function rowAt(tops: readonly number[], y: number): number {
  let low = 0;
  let high = tops.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (tops[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The rows whose cards are drawn. */
export interface DrawnRows {
  first: number;
  last: number;
}

/**
 * The rows drawn with their cards for a view from `top`, `height` tall: those in view, and their
 * neighbours while the cards drawn beyond the view stay within `beyond` (EXTRA_CARDS; none for the frame
 * that first shows a day, which draws what is on screen only: DayTimeline.tsx).
 */
export function drawnRows(
  tops: readonly number[],
  cards: readonly number[],
  top: number,
  height: number,
  beyond = EXTRA_CARDS,
): DrawnRows {
  if (cards.length === 0) return { first: 0, last: -1 };
  let first = rowAt(tops, top);
  let last = rowAt(tops, top + Math.max(height, 1) - 1);
  let extra = 0;
  for (let grown = true; grown;) {
    grown = false;
    if (last + 1 < cards.length && extra + cards[last + 1]! <= beyond) {
      extra += cards[++last]!;
      grown = true;
    }
    if (first > 0 && extra + cards[first - 1]! <= beyond) {
      extra += cards[--first]!;
      grown = true;
    }
  }
  return { first, last };
}

/** Whether the rows in view from `top` are all drawn. */
export function inView(drawn: DrawnRows, tops: readonly number[], top: number, height: number): boolean {
  return rowAt(tops, top) >= drawn.first && rowAt(tops, top + Math.max(height, 1) - 1) <= drawn.last;
}

/**
 * The row a day opens at: today the slot of the time now (with the slot before it above, for the party
 * arriving), another day its first booking; the first row when there is none.
 */
export function openingRow(slots: readonly string[], firstBookingSlot: string | undefined, nowSlot?: string): number {
  if (nowSlot) {
    const after = slots.findIndex((slot) => slot > nowSlot);
    const current = after < 0 ? slots.length - 1 : after - 1;
    return Math.max(0, current - 1);
  }
  const first = firstBookingSlot ? slots.indexOf(firstBookingSlot) : -1;
  return Math.max(0, first);
}
