import { emptyCounts, type OutboxState } from '../../../shared/outbox/states';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';

/** A desk core for the guest screens: a contact list to pull (with what was asked), queued writes recorded, outbox entries listed. */
export function fakeGuestDesk(initial: Record<string, unknown>[], overrides: Partial<DeskHandlers> = {}) {
  const state = {
    contacts: [...initial],
    pulls: [] as { touchedFrom?: string }[],
    pages: 0,
    writes: [] as { channel: string; request: unknown }[],
    outbox: [] as { id: string; state: OutboxState; guestKey?: string; result?: Record<string, unknown> }[],
    failPull: null as string | null,
  };
  const held = new Map<string, Record<string, unknown>[]>();
  let next = 0;
  const queue = (channel: string, request: { guestKey?: string; localId?: string }) => {
    state.writes.push({ channel, request });
    const entry = { id: `ob_${++next}`, state: 'queued' as const, guestKey: request.guestKey ?? request.localId };
    state.outbox.push(entry);
    return { outboxId: entry.id, state: entry.state, guestKey: entry.guestKey };
  };
  const now = new Date().toISOString();
  const handlers = fakeHandlers({
    getAccount: () => ({
      state: 'demo',
      clientId: 'demo',
      timeZone: 'Australia/Sydney',
      defaultPhoneCountry: 'AU',
      defaultSmsSender: 'Harbour',
      canOpenDashboard: false,
      keychain: { available: true, description: 'test' },
    }),
    listContactFields: () => [
      { name: 'PatronName', type: 'string' },
      { name: 'PatronSurname', type: 'string' },
      { name: 'PatronEmail', type: 'string' },
      { name: 'PatronMobile', type: 'string' },
      { name: 'MemberNumber', type: 'string' },
      { name: 'DateOfBirth', type: 'date' },
      { name: 'Sex', type: 'Sex' },
      { name: 'VisitCount', type: 'number' },
      { name: 'Vip', type: 'bool' },
      { name: 'FavouriteArea', type: 'singleSelect', options: ['Bar', 'Terrace'] },
      { name: 'Interests', type: 'multipleSelect', options: ['Jazz', 'Wine', 'Rugby'] },
      { name: 'Notes', type: 'text' },
    ],
    listCategories: () => [
      { id: '1', name: 'VIP' },
      { id: '2', name: 'Regulars' },
    ],
    pullGuests: ({ touchedFrom }) => {
      if (state.failPull) throw new UserFacingError(state.failPull);
      state.pulls.push(touchedFrom ? { touchedFrom } : {});
      const pullId = `pull_${state.pulls.length}`;
      held.set(pullId, [...state.contacts]);
      return { pullId, total: state.contacts.length, startedAt: now };
    },
    pullGuestsPage: ({ pullId, offset, limit }) => {
      state.pages++;
      const all = held.get(pullId) ?? [];
      const contacts = all.slice(offset, offset + limit);
      return { contacts, remaining: Math.max(0, all.length - offset - contacts.length) };
    },
    listSentItems: () => ({ items: [] }),
    listSmsReplies: () => ({ replies: [] }),
    listOutbox: ({ guestKey, ids }) => ({
      items: state.outbox
        .filter((entry) => (!guestKey || entry.guestKey === guestKey) && (!ids || ids.includes(entry.id)))
        .map((entry) => ({
          ...entry,
          kind: 'push_contact' as const,
          summary: '',
          createdAt: now,
          updatedAt: now,
          attempts: 0,
          editable: true,
          payload: { client_id: 'demo' },
        })),
      summary: { counts: emptyCounts(), paused: [], online: true },
    }),
    saveGuest: (request) => queue('saveGuest', request),
    createGuest: (request) => queue('createGuest', request),
    addGuestPurchase: (request) => queue('addGuestPurchase', request),
    sendGuestSms: (request) => queue('sendGuestSms', request),
    sendGuestEmail: (request) => queue('sendGuestEmail', request),
    ...overrides,
  });
  return { desk: createFakeDesk(handlers), state };
}
