import type { OutboxKind } from '../../../shared/outbox/kinds';
import { newLocalGuestId } from '../../../shared/rules/guest-id';

/** One operation staff could queue; `key` identifies it in the checks. */
export interface PlannedOperation {
  key: string;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  guestKey?: string;
}

/** A local guest id for the n-th guest recorded in a run. */
function localGuestId(run: string, n: number): string {
  return newLocalGuestId(`${run}-${String(n).padStart(8, '0')}`);
}

/**
 * A mixed day at the desk, in the order staff would enter it: SMS and emails (some to the same
 * guest, so their order matters), new guests recorded offline with purchases and bookings for them,
 * later edits of those guests, and a few entries the service refuses (a purchase for a guest that
 * does not exist). Every message text, email address and tx_id is unique, so duplicates show.
 */
export function mixedOperations(run: string, count: number): PlannedOperation[] {
  const operations: PlannedOperation[] = [];
  const guests: string[] = [];
  for (let i = 0; operations.length < count; i++) {
    const key = `${run}-${i}`;
    const slot = i % 20;
    if (slot < 6) {
      operations.push({
        key,
        kind: 'sms',
        guestKey: `lane-${i % 17}`,
        payload: {
          from: 'VenueDesk',
          to: `+6141${String(i % 100_000).padStart(7, '0')}`,
          message: `Soak ${key} your table is ready`,
        },
      });
    } else if (slot < 8) {
      operations.push({
        key,
        kind: 'email',
        payload: {
          to_email: `mail-${key}@example.com`,
          to_name: 'Guest',
          from_email: 'desk@venue.example',
          from_name: 'The Venue',
          subject: `Soak ${key}`,
          html: `<p>Soak ${key}</p>`,
        },
      });
    } else if (slot < 12) {
      const localId = localGuestId(run, guests.length);
      guests.push(localId);
      operations.push({
        key,
        kind: 'push_contact',
        payload: { contact_id: localId, PatronEmail: `guest-${key}@example.com`, PatronName: `Guest ${i}` },
      });
    } else if (slot < 16 && guests.length > 0) {
      const localId = guests[(i * 7) % guests.length]!;
      operations.push({
        key,
        kind: 'add_purchase',
        payload: {
          contact_id: localId,
          item_desc: `Item ${key}`,
          price: (i % 50) + 0.5,
          purchased_at: '2025-06-01 20:00:00',
          tx_id: `tx${key.replace(/[^A-Za-z0-9]/g, '')}`,
        },
      });
    } else if (slot < 18 && guests.length > 0) {
      const localId = guests[(i * 3) % guests.length]!;
      operations.push({
        key,
        kind: 'push_reservations',
        payload: {
          reservation: { id: `R${key.replace(/[^A-Za-z0-9]/g, '')}`, total_attendees: (i % 6) + 1 },
          contact: { contact_id: localId },
        },
      });
    } else if (slot === 18 && guests.length > 0) {
      const localId = guests[(i * 5) % guests.length]!;
      operations.push({ key, kind: 'push_contact', payload: { contact_id: localId, PatronSurname: `Surname ${key}` } });
    } else {
      operations.push({
        key,
        kind: 'add_purchase',
        payload: {
          contact_id: '987654321',
          item_desc: `Lost ${key}`,
          price: 1,
          purchased_at: '2025-06-01 20:00:00',
          tx_id: `tx${key.replace(/[^A-Za-z0-9]/g, '')}`,
        },
      });
    }
  }
  return operations;
}
