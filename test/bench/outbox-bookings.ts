// Issue 20's bench row: booking edits delivered through the outbox, each merged with the service's booking
// (the merge read: pull_reservations with touched_from, one per delivery round), beside the same changes
// pushed directly with push_reservations at the same batch size and concurrency, with 20 ms of latency on
// every call. The bookings were last changed a day before (as bookings edited at a desk mostly were), so a
// read brings what changed since the desk's base: the edits this run has pushed so far.
import { performance } from 'node:perf_hooks';
import type { ServiceClient } from '../../shared/api/client';
import { openDeskDatabase } from '../../electron/core/db/open-database';
import { createOutbox } from '../../electron/core/outbox/outbox';
import { jsonRecord } from '../../shared/outbox/desk-edit';

/** What the bookings row needs of the service besides its API: latency on every call, and bookings aged. */
export interface BookingBenchControls {
  /** Adds `ms` of latency to every API call (0 removes it). */
  setLatency(ms: number): Promise<void>;
  /** Moves every booking's last change back a day. */
  ageBookings(): Promise<void>;
}

/** How much work the row does. */
export interface BookingBenchSizes {
  bookings: number;
  batchSize: number;
  concurrency: number;
  rounds: number;
}

/** One booking of the bench: its id, its guest, and its fields as the service holds them now. */
interface BenchBooking {
  id: string;
  contactId: string;
  reservation: Record<string, unknown>;
}

const LATENCY_MS = 20;

/** Bookings (each for a guest of its own, so no two wait on one guest's line), made once for the row. */
async function seedBookings(client: ServiceClient, clientId: string, count: number): Promise<BenchBooking[]> {
  const stamp = Date.now().toString(36);
  const items = Array.from({ length: count }, (_, i) => ({
    reservation: {
      id: `bench-${stamp}-${i}`,
      total_attendees: 2,
      attendee_names: [`Guest ${i}`],
      bookingStatus: 'Unconfirmed',
      Date: '2030-01-15',
      Time: '19:00:00',
    },
    contact: { client_id: clientId, PatronEmail: `bench-booking-${stamp}-${i}@example.com`, PatronName: `Guest ${i}` },
  }));
  const bookings: BenchBooking[] = [];
  for (let i = 0; i < items.length; i += 100) {
    const batch = items.slice(i, i + 100);
    const answer = await client.pushReservations(batch);
    for (const success of answer.success) {
      const item = batch.find((entry) => entry.reservation.id === String(success.reservation_id))!;
      bookings.push({ id: item.reservation.id, contactId: String(success.contact_id), reservation: item.reservation });
    }
  }
  if (bookings.length !== count) throw new Error(`Only ${bookings.length} of ${count} bench bookings were made.`);
  return bookings;
}

/** The bookings with a larger party: the change both measurements push. */
function nextParty(bookings: readonly BenchBooking[]): BenchBooking[] {
  return bookings.map((booking) => ({
    ...booking,
    reservation: { ...booking.reservation, total_attendees: Number(booking.reservation.total_attendees) + 1 },
  }));
}

/** The changes pushed directly: only the changed field of each booking, in batches, `concurrency` calls at a time. */
async function measureDirect(
  client: ServiceClient,
  clientId: string,
  edits: readonly BenchBooking[],
  size: BookingBenchSizes,
) {
  const items = edits.map((edit) => ({
    reservation: { id: edit.id, total_attendees: edit.reservation.total_attendees as number },
    contact: { client_id: clientId, contact_id: edit.contactId },
  }));
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += size.batchSize) batches.push(items.slice(i, i + size.batchSize));
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await client.pushReservations(batches[next++]!);
  };
  await Promise.all(Array.from({ length: size.concurrency }, worker));
  return edits.length / ((performance.now() - started) / 1000);
}

/** The same changes through the outbox: each carries its base, and is merged with the service's booking before it goes. */
async function measureOutbox(
  client: ServiceClient,
  clientId: string,
  bases: readonly BenchBooking[],
  size: BookingBenchSizes,
) {
  const db = openDeskDatabase(':memory:');
  const outbox = createOutbox({
    db,
    account: () => ({ clientId, client }),
    config: {
      concurrency: size.concurrency,
      batchSize: { push_contact: 100, add_purchase: 100, push_reservations: size.batchSize },
    },
  });
  try {
    const baseAt = new Date(Date.now() - 60_000).toISOString();
    const edits = nextParty(bases);
    for (const [booking, edit] of bases.map((base, i) => [base, edits[i]!] as const))
      outbox.enqueue(
        'push_reservations',
        {
          reservation: edit.reservation,
          contact: { contact_id: booking.contactId },
          desk_edit: { base: jsonRecord(booking.reservation), baseAt },
        },
        { guestKey: booking.contactId },
      );
    const started = performance.now();
    outbox.start();
    for (;;) {
      await outbox.settle();
      const { counts } = outbox.summary();
      if (counts.needs_attention > 0)
        throw new Error(
          `Bench bookings need attention: ${JSON.stringify(outbox.list({ states: ['needs_attention'], limit: 2 }).map((item) => item.problem?.message))}`,
        );
      if (counts.queued + counts.waiting + counts.sending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return bases.length / ((performance.now() - started) / 1000);
  } finally {
    await outbox.stop();
    db.close();
  }
}

/**
 * "outbox delivers bookings at 20 ms latency, with the merge read": bookings per second through the outbox
 * (each merged from one read per delivery round) beside direct push_reservations, medians of alternating rounds.
 */
export async function benchBookingDelivery(
  client: ServiceClient,
  clientId: string,
  controls: BookingBenchControls,
  size: BookingBenchSizes,
): Promise<{ outbox: number; direct: number }> {
  let bookings = await seedBookings(client, clientId, size.bookings);
  const direct: number[] = [];
  const outboxed: number[] = [];
  await controls.setLatency(LATENCY_MS);
  try {
    for (let round = 0; round < size.rounds; round++) {
      await controls.ageBookings();
      bookings = nextParty(bookings);
      direct.push(await measureDirect(client, clientId, bookings, size));
      await controls.ageBookings();
      outboxed.push(await measureOutbox(client, clientId, bookings, size));
      bookings = nextParty(bookings);
    }
  } finally {
    await controls.setLatency(0);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { outbox: median(outboxed), direct: median(direct) };
}
