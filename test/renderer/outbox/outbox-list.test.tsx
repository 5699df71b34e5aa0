import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyCounts } from '../../../shared/outbox/states';
import { UserFacingError } from '../../../shared/bridge/result';
import { setDesk } from '../../../renderer/bridge/desk';
import { OutboxScreen } from '../../../renderer/screens/outbox/OutboxScreen';
import { followOutbox, useOutbox, type OutboxItem } from '../../../renderer/stores/outbox';
import type { OutboxItemOf } from '../../../shared/bridge/channels/outbox';
import { OUTBOX_PAGE_SIZE, useOutboxList } from '../../../renderer/stores/outbox-list';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';

const summary = { counts: emptyCounts(), paused: [], online: true };
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
/** What every entry queued at second n shows. */
const facts = (n: number) => ({
  id: `ob_${n}`,
  state: 'queued' as const,
  summary: `SMS number ${n}`,
  createdAt: at(n),
  updatedAt: at(n),
  attempts: 0,
  editable: true,
});
const item = (n: number, overrides: Partial<OutboxItemOf<'sms'>> = {}): OutboxItem => ({
  ...facts(n),
  kind: 'sms',
  payload: { from: 'Harbour', to: '+61400000000', message: `Number ${n}` },
  ...overrides,
});

/** A new guest's entry, queued at second n. */
const guestItem = (n: number, summary: string): OutboxItem => ({
  ...facts(n),
  kind: 'push_contact',
  summary,
  payload: { client_id: 'demo', PatronName: 'Ada' },
});

/** A desk whose listOutbox honours states, kinds, before and limit, counting its calls. */
function pagedDesk(entries: OutboxItem[], options: { fail?: string } = {}) {
  const calls: Array<{ ids?: string[] }> = [];
  const newestFirst = [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const desk = createFakeDesk(
    fakeHandlers({
      listOutbox: (query) => {
        calls.push(query);
        if (options.fail) throw new UserFacingError(options.fail);
        if (query.ids) return { items: newestFirst.filter((entry) => query.ids!.includes(entry.id)), summary };
        const start = query.before ? newestFirst.findIndex((entry) => entry.id === query.before) + 1 : 0;
        const items = newestFirst
          .slice(start)
          .filter(
            (entry) =>
              (!query.states || query.states.includes(entry.state)) &&
              (!query.kinds || query.kinds.includes(entry.kind)),
          )
          .slice(0, query.limit ?? 200);
        return { items, summary };
      },
    }),
  );
  /** The outbox as the desk now holds it: replaces or adds entries, drops those named. */
  const update = (changed: OutboxItem[], dropped: string[] = []) => {
    for (const entry of changed) {
      const at = newestFirst.findIndex((old) => old.id === entry.id);
      if (at >= 0) newestFirst[at] = entry;
      else newestFirst.unshift(entry);
    }
    for (const id of dropped)
      newestFirst.splice(
        newestFirst.findIndex((entry) => entry.id === id),
        1,
      );
  };
  return { desk, calls, update };
}

/** A notice of these entries, as the desk core sends it. */
const noticeOf = (entries: OutboxItem[]) =>
  entries.map(({ id, kind, state, createdAt }) => ({ id, kind, state, createdAt }));

describe('the Outbox screen’s list', () => {
  beforeEach(() => {
    useOutbox.setState({ summary: null, version: 0 });
    useOutboxList.setState({ filter: 'pending', kind: null, items: [], hasMore: false, loading: false, error: null });
  });

  it('says when the outbox could not be loaded, instead of "nothing is waiting", with a way to try again', async () => {
    const { desk } = pagedDesk([], { fail: 'The desk is not reachable.' });
    setDesk(desk);
    renderWithProviders(<OutboxScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The outbox could not be loaded');
    expect(alert).toHaveTextContent('The desk is not reachable.');
    expect(screen.queryByText(/Nothing is waiting/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is patched by outboxChanged notices, reading only the entries that changed: updates, arrivals, entries that leave the filter and removals', async () => {
    const { desk, calls, update } = pagedDesk([item(1), item(2), item(3)]);
    setDesk(desk);
    followOutbox(desk);
    renderWithProviders(<OutboxScreen />);
    const table = await screen.findByRole('table', { name: 'outbox entries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const loads = calls.length;
    const changed = [
      item(4),
      item(2, { state: 'sent' }),
      item(3, {
        state: 'needs_attention',
        problem: { message: 'Invalid recipient details', whatToDo: 'Check it.' },
      }),
    ];
    update(changed, ['ob_1']);
    act(() => desk.emit('outboxChanged', { summary, changed: noticeOf(changed), removed: ['ob_1'] }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual([expect.stringContaining('SMS number 4'), expect.stringContaining('SMS number 3')]),
    );
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Invalid recipient details');
    // The page is not loaded again: only the entries that changed and still show are read, by id.
    expect(calls.slice(loads)).toEqual([expect.objectContaining({ ids: ['ob_4', 'ob_3'] })]);
  });

  it('pages with "Show more" and filters by kind', async () => {
    const entries = Array.from({ length: OUTBOX_PAGE_SIZE + 5 }, (_, n) =>
      n === 7 ? guestItem(n, 'New guest: Ada') : item(n),
    );
    const { desk } = pagedDesk(entries);
    setDesk(desk);
    renderWithProviders(<OutboxScreen />);
    const table = await screen.findByRole('table', { name: 'outbox entries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(OUTBOX_PAGE_SIZE));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(OUTBOX_PAGE_SIZE + 5));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Guest');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'outbox entries' })).getAllByRole('row')).toHaveLength(1),
    );
    expect(screen.getByRole('table', { name: 'outbox entries' })).toHaveTextContent('New guest: Ada');
  });

  it('says in each tab what its emptiness means, and names the kind chosen', async () => {
    const { desk } = pagedDesk([item(1)]);
    setDesk(desk);
    renderWithProviders(<OutboxScreen />);
    await screen.findByRole('table', { name: 'outbox entries' });
    await userEvent.click(screen.getByText(/^Needs attention/));
    expect(await screen.findByText('Nothing needs a person.')).toBeInTheDocument();
    await userEvent.click(screen.getByText(/^Sent/));
    expect(await screen.findByText('Nothing has gone out yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByText(/^To go out/));
    await screen.findByRole('table', { name: 'outbox entries' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Guest');
    expect(await screen.findByText('No Guest entries under "To go out".')).toBeInTheDocument();
  });
});
