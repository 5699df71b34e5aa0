// The rows of the guest cache's tables (its queries are in guest-db.ts, rows are built in guest-row.ts).
import type { ResponseOf } from '../../shared/bridge/contract';
import type { EditConflict } from '../../shared/outbox/desk-edit';
import type { OutboxState } from '../../shared/outbox/states';
import type { ContactRecord } from './contact';

/**
 * A cached guest as read: the service's record, and what lists need without reading it. What only search needs
 * (terms, sort key) is not stored with it (the search log holds it, so a sync does not clone it into IndexedDB twice);
 * it is made again from the record where the log cannot say (renderer/db/guest-row.ts `withTerms`). A label, detail
 * and pending count that are the record's own are not stored either, and are made again as the row is read
 * (renderer/db/guest-row-storage.ts).
 */
export interface GuestRow {
  /** The service's contact_id, or the local id until the service confirms a guest recorded here. */
  key: string;
  /** The local id this guest was recorded under, kept after confirmation so an open profile follows it. */
  localId?: string;
  /** The record as the service last returned it (for a local guest: what was queued). */
  record: ContactRecord;
  /** Display name, and one line of contact details (email · mobile · member number). */
  label: string;
  detail: string;
  /** How many of this desk's writes to the guest the service has not yet confirmed. */
  pending: number;
}

/**
 * A guest row as it is written: with what search needs, of the record with pending writes applied. The cache's logs
 * read it as the write passes; the row is stored without it (renderer/db/guest-row-storage.ts).
 */
export interface IndexedGuestRow extends GuestRow {
  /** Search terms (renderer/search/terms.ts). */
  terms: string[];
  /** A folded "surname first" key for ordering. */
  sortKey: string;
}

/** The outbox states, as the renderer records them for its writes (shared/outbox/states). */
export type WriteState = OutboxState;

/** One multipleSelect option checked or unchecked. */
export interface MultiselectChange {
  field: string;
  option: string;
  checked: boolean;
}

/** Something this desk queued for a guest, followed until the outbox confirms it. */
export interface GuestWrite {
  outboxId: string;
  guestKey: string;
  kind: 'create' | 'update' | 'purchase' | 'sms' | 'email';
  state: WriteState;
  createdAt: string;
  /** Contact writes: the fields set, options checked or unchecked, and the full category list. */
  changes?: ContactRecord;
  multiselect?: MultiselectChange[];
  categories?: string[];
  /** Purchases and messages: what staff see in the guest's history. */
  summary?: string;
  details?: Record<string, unknown>;
  /** The outbox's reference for SMS and email (to find it in sent_items), and its problem if any. */
  referenceId?: string;
  problem?: string;
  /** Issue 20: the same fields were changed on another desk; the guest shows the service's values until staff choose. */
  conflict?: EditConflict;
}

/** A contact field definition (get_contact_fields, expanded), in the service's order. */
export interface FieldRow {
  name: string;
  type: string;
  options?: string[];
  position: number;
}

/** A category (reference 2.4). */
export interface CategoryRow {
  id: string;
  name: string;
}

/** A sent item (reference 2.7), keyed by its reference id. */
export type SentItemRow = ResponseOf<'listSentItems'>['items'][number];

/** An SMS reply (reference 2.8) with a stable id and the sender's number as E.164 digits, to link it to a guest. */
export type SmsReplyRow = ResponseOf<'listSmsReplies'>['replies'][number] & { id: string; phone: string };
