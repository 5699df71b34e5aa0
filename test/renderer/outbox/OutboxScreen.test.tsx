import { emptyCounts } from '../../../shared/outbox/states';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { OutboxBadge } from '../../../renderer/screens/outbox/OutboxBadge';
import { OutboxScreen } from '../../../renderer/screens/outbox/OutboxScreen';
import type { OutboxItemOf } from '../../../shared/bridge/channels/outbox';
import { followOutbox, useOutbox, type OutboxItem, type OutboxSummary } from '../../../renderer/stores/outbox';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';
import { useGuests } from '../../../renderer/stores/guests';
import { phonePlanOf } from '../../../renderer/search/phone';
import { IDLE_STATUS } from '../../../renderer/sync/collection';
import { auPhoneKey, seededDb } from '../guests/fixtures';

const now = new Date().toISOString();
const facts = {
  id: 'x',
  state: 'queued',
  summary: 'SMS',
  createdAt: now,
  updatedAt: now,
  attempts: 0,
  editable: true,
} as const;
const item = (overrides: Partial<OutboxItemOf<'sms'>>): OutboxItem => ({
  ...facts,
  kind: 'sms',
  payload: { from: 'Harbour', to: '+61400000000', message: 'Hi' },
  ...overrides,
});
const guestItem = (overrides: Partial<OutboxItemOf<'push_contact'>>): OutboxItem => ({
  ...facts,
  kind: 'push_contact',
  payload: { client_id: 'demo' },
  ...overrides,
});
const purchaseItem = (overrides: Partial<OutboxItemOf<'add_purchase'>>): OutboxItem => ({
  ...facts,
  kind: 'add_purchase',
  payload: { client_id: 'demo', contact_id: '1', item_desc: 'Negroni', item_qty: 2 },
  ...overrides,
});

/** An in-memory outbox behind the real dispatcher, recording what the screen asked for. */
function fakeOutbox() {
  const items = new Map<string, OutboxItem>([
    [
      'a',
      item({
        id: 'a',
        state: 'needs_attention',
        summary: 'SMS to +61412345678: Table ready',
        problem: { message: 'Invalid recipient details', whatToDo: 'Check the mobile number, then resend.' },
        payload: { from: 'Harbour', to: '+61412345678', message: 'Table ready' },
      }),
    ],
    [
      'b',
      guestItem({
        id: 'b',
        state: 'waiting',
        summary: 'New guest Ada Lovelace',
        waitingReason: 'Offline: waiting for the service',
        editable: true,
        payload: { client_id: 'demo', PatronName: 'Ada' },
      }),
    ],
    [
      'c',
      purchaseItem({
        id: 'c',
        state: 'needs_attention',
        summary: 'Purchase 2 × Negroni',
        awaitingDecision: true,
        editable: false,
        problem: {
          message: 'The line dropped after sending',
          whatToDo: 'Check the guest in the dashboard, then decide.',
        },
      }),
    ],
  ]);
  const calls: string[] = [];
  const summary = (): OutboxSummary => {
    const counts = emptyCounts();
    for (const entry of items.values()) counts[entry.state]++;
    return {
      counts,
      paused: [{ kind: 'sms', reason: 'Insufficient Credits: add SMS credits, then resume.' }],
      online: false,
    };
  };
  const desk = createFakeDesk(
    fakeHandlers({
      listOutbox: ({ states }) => ({
        items: [...items.values()].filter((entry) => !states || states.includes(entry.state)),
        summary: summary(),
      }),
      resendOutboxItem: ({ id }) => (
        calls.push(`resend ${id}`),
        items.set(id, { ...items.get(id)!, state: 'queued', problem: undefined }),
        items.get(id)!
      ),
      discardOutboxItem: ({ id }) => (calls.push(`discard ${id}`), items.delete(id), { discarded: true }),
      decideHeldItem: ({ id, decision }) => (calls.push(`${decision} ${id}`), items.get(id)!),
      editOutboxItem: ({ id, edit }) => (calls.push(`edit ${id} ${JSON.stringify(edit.payload)}`), items.get(id)!),
      resumeOutboxKind: ({ kind }) => (calls.push(`resume ${kind}`), summary()),
    }),
  );
  return { desk, calls, summary, items };
}

describe('the Outbox screen', () => {
  beforeEach(() => useOutbox.setState({ summary: null, version: 0 }));

  it('shows each entry with its state, reason and the service’s words, and the badge counts', async () => {
    const { desk } = fakeOutbox();
    setDesk(desk);
    followOutbox(desk);
    renderWithProviders(
      <>
        <OutboxBadge />
        <OutboxScreen />
      </>,
    );
    const table = await screen.findByRole('table', { name: 'outbox entries' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('Invalid recipient details — Check the mobile number, then resend.');
    // The line says what the entry is; no second column repeats its kind (issue 22: "Campaign  Campaign …").
    const sms = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Table ready'))!;
    expect(sms.textContent!.match(/SMS/g)).toHaveLength(1);
    expect(table).toHaveTextContent('Offline: waiting for the service');
    expect(screen.getByText(/SMS sending is paused/)).toBeInTheDocument();
    expect(screen.getByText(/service is not answering/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('outbox-counts')).toHaveTextContent('21'));
  });

  it('names the guest of a booking and a purchase from the guest cache, as their lines carry only an id', async () => {
    const { desk, items } = fakeOutbox();
    items.set(
      'e',
      purchaseItem({
        id: 'e',
        summary: 'Purchase: Spritz × 1',
        payload: { client_id: 'demo', contact_id: '101', item_desc: 'Spritz' },
      }),
    );
    items.set('d', {
      ...facts,
      id: 'd',
      kind: 'push_reservations',
      summary: 'Booking R7, 4 people',
      payload: { reservation: { id: 'R7', total_attendees: 4 }, contact: { client_id: 'demo', contact_id: '102' } },
    });
    const db = await seededDb();
    useGuests.setState({
      cache: {
        clientId: 'demo',
        country: 'AU',
        db,
        phoneKey: auPhoneKey,
        planContext: phonePlanOf('AU'),
        sync: { run: async () => {}, start: () => () => {}, status: () => IDLE_STATUS },
      },
    });
    setDesk(desk);
    followOutbox(desk);
    renderWithProviders(<OutboxScreen />);
    const table = await screen.findByRole('table', { name: 'outbox entries' });
    const rowOf = (text: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(text))!;
    await waitFor(() => expect(rowOf('Booking R7')).toHaveTextContent('For Grace Hopper'));
    await waitFor(() => expect(rowOf('Spritz')).toHaveTextContent('For Ada Lovelace'));
    // An entry whose line names its guest gets no second name.
    expect(rowOf('Table ready')).not.toHaveTextContent('For ');
    useGuests.setState({ cache: null });
    db.close();
  });

  it('resends, decides a held purchase, resumes a paused kind and discards after confirmation', async () => {
    const { desk, calls } = fakeOutbox();
    setDesk(desk);
    renderWithProviders(<OutboxScreen />);
    const table = await screen.findByRole('table', { name: 'outbox entries' });
    await userEvent.click(within(table).getByRole('button', { name: 'Resend' }));
    await userEvent.click(within(table).getByRole('button', { name: 'It was recorded' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await userEvent.click(within(table).getAllByRole('button', { name: 'Discard' })[0]!);
    expect(calls).not.toContain('discard a');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(calls).toEqual(['resend a', 'it-was-recorded c', 'resume sms', 'discard a']));
  });

  it('edits a queued message, keeping the rest of the payload', async () => {
    const { desk, calls } = fakeOutbox();
    setDesk(desk);
    renderWithProviders(<OutboxScreen />);
    const table = await screen.findByRole('table', { name: 'outbox entries' });
    await userEvent.click(within(table).getAllByRole('button', { name: 'Edit' })[0]!);
    const mobile = await screen.findByLabelText('Mobile');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '+61400000000');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(() =>
      expect(calls).toEqual([
        `edit a ${JSON.stringify({ from: 'Harbour', to: '+61400000000', message: 'Table ready' })}`,
      ]),
    );
  });

  it('follows outboxChanged events live', async () => {
    const { desk, summary } = fakeOutbox();
    followOutbox(desk);
    act(() =>
      desk.emit('outboxChanged', {
        summary: { ...summary(), counts: { ...emptyCounts(), sent: 3 } },
        changed: [{ id: 'z', kind: 'sms', state: 'sent', createdAt: now }],
        removed: [],
      }),
    );
    // Notices name the entries that changed (id, kind, state); the store keeps the counts they bring.
    expect(useOutbox.getState().summary?.counts.sent).toBe(3);
    expect(useOutbox.getState().version).toBe(1);
  });
});

describe('a new guest the service refused as a duplicate', () => {
  beforeEach(() => useOutbox.setState({ summary: null, version: 0 }));

  it('names the guest on file and offers Open, Add these details (field by field, nothing blanked), Edit and Discard; no Resend', async () => {
    const onFile = {
      contactId: '501',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      mobile: '',
      record: {
        client_id: 'demo',
        contact_id: '501',
        PatronName: 'Ada',
        PatronSurname: 'Lovelace',
        PatronEmail: 'ada@example.com',
        svc_categories: 'VIP',
      },
    };
    const entry = guestItem({
      id: 'd',
      state: 'needs_attention',
      summary: 'New guest: Augusta',
      editable: true,
      payload: {
        client_id: 'demo',
        contact_id: 'local-1',
        PatronName: 'Augusta',
        PatronSurname: '',
        PatronEmail: 'ada@example.com',
        PatronMobile: '+61412345678',
        svc_categories: 'Regular',
      },
      problem: {
        message:
          'Duplicate check failed: the service keeps one guest per email and one per mobile, and already has Ada Lovelace (ada@example.com).',
        whatToDo: 'Open Ada Lovelace, …',
        existingGuests: [onFile],
      },
    });
    const calls: string[] = [];
    const desk = createFakeDesk(
      fakeHandlers({
        listOutbox: () => ({
          items: [entry],
          summary: {
            counts: { queued: 0, sending: 0, waiting: 0, needs_attention: 1, sent: 0 },
            paused: [],
            online: true,
          },
        }),
        addToExistingGuest: ({ id, contactId, fields }) => (
          calls.push(`add ${id} ${contactId} ${fields.join(',')}`),
          { ...entry, state: 'queued' }
        ),
      }),
    );
    setDesk(desk);
    renderWithProviders(<OutboxScreen />);
    const row = (await screen.findByRole('table', { name: 'outbox entries' })).querySelector('tr')!;
    const choices = within(row).getByLabelText('guest already on file');
    expect(choices).toHaveTextContent('Ada Lovelace');
    expect(choices).toHaveTextContent('ada@example.com');
    for (const name of ['Open Ada Lovelace', 'Add these details to Ada Lovelace', 'Edit', 'Discard'])
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Add these details to Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add these details to Ada Lovelace?' });
    const rows = within(within(dialog).getByRole('table', { name: 'changes to the guest' }))
      .getAllByRole('row')
      .slice(1);
    // The empty surname is not offered: it would blank Lovelace. Categories are added to the guest's own.
    expect(rows.map((r) => r.textContent)).toEqual([
      'First nameAdaAugusta',
      'Mobile(empty)+61412345678',
      'CategoriesVIPVIP,Regular',
    ]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Change First name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Ada Lovelace' }));
    await waitFor(() => expect(calls).toEqual(['add d 501 PatronMobile,svc_categories']));
  });
});
