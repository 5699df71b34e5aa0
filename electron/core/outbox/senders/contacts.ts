import type { ContactRecord } from '../../../../shared/api/response-schemas';
import { contactItemOf } from '../../../../shared/outbox/service-item';
import { contactText, holdsSameIdentity } from '../../../../shared/rules/contact-identity';
import { outcomeOfCallError, outcomeOfServiceMessage } from '../classify';
import { contactIdOf } from '../local-ids';
import { deliverMerged, type ToPush } from '../merge/deliver';
import { mergeGuestEntry } from '../merge/entries';
import { createMergeReader, type MergeReader } from '../merge/reader';
import type { DeliveryOutcome } from '../outcomes';
import { findGuestsByEmailOrMobile, judgeDuplicateGuest } from '../reconcile';
import type { OutboxPayloads, OutboxRow } from '../types';
import { pairBulkAnswers, unclaimedAnswers, type ItemAnswer } from './bulk-answers';
import type { KindSender, ServiceAccess } from './sender';

const DUPLICATE = /duplicate check failed/i;
const UNATTRIBUTED =
  "The service's answer did not say which new guest was which; the desk checks this one again on its own.";
type PushContact = ServiceAccess['client']['pushContact'];

/** The merge read of guests: pull_db with touched_from, in the account's zone (reference 4.13). */
export function createGuestReader(now: () => number): MergeReader<ContactRecord> {
  return createMergeReader({ list: (service, request) => service.client.pullDb(request), keyOf: guestKey, now });
}

/**
 * Pushes guests in batches. An edit of a guest the service has is merged first with the service's guest
 * (one read for the batch): only what changed here goes, categories as the service's list with this
 * desk's additions and removals, and the same field changed elsewhere waits for a person. A new guest
 * refused as a duplicate is this entry's own earlier write only when that write's outcome was unknown and
 * the guest found holds what it sent; otherwise it needs a person, shown the guest the service already
 * has. Nothing is applied to a guest on a guess.
 */
export function createContactSender(reader: MergeReader<ContactRecord>): KindSender<'push_contact'> {
  return {
    deliver: (rows, service) =>
      deliverMerged(rows, service, {
        kind: 'push_contact',
        reader,
        itemOf: contactItemOf,
        keyOf: (row) => contactIdOf('push_contact', row.payload),
        mergeOne: mergeGuestEntry,
        unchangedResult: (row) => ({ contact_id: contactIdOf('push_contact', row.payload), unchanged: true }),
        push: pushGuests,
      }),
  };
}

/** One push_contact call for the entries, each settled from its part of the answer. */
async function pushGuests(
  entries: readonly ToPush<'push_contact'>[],
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_contact'>[]> {
  let response: Awaited<ReturnType<PushContact>>;
  try {
    response = await service.client.pushContact(entries.map((entry) => entry.item));
  } catch (error) {
    const outcome = outcomeOfCallError(error, 'push_contact');
    return entries.map(() => outcome);
  }
  const keys = entries.map((entry) => contactIdOf('push_contact', entry.row.payload));
  const echoKey = (echo: Record<string, unknown>) => stringOf(echo.contact_id);
  const answers = pairBulkAnswers(keys, response.success, response.failures, echoKey);
  const created = unclaimedAnswers(keys, response.success, echoKey)
    .map(echoKey)
    .filter((id): id is string => id !== undefined);
  const refused = unclaimedAnswers(keys, response.failures, (failure) => stringOf(failure.contact_id));
  const newGuests = keys.filter((key) => key === undefined).length;
  const createdIds: CreatedIds = {
    ids: new Set(created),
    all: refused.length === 0 && created.length === newGuests,
  };
  const outcomes: DeliveryOutcome<'push_contact'>[] = [];
  // One at a time: the lookups of an ambiguous answer must not flood the service.
  for (const [index, entry] of entries.entries())
    outcomes.push(await settle(entry, answers[index]!, createdIds, service));
  return outcomes;
}

/** The ids a call created for its new guests (in no known order), and whether every new guest of the call was created. */
interface CreatedIds {
  ids: ReadonlySet<string>;
  all: boolean;
}

/** One guest's outcome from its part of the answer. */
async function settle(
  { row, merged }: ToPush<'push_contact'>,
  answer: ItemAnswer,
  created: CreatedIds,
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_contact'>> {
  if (answer.ok === true) {
    const contactId = stringOf(answer.echo.contact_id);
    // A new guest a person chose to add to a guest on file now names that guest's service id.
    const addedToExistingGuest = row.createsLocalId !== null && contactIdOf('push_contact', row.payload) !== undefined;
    return contactId
      ? {
          type: 'sent',
          result: {
            contact_id: contactId,
            ...(addedToExistingGuest ? { addedToExistingGuest } : {}),
            ...(merged ? { merged } : {}),
          },
          contactId,
        }
      : { type: 'sent' };
  }
  const isNewGuest = contactIdOf('push_contact', row.payload) === undefined;
  if (answer.ok === null && isNewGuest) {
    // Every new guest of the call was created, but which id is whose is not said. Nothing waits on
    // the id of a guest without a local id: it is sent, without an id. A guest recorded here is looked up.
    if (created.all && row.createsLocalId === null) return { type: 'sent', result: { created: true } };
    if (created.ids.size > 0) return identifyCreatedGuest(row.payload, created.ids, service);
  }
  if (answer.ok === null) return { type: 'unknown', reason: UNATTRIBUTED };
  if (isNewGuest && DUPLICATE.test(answer.desc)) return reconcileNewGuest(row, service);
  return outcomeOfServiceMessage('push_contact', answer.desc);
}

/**
 * Several new guests went in one call and the answer lists the ids it created in no known order:
 * this guest's id is the created one that holds what it sent, looked up by its email or mobile.
 */
async function identifyCreatedGuest(
  contact: OutboxPayloads['push_contact'],
  createdIds: ReadonlySet<string>,
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_contact'>> {
  try {
    const found = await findGuestsByEmailOrMobile(service, contact);
    const mine = found.filter(
      (record) =>
        createdIds.has(contactText(record.contact_id)) && holdsSameIdentity(record, contact, service.phoneCountry),
    );
    if (mine.length !== 1) return { type: 'unknown', reason: UNATTRIBUTED };
    const contactId = contactText(mine[0]!.contact_id);
    return { type: 'sent', result: { contact_id: contactId }, contactId };
  } catch {
    // The guest may well have been created: whatever stopped the lookup, its outcome is in doubt.
    return { type: 'unknown', reason: UNATTRIBUTED };
  }
}

/** "Duplicate check failed" for a new guest: applied to the guest found only when it is this entry's own earlier write. */
async function reconcileNewGuest(
  row: OutboxRow<'push_contact'>,
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_contact'>> {
  try {
    const verdict = await judgeDuplicateGuest(service, row.payload, row.outcomeUnknownAt !== null);
    if (!verdict.own) return { type: 'failed', problem: verdict.problem };
    // Our own guest: pushing by its contact_id applies any later edit and cannot duplicate.
    const update = { ...contactItemOf(row.payload), contact_id: verdict.contactId };
    const response = await service.client.pushContact([update]);
    const [answer] = pairBulkAnswers([verdict.contactId], response.success, response.failures, (echo) =>
      stringOf(echo.contact_id),
    );
    if (answer?.ok === true) {
      return {
        type: 'sent',
        result: { contact_id: verdict.contactId, matchedOwnEarlierWrite: true },
        contactId: verdict.contactId,
      };
    }
    if (answer?.ok === false) return outcomeOfServiceMessage('push_contact', answer.desc);
    return { type: 'unknown', reason: UNATTRIBUTED };
  } catch (error) {
    return outcomeOfCallError(error, 'push_contact');
  }
}

/** A pulled guest's contact_id. */
function guestKey(record: ContactRecord): string | undefined {
  return stringOf(record.contact_id);
}

/** A non-empty string, or undefined. */
function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}
