import type Dexie from 'dexie';
import type { Table } from 'dexie';
import type { BookingStatusValue } from '../../../shared/rules/booking-status';
import type { TableLayout } from '../table-layout';

/** A cached booking (reference 2.6) with what the day view and search need without reading its guest. */
export interface BookingRow {
  /** The reservation id: chosen by the desk for its own bookings, by the service for others. */
  id: string;
  /** The guest's contact_id (a local id while a guest recorded here waits for the service). */
  guestKey: string;
  /** Wall-clock date `YYYY-MM-DD` and time `HH:MM:SS` in the account's zone. */
  date: string;
  time: string;
  partySize: number;
  status: BookingStatusValue;
  attendeeNames: string[];
  /** The account's own reservation fields (table area, special requests, …) by name. */
  custom: Record<string, unknown>;
  /**
   * The guest as the booking was last pulled (or saved). Views show the guest as the guest cache has
   * them now (renderer/sync/booking-guests.ts); this copy stands in for a guest the cache does not hold.
   */
  guestName: string;
  guestMobile: string;
  guestEmail: string;
  /** Folded name, email and the mobile's digits: what the day's search matches. */
  search: string;
}

/** A reservation field definition (get_reservation_fields), in the service's order. */
export interface BookingFieldRow {
  name: string;
  type: string;
  label?: string;
  options?: string[];
  position: number;
}

/** The booking tables: primary key first, then indexes. */
export const BOOKING_SCHEMA = {
  bookings: 'id, date, guestKey',
  bookingFields: 'name, position',
} as const;

/** Reservations' part of the guest cache (issue 12, version 10): bookings and reservation field definitions. */
export const reservationTables: TableLayout = {
  feature: 'reservations',
  versions: [{ version: 10, stores: BOOKING_SCHEMA }],
};

/** The booking cache of one account, inside the account's guest database: queries as methods. */
export class BookingTables {
  readonly bookings: Table<BookingRow, string>;
  readonly fields: Table<BookingFieldRow, string>;
  /** The cache's meta table, where the bookings' sync facts are kept. */
  readonly meta: Table<{ key: string; value: unknown }, string>;

  constructor(readonly db: Dexie) {
    this.bookings = db.table('bookings');
    this.fields = db.table('bookingFields');
    this.meta = db.table('meta');
  }

  /** Bookings on one date. */
  bookingsOn(date: string): Promise<BookingRow[]> {
    return this.bookings.where('date').equals(date).toArray();
  }

  /** Bookings from one date to another, both included. */
  bookingsBetween(from: string, to: string): Promise<BookingRow[]> {
    return this.bookings.where('date').between(from, to, true, true).toArray();
  }

  /** A guest's bookings (under any of the keys the guest has had). */
  bookingsOfGuest(keys: string[]): Promise<BookingRow[]> {
    return this.bookings.where('guestKey').anyOf(keys).toArray();
  }

  /** One booking by id. */
  bookingById(id: string): Promise<BookingRow | undefined> {
    return this.bookings.get(id);
  }

  /** Writes a page of bookings. */
  putBookings(rows: BookingRow[]): Promise<unknown> {
    return this.bookings.bulkPut(rows);
  }

  /** Removes bookings a full pull did not see. */
  async sweepBookings(seen: Set<string>): Promise<number> {
    const gone = (await this.bookings.toCollection().primaryKeys()).filter((id) => !seen.has(id));
    await this.bookings.bulkDelete(gone);
    return gone.length;
  }

  /** How many bookings are cached. */
  bookingCount(): Promise<number> {
    return this.bookings.count();
  }

  /** The reservation field definitions in the service's order. */
  fieldList(): Promise<BookingFieldRow[]> {
    return this.fields.orderBy('position').toArray();
  }

  /** Replaces the field definitions with the service's current list. */
  replaceFields(fields: BookingFieldRow[]): Promise<void> {
    return this.db.transaction('rw', this.fields, async () => {
      await this.fields.clear();
      await this.fields.bulkPut(fields);
    });
  }
}

/** The guest fields a booking row keeps a copy of. */
export type BookingGuest = Pick<BookingRow, 'guestName' | 'guestMobile' | 'guestEmail'>;
