import type { DeskApi, RequestOf } from '../../shared/bridge/contract';
import type { DeskEdit } from '../../shared/outbox/desk-edit';
import { newLocalGuestId } from '../../shared/rules/guest-id';
import type { FieldValue } from '../db/contact';
import type { GuestWrite, MultiselectChange } from '../db/guest-types';
import { guestsChanged, useGuests } from './guests';

/** A profile edit: changed fields, multipleSelect options checked or unchecked, and the categories when they changed. */
export interface GuestEdit {
  changes: Record<string, FieldValue>;
  multiselect: MultiselectChange[];
  categories?: string[];
}

/** The cache, or a refusal in staff's words when no account is connected. */
function requireCache() {
  const cache = useGuests.getState().cache;
  if (!cache) throw new Error('Connect an account in Settings (or start the demo) first.');
  return cache;
}

/** Records a queued write in the cache so it shows, pending, at once. */
async function record(write: Omit<GuestWrite, 'createdAt'>): Promise<void> {
  const cache = requireCache();
  await cache.db.recordWrite({ ...write, createdAt: new Date().toISOString() }, cache.phoneKey);
  guestsChanged();
}

/** Queues a profile edit (with its base, when the service has the guest) through the outbox and overlays it on the guest until it is confirmed. */
export async function saveGuestEdit(
  desk: DeskApi,
  guestKey: string,
  edit: GuestEdit,
  deskEdit?: DeskEdit,
): Promise<void> {
  const queued = await desk.saveGuest({
    guestKey,
    changes: edit.changes,
    multiselect: edit.multiselect,
    ...(edit.categories ? { categories: edit.categories } : {}),
    ...(deskEdit ? { deskEdit } : {}),
  });
  await record({
    outboxId: queued.outboxId,
    guestKey,
    kind: 'update',
    state: queued.state,
    changes: edit.changes,
    multiselect: edit.multiselect,
    categories: edit.categories,
  });
}

/** Queues a new guest under a fresh local id (works offline); returns that id. */
export async function createGuest(
  desk: DeskApi,
  fields: Record<string, FieldValue>,
  categories: string[],
): Promise<string> {
  const localId = newLocalGuestId(crypto.randomUUID());
  const queued = await desk.createGuest({ localId, fields, ...(categories.length ? { categories } : {}) });
  await record({
    outboxId: queued.outboxId,
    guestKey: localId,
    kind: 'create',
    state: queued.state,
    changes: fields,
    categories: categories.length ? categories : undefined,
  });
  return localId;
}

/** Queues a purchase for a guest and lists it in the guest's history. */
export async function addPurchase(
  desk: DeskApi,
  guestKey: string,
  item: RequestOf<'addGuestPurchase'>['item'],
  summary: string,
): Promise<void> {
  const queued = await desk.addGuestPurchase({ guestKey, item });
  await record({
    outboxId: queued.outboxId,
    guestKey,
    kind: 'purchase',
    state: queued.state,
    summary,
    details: { ...item },
  });
}

/** Queues a one-off SMS to a guest and lists it in the guest's messages. */
export async function sendSms(
  desk: DeskApi,
  guestKey: string,
  sms: Omit<RequestOf<'sendGuestSms'>, 'guestKey'>,
): Promise<void> {
  const queued = await desk.sendGuestSms({ guestKey, ...sms });
  await record({
    outboxId: queued.outboxId,
    guestKey,
    kind: 'sms',
    state: queued.state,
    summary: sms.message,
    details: { ...sms },
  });
}

/** Queues a one-off email to a guest and lists it in the guest's messages. */
export async function sendEmail(
  desk: DeskApi,
  guestKey: string,
  email: Omit<RequestOf<'sendGuestEmail'>, 'guestKey'>,
): Promise<void> {
  const queued = await desk.sendGuestEmail({ guestKey, ...email });
  await record({
    outboxId: queued.outboxId,
    guestKey,
    kind: 'email',
    state: queued.state,
    summary: email.subject,
    details: { ...email },
  });
}
