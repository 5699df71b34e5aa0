import { describe, expect, it } from 'vitest';
import { createVenueFormat } from '../../../shared/format/venue-format';
import { describeEntry } from '../../../electron/core/outbox/describe';

// Issue 22: an outbox line names what it is once, in the venue's formats.
const sydney = createVenueFormat({ country: 'AU', timeZone: 'Australia/Sydney' });
const newYork = createVenueFormat({ country: 'US', timeZone: 'America/New_York' });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('an outbox entry’s line', () => {
  const campaign = (send_at?: string) => ({
    desk_campaign_id: 'cmp-1',
    draft: { campaign_name: 'Jazz', type: 'email' as const, subject: 'Friday jazz night', html: '<p>x</p>' },
    send: { category_id: 'all', ...(send_at ? { send_at } : {}) },
  });

  it('names a campaign once, with its schedule on the venue’s clock', () => {
    expect(describeEntry('campaign_send', campaign(), sydney)).toBe('Campaign "Friday jazz night" to send now');
    expect(plain(describeEntry('campaign_send', campaign('2026-11-25 10:00:00'), sydney))).toBe(
      'Campaign "Friday jazz night" scheduled for 25/11/2026, 10:00 am',
    );
    expect(plain(describeEntry('campaign_send', campaign('2026-11-25 22:30:00'), newYork))).toBe(
      'Campaign "Friday jazz night" scheduled for 11/25/2026, 10:30 PM',
    );
  });

  it('writes phones in the venue’s form and prices in its money', () => {
    const sms = { to: '+61412345678', from: 'Harbour', message: 'Table ready' };
    expect(describeEntry('sms', sms, sydney)).toBe('SMS to 0412 345 678: Table ready');
    expect(describeEntry('sms', sms, newYork)).toBe('SMS to +61 412 345 678: Table ready');
    const purchase = { client_id: 'c', contact_id: '7', item_desc: 'Negroni', price: '18.5' };
    expect(describeEntry('add_purchase', purchase, sydney)).toBe('Purchase: Negroni × 1, $18.50');
    expect(describeEntry('add_purchase', { ...purchase, price: 'ask' }, sydney)).toBe('Purchase: Negroni × 1, ask');
  });

  it('names a booking’s guest when the payload carries a name, and never by a bare id', () => {
    const booking = (contact: Record<string, unknown>) => ({
      reservation: { id: 'R7', total_attendees: 4 },
      contact: { client_id: 'demo', ...contact },
    });
    expect(describeEntry('push_reservations', booking({ contact_id: '3' }), sydney)).toBe('Booking R7, 4 people');
    expect(describeEntry('push_reservations', booking({ PatronName: 'Ann', PatronSurname: 'Abbott' }), sydney)).toBe(
      'Booking R7 for Ann Abbott, 4 people',
    );
  });
});
