import type { ServiceClient } from '../../../../shared/api/client';
import {
  HttpStatusError,
  NoConnectionError,
  OutcomeUnknownError,
  ServiceFailureError,
} from '../../../../shared/api/errors';

type Record_ = Record<string, unknown>;

/** A fault the next call of a method meets. */
export type Fault =
  | 'refused'
  | 'dropped-after-commit'
  | 'timeout-before-commit'
  | { status: number; retryAfterMs?: number }
  | { serviceMessage: string };

/**
 * A small in-memory service for unit tests: the methods the outbox uses, with the behaviours that
 * matter to it (duplicate check, per-item failures, sent items by reference) and faults on demand.
 * The integration and reliability suites use the real sandbox instead.
 */
export function createFakeService() {
  const contacts = new Map<string, Record_>();
  const purchases: Record_[] = [];
  const reservations = new Map<string, Record_>();
  const sent: Array<{ type: 'sms' | 'email'; reference_id: string; request: Record_ }> = [];
  const faults = new Map<string, Fault[]>();
  const calls: Array<{ method: string; input: unknown }> = [];
  let nextContact = 1000;
  let gate: Promise<void> | null = null;

  /** The fault queued for this method, if any. */
  const faultOf = (method: string): Fault | undefined => faults.get(method)?.shift();

  /** Runs `commit` as the method would, wrapped in the queued fault. */
  const call = async <T>(method: string, input: unknown, commit: () => T): Promise<T> => {
    calls.push({ method, input });
    if (gate) await gate;
    const fault = faultOf(method);
    if (fault === 'refused') throw new NoConnectionError(method, `${method}: refused`, 'ECONNREFUSED');
    if (fault === 'timeout-before-commit') throw new OutcomeUnknownError(method, `${method}: timeout`, 'timeout');
    if (fault && typeof fault === 'object' && 'status' in fault)
      throw new HttpStatusError(method, `${method}: HTTP ${fault.status}`, fault.status, fault.retryAfterMs);
    if (fault && typeof fault === 'object' && 'serviceMessage' in fault)
      throw new ServiceFailureError(method, fault.serviceMessage, undefined, 200);
    const result = commit();
    if (fault === 'dropped-after-commit')
      throw new OutcomeUnknownError(method, `${method}: connection lost`, 'connection-lost');
    return result;
  };

  const findDuplicate = (contact: Record_) =>
    [...contacts.values()].find(
      (existing) =>
        (contact.PatronEmail && existing.PatronEmail === contact.PatronEmail) ||
        (contact.PatronMobile && existing.PatronMobile === contact.PatronMobile),
    );

  const client = {
    sms: (input: Record_) =>
      call('sms', input, () => {
        sent.push({ type: 'sms', reference_id: String(input.reference_id), request: input });
        return { message: 'Message queued' };
      }),
    email: (input: Record_) =>
      call('email', input, () => {
        sent.push({ type: 'email', reference_id: String(input.reference_id), request: input });
        return { message: 'Email queued' };
      }),
    sentItems: (input: Record_) =>
      call('sentItems', input, () =>
        sent
          .filter((item) => item.reference_id === input.reference_id && (!input.type || item.type === input.type))
          .map((item) => ({ reference_id: item.reference_id, type: item.type })),
      ),
    categories: (input: Record_) => call('categories', input, () => ({ categories: [] })),
    pullDb: (input: Record_) =>
      call('pullDb', input, () =>
        [...contacts.values()].filter(
          (contact) =>
            (!input.PatronEmail || contact.PatronEmail === input.PatronEmail) &&
            (!input.PatronMobile || contact.PatronMobile === input.PatronMobile),
        ),
      ),
    pushContact: (input: Record_[]) =>
      call('pushContact', input, () => {
        const success: Record_[] = [];
        const failures: Record_[] = [];
        for (const contact of input) {
          const id = contact.contact_id as string | undefined;
          if (id) {
            const existing = contacts.get(id);
            if (!existing)
              failures.push({
                client_id: contact.client_id,
                contact_id: id,
                reason: { code: 1, desc: 'No such contact in database' },
              });
            else {
              contacts.set(id, { ...existing, ...contact });
              success.push({ client_id: contact.client_id, contact_id: id });
            }
            continue;
          }
          if (!contact.PatronEmail && !contact.PatronMobile) {
            failures.push({
              client_id: contact.client_id,
              contact_id: '',
              reason: { code: 2, desc: 'No email or mobile information' },
            });
          } else if (findDuplicate(contact)) {
            failures.push({
              client_id: contact.client_id,
              contact_id: '',
              reason: { code: 3, desc: 'Duplicate check failed' },
            });
          } else {
            const newId = String(nextContact++);
            contacts.set(newId, { ...contact, contact_id: newId });
            success.push({ client_id: contact.client_id, contact_id: newId });
          }
        }
        return { success, failures };
      }),
    addPurchase: (input: Record_[]) =>
      call('addPurchase', input, () => {
        const success: Record_[] = [];
        const failures: Record_[] = [];
        for (const item of input) {
          if (!contacts.has(String(item.contact_id)))
            failures.push({ ...item, reason: { code: 1, desc: 'No such contact in database' } });
          else {
            purchases.push(item);
            success.push(item);
          }
        }
        return { success, failures };
      }),
    pushReservations: (input: Array<{ reservation: Record_; contact: Record_ }>) =>
      call('pushReservations', input, () => {
        const success: Record_[] = [];
        const failures: Record_[] = [];
        for (const { reservation, contact } of input) {
          let contactId = contact.contact_id as string | undefined;
          if (!contactId) {
            if (findDuplicate(contact)) {
              failures.push({
                client_id: contact.client_id,
                contact_id: '',
                reservation_id: reservation.id,
                reason: { code: 3, desc: 'Duplicate check failed' },
              });
              continue;
            }
            contactId = String(nextContact++);
            contacts.set(contactId, { ...contact, contact_id: contactId });
          }
          reservations.set(String(reservation.id), { ...reservation, contact_id: contactId });
          success.push({ client_id: contact.client_id, contact_id: contactId, reservation_id: reservation.id });
        }
        return { success, failures };
      }),
  };

  return {
    client: client as unknown as ServiceClient,
    contacts,
    purchases,
    reservations,
    sent,
    calls,
    /** Calls of one method so far. */
    callsOf: (method: string) => calls.filter((entry) => entry.method === method),
    /** Queues faults for the next calls of a method, in order. */
    fail(method: string, ...next: Fault[]) {
      faults.set(method, [...(faults.get(method) ?? []), ...next]);
    },
    /** Holds every call until the returned release is called (to look at entries mid-send). */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

export type FakeService = ReturnType<typeof createFakeService>;
