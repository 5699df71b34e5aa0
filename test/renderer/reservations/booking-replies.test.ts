// Reading a guest's SMS reply to a booking confirmation.
import { describe, expect, it } from 'vitest';
import { meaningOf } from '../../../renderer/sync/booking-replies';

describe('reply meaning', () => {
  it('reads yes and no the way guests write them, and leaves the rest to a person', () => {
    expect(meaningOf('YES')).toBe('yes');
    expect(meaningOf('Yes please, see you at 7')).toBe('yes');
    expect(meaningOf(' y')).toBe('yes');
    expect(meaningOf('No')).toBe('no');
    expect(meaningOf('Cancel please')).toBe('no');
    expect(meaningOf("can't make it sorry")).toBe('no');
    expect(meaningOf('Can we make it 8 instead?')).toBe('other');
    expect(meaningOf('Yesterday was great')).toBe('other');
    expect(meaningOf('Nobody told me')).toBe('other');
  });
});

describe('confirmation text', () => {
  it('names the party, time and day, and the venue only when the account has a real name', async () => {
    const { confirmationText } = await import('../../../renderer/screens/reservations/ConfirmBySms');
    const booking = { guestName: 'Ann Lee', partySize: 4, time: '19:30:00', date: '2026-12-24' };
    expect(confirmationText(booking, 'Harbour Lights')).toBe(
      'Hi Ann, your table for 4 at Harbour Lights at 7:30 pm on Thursday 24 December. Reply YES to confirm or NO to cancel.',
    );
    expect(confirmationText(booking, '127.0.0.1:4100')).toBe(
      'Hi Ann, your table for 4 at 7:30 pm on Thursday 24 December. Reply YES to confirm or NO to cancel.',
    );
  });
});
