import { describe, expect, it } from 'vitest';
import { prepareEntry, uniqueReferenceId } from '../../../electron/core/outbox/prepare';
import { OutboxValidationError } from '../../../electron/core/outbox/validation-error';

const ctx = { clientId: 'c1', phoneCountry: 'AU' };

/** The validation message (and field) an input is refused with. */
function refusal(kind: Parameters<typeof prepareEntry>[0], input: unknown): { message: string; field?: string } {
  try {
    prepareEntry(kind, input, ctx);
  } catch (error) {
    if (error instanceof OutboxValidationError) return { message: error.message, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('preparing entries with the service rules', () => {
  it('an SMS gets its mobile in international digits and the recipient as its lane', () => {
    const entry = prepareEntry('sms', { from: 'Venue', to: '0412 345 678', message: 'Hi there' }, ctx);
    expect(entry.payload).toEqual({ from: 'Venue', to: '+61412345678', message: 'Hi there' });
    expect(entry.guestKey).toBe('to:+61412345678');
    expect(entry.needsReference).toBe(true);
  });

  it('refuses an SMS the service would refuse, saying why', () => {
    expect(refusal('sms', { from: 'Venue Desk Sender', to: '0412345678', message: 'x' })).toMatchObject({
      field: 'from',
    });
    expect(refusal('sms', { from: 'Venue', to: '12', message: 'x' })).toMatchObject({ field: 'to' });
    expect(refusal('sms', { from: 'Venue', to: '0412345678', message: 'Café “special”' }).message).toMatch(
      /"é" \(use "e"\).*"“"/,
    );
    expect(refusal('sms', { from: 'Venue', to: '0412345678', message: '  ' })).toMatchObject({ field: 'message' });
    expect(refusal('sms', { from: 'Venue', to: '0412345678', message: 'x', reference_id: 'has space' })).toMatchObject({
      field: 'reference_id',
    });
    expect(refusal('sms', { from: 'Venue', to: '0412345678', message: 'x', colour: 'red' }).message).toContain(
      '"colour"',
    );
    expect(refusal('sms', { from: 'Venue', to: '0412345678', message: 'x', send_at: 'tomorrow' })).toMatchObject({
      field: 'send_at',
    });
  });

  it('checks both email addresses, the subject and the body', () => {
    const good = {
      to_email: 'ann@example.com',
      from_email: 'desk@venue.example',
      from_name: 'The Venue',
      subject: 'Hi',
      html: '<p>x</p>',
    };
    expect(prepareEntry('email', good, ctx).guestKey).toBe('to:ann@example.com');
    expect(refusal('email', { ...good, to_email: 'ann@' })).toMatchObject({ field: 'to_email' });
    expect(refusal('email', { ...good, from_email: 'nobody' })).toMatchObject({ field: 'from_email' });
    expect(refusal('email', { ...good, subject: '' })).toMatchObject({ field: 'subject' });
    expect(refusal('email', { ...good, from_name: ' ' })).toMatchObject({ field: 'from_name' });
  });

  it('a new guest needs an email or mobile (the service message); a local id marks one recorded here', () => {
    expect(refusal('push_contact', { PatronName: 'Ann' }).message).toBe('No email or mobile information');
    const local = prepareEntry(
      'push_contact',
      { contact_id: 'local-1234abcd-0000', PatronEmail: 'ann@example.com' },
      ctx,
    );
    expect(local).toMatchObject({
      localGuestId: 'local-1234abcd-0000',
      guestKey: 'local-1234abcd-0000',
      payload: { client_id: 'c1' },
    });
    const update = prepareEntry('push_contact', { contact_id: '77', PatronName: 'Ann' }, ctx);
    expect(update.localGuestId).toBeUndefined();
    expect(refusal('push_contact', { client_id: 'other', contact_id: '77' })).toMatchObject({ field: 'client_id' });
  });

  it('a purchase gets the service checks, its defaults and a tx_id made here', () => {
    const entry = prepareEntry(
      'add_purchase',
      { contact_id: '77', item_desc: 'Wine', price: '12.50', purchased_at: '2025-06-01 20:00:00' },
      ctx,
    );
    expect(entry.payload).toMatchObject({ client_id: 'c1', item_qty: 1, price: 12.5 });
    expect(entry.payload.tx_id).toMatch(/^tx[a-z0-9]+$/);
    expect(
      refusal('add_purchase', {
        contact_id: '77',
        item_desc: 'Wine',
        price: 'free',
        purchased_at: '2025-06-01 20:00:00',
      }).message,
    ).toBe('No item price provided');
    expect(refusal('add_purchase', { contact_id: '77', item_desc: 'Wine', price: 3 }).message).toBe(
      'No purchase date and time provided',
    );
    expect(refusal('add_purchase', { item_desc: 'Wine', price: 3, purchased_at: '2025-06-01 20:00:00' })).toMatchObject(
      { field: 'contact_id' },
    );
  });

  it('a booking gets an id when it has none and its guest is checked like a new guest', () => {
    const entry = prepareEntry(
      'push_reservations',
      { reservation: { total_attendees: 4 }, contact: { PatronMobile: '0412345678' } },
      ctx,
    );
    expect(entry.payload).toMatchObject({ reservation: { total_attendees: 4 }, contact: { client_id: 'c1' } });
    expect((entry.payload.reservation as { id: string }).id).toMatch(/^rs/);
    expect(refusal('push_reservations', { reservation: { id: 'r1' }, contact: { PatronName: 'Ann' } }).message).toBe(
      'No email or mobile information',
    );
  });

  it('reference ids are unique per desk', () => {
    const taken = new Set(['abc']);
    expect(() => uniqueReferenceId('abc', 'vd', (id) => taken.has(id))).toThrow(/already used/);
    const fresh = uniqueReferenceId(undefined, 'vd', (id) => taken.has(id));
    expect(fresh).toMatch(/^vd[A-Za-z0-9]+$/);
    expect(fresh.length).toBeLessThan(42);
  });
});
