import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, statusColour, statusOf } from '../../../shared/rules/booking-status';

// Read from the repository's root, where the tests run (as test/renderer/import/support.ts reads its fixtures).
const css = new TextDecoder().decode(readFileSync('renderer/screens/reservations/BookingCard.module.css'));

describe('booking card colours', () => {
  it("gives every status's colour (and a venue's own status's) its rule in the card's CSS", () => {
    const colours = new Set([...BOOKING_STATUSES, statusOf('Waitlist')].map((status) => statusColour(status)));
    for (const colour of colours) expect(css).toContain(`.card[data-colour='${colour}'] {`);
  });
});
