// Reservations, each tied to one contact; fields are stored as a JSON object like contacts.
import { sql, type SandboxDatabase } from './schema';

/** Inserts or updates a reservation by its id; returns the id. */
export function upsertReservation(
  db: SandboxDatabase,
  accountId: number,
  id: string,
  contactId: number,
  data: Record<string, unknown>,
  nowMs: number,
): void {
  sql(
    db,
    `INSERT INTO reservations (account_id, id, contact_id, data, created_at, touched_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (account_id, id) DO UPDATE SET contact_id = excluded.contact_id, data = excluded.data, touched_at = excluded.touched_at`,
  ).run(accountId, id, contactId, JSON.stringify(data), nowMs, nowMs);
}

/** The stored fields of one reservation, or undefined. */
export function findReservationData(
  db: SandboxDatabase,
  accountId: number,
  id: string,
): Record<string, unknown> | undefined {
  const row = sql(db, 'SELECT data FROM reservations WHERE account_id = ? AND id = ?').get(accountId, id) as
    { data: string } | undefined;
  return row && (JSON.parse(row.data) as Record<string, unknown>);
}

/** Replaces the stored fields of an existing reservation and marks it touched; false when there is none. */
export function updateReservationData(
  db: SandboxDatabase,
  accountId: number,
  id: string,
  data: Record<string, unknown>,
  nowMs: number,
): boolean {
  return (
    sql(db, 'UPDATE reservations SET data = ?, touched_at = ? WHERE account_id = ? AND id = ?').run(
      JSON.stringify(data),
      nowMs,
      accountId,
      id,
    ).changes > 0
  );
}

/** Moves the last change of every reservation of an account back by `byMs`; returns how many. */
export function ageReservations(db: SandboxDatabase, accountId: number, byMs: number): number {
  return sql(db, 'UPDATE reservations SET touched_at = touched_at - ? WHERE account_id = ?').run(byMs, accountId)
    .changes;
}

/** A fresh reservation id for a pushed reservation without one. */
export function nextReservationId(db: SandboxDatabase): string {
  const row = sql(db, 'SELECT COALESCE(MAX(pk), 0) + 1 AS next FROM reservations').get() as { next: number };
  return `R${100000 + row.next}`;
}

/**
 * The pull_reservations body as JSON text (each reservation with its contact, optionally limited to a touched
 * window), built without parsing each stored object, as pull_db's is: the stored JSON already holds the fields.
 * A stored field named like an id the answer sets (id, client_id, contact_id) wins, as it did when the objects
 * were spread (JSON keeps the last of a repeated name).
 */
export function pullReservationsJson(
  db: SandboxDatabase,
  accountId: number,
  clientId: string,
  range: { from?: number; to?: number },
): string {
  const rows = db
    .prepare(
      `SELECT r.id, r.data, c.id AS contact_id, c.data AS contact_data FROM reservations r
        JOIN contacts c ON c.id = r.contact_id
        WHERE r.account_id = ? AND r.touched_at >= ? AND r.touched_at <= ? ORDER BY r.pk`,
    )
    .raw()
    .iterate(accountId, range.from ?? Number.MIN_SAFE_INTEGER, range.to ?? Number.MAX_SAFE_INTEGER) as IterableIterator<
    [string, string, number, string]
  >;
  const contactPrefix = `"contact":{"client_id":${JSON.stringify(clientId)},"contact_id":"`;
  const parts: string[] = [];
  for (const [id, data, contactId, contactData] of rows)
    parts.push(
      `{"reservation":{"id":${JSON.stringify(id)}${restOf(data)},${contactPrefix}${contactId}"${restOf(contactData)}}`,
    );
  return `[${parts.join(',')}]`;
}

/** A stored JSON object's fields after others already written: `,<fields>}`, or `}` for none. */
function restOf(stored: string): string {
  return stored.length > 2 ? `,${stored.slice(1)}` : '}';
}
