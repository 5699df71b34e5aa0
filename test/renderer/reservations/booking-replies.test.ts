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
