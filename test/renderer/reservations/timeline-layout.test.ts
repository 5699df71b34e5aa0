import { describe, expect, it } from 'vitest';
import {
  cardsPerRow,
  drawnRows,
  inView,
  openingRow,
  rowAt,
  rowTops,
  slotHeight,
  TIMELINE,
} from '../../../renderer/screens/reservations/timeline-layout';

const SLOTS = ['11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30', '12:45', '13:00'];

describe('the day timeline’s geometry', () => {
  it('fits as many cards side by side as the cards’ column holds, at least one', () => {
    const fixed = TIMELINE.timeWidth + TIMELINE.coversWidth + 2 * TIMELINE.columnGap;
    expect(cardsPerRow(fixed + TIMELINE.cardWidth)).toBe(1);
    expect(cardsPerRow(fixed + 3 * TIMELINE.cardWidth + 2 * TIMELINE.cardGap)).toBe(3);
    expect(cardsPerRow(fixed + 3 * TIMELINE.cardWidth + 2 * TIMELINE.cardGap - 1)).toBe(2);
    expect(cardsPerRow(100)).toBe(1);
  });

  it('makes a slot row as tall as its rows of cards, and an empty slot the least height', () => {
    expect(slotHeight(0, 4)).toBe(TIMELINE.rowMinHeight);
    const one = TIMELINE.rowBorder + 2 * TIMELINE.rowPadding + TIMELINE.cardHeight;
    expect(slotHeight(4, 4)).toBe(one);
    expect(slotHeight(5, 4)).toBe(one + TIMELINE.cardHeight + TIMELINE.cardGap);
  });

  it('finds the row at a height from the rows’ tops', () => {
    const tops = rowTops([10, 20, 30]);
    expect(tops).toEqual([0, 10, 30, 60]);
    expect([rowAt(tops, 0), rowAt(tops, 9), rowAt(tops, 10), rowAt(tops, 59), rowAt(tops, 500)]).toEqual([
      0, 0, 1, 2, 2,
    ]);
  });

  it('draws the rows in view and their neighbours while few cards are added: a quiet day whole, a busy day in part', () => {
    const quiet = [0, 2, 0, 1, 0, 3, 0, 0, 1];
    const quietTops = rowTops(quiet.map((cards) => slotHeight(cards, 4)));
    expect(drawnRows(quietTops, quiet, 0, 100)).toEqual({ first: 0, last: quiet.length - 1 });

    const busy = SLOTS.map(() => 40);
    const busyTops = rowTops(busy.map((cards) => slotHeight(cards, 4)));
    const top = busyTops[4]!;
    const drawn = drawnRows(busyTops, busy, top, 300);
    expect(drawn.first).toBeGreaterThan(0);
    expect(drawn.last).toBeLessThan(SLOTS.length - 1);
    expect(inView(drawn, busyTops, top, 300)).toBe(true);
    expect(inView(drawn, busyTops, 0, 300)).toBe(false);
  });

  it('opens today at the slot of the time now (one slot above it), another day at its first booking', () => {
    expect(openingRow(SLOTS, '12:30', '12:40')).toBe(SLOTS.indexOf('12:15'));
    expect(openingRow(SLOTS, '12:30', '10:00')).toBe(0);
    expect(openingRow(SLOTS, '12:30', '23:10')).toBe(SLOTS.length - 2);
    expect(openingRow(SLOTS, '12:30')).toBe(SLOTS.indexOf('12:30'));
    expect(openingRow(SLOTS, undefined)).toBe(0);
  });
});
