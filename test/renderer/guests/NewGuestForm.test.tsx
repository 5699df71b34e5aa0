import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useGuests } from '../../../renderer/stores/guests';
import { showPanel } from '../../../renderer/stores/guests-panel';
import { emptyCounts } from '../../../shared/outbox/states';
import { renderGuestsScreen } from './screen-setup';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Renders the screen with the new-guest form open. */
async function openForm() {
  const rendered = await renderGuestsScreen();
  cleanup = rendered.cleanup;
  act(() => showPanel({ kind: 'new' }));
  return { ...rendered, form: await screen.findByRole('form', { name: 'new guest' }) };
}

describe('recording a new guest', () => {
  it('needs an email or a mobile, as the service does', async () => {
    const { form, state } = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('First name'), 'Nina');
    await user.click(within(form).getByRole('button', { name: 'Record guest' }));
    expect(
      await within(form).findByText('Enter an email or a mobile: the service needs one of them.'),
    ).toBeInTheDocument();
    expect(state.writes).toHaveLength(0);
    expect(within(form).getByLabelText('First name')).toHaveValue('Nina');
  });

  it('does not record a second guest with an email or mobile on file: it offers to open that guest or add these details to them', async () => {
    const { form, state } = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('First name'), 'Augusta');
    await user.type(within(form).getByLabelText('Mobile'), '0412 345 678');
    await user.type(within(form).getByLabelText('Member number'), 'M2024');
    const offer = await within(form).findByRole('alert');
    expect(offer).toHaveTextContent('The service keeps one guest per email and one per mobile.');
    expect(offer).toHaveTextContent('Ada Lovelace already has this mobile.');
    expect(within(form).queryByRole('button', { name: 'Record anyway' })).not.toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Open Ada Lovelace' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Record guest' }));
    expect(
      await within(form).findByText(
        /keeps one guest per email and one per mobile, and Ada Lovelace already has this mobile/,
      ),
    ).toBeInTheDocument();
    expect(state.writes).toHaveLength(0);

    await user.click(within(offer).getByRole('button', { name: 'Add these details to Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add these details to Ada Lovelace?' });
    const rows = within(within(dialog).getByRole('table', { name: 'changes to the guest' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['First nameAdaAugusta', 'Member numberM1001M2024']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Change First name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Ada Lovelace' }));

    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toEqual({
      channel: 'saveGuest',
      request: { guestKey: '101', changes: { MemberNumber: 'M2024' }, multiselect: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('an email of one guest on file and the mobile of another: Open each, no Add, and nothing recorded', async () => {
    const { form, state } = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Mobile'), '0413 555 111');
    const offer = await within(form).findByRole('alert');
    await within(offer).findByText('Grace Hopper already has this mobile.');
    expect(within(offer).getByRole('button', { name: 'Open Ada Lovelace' })).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Open Grace Hopper' })).toBeInTheDocument();
    expect(within(offer).queryByRole('button', { name: /Add these details/ })).not.toBeInTheDocument();
    expect(offer).toHaveTextContent('These details belong to two guests on file');
    await user.click(within(form).getByRole('button', { name: 'Record guest' }));
    expect(
      await within(form).findByText(/Ada Lovelace already has this email and Grace Hopper already has this mobile/),
    ).toBeInTheDocument();
    expect(state.writes).toHaveLength(0);
  });

  it('Open <name> shows the guest on file and records nothing', async () => {
    const { form, state } = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Email'), 'ADA@example.com');
    await user.click(await within(form).findByRole('button', { name: 'Open Ada Lovelace' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(state.writes).toHaveLength(0);
  });

  it('shows the new guest at once under a local id (offline), then with the service’s contact id once the outbox confirms', async () => {
    const { form, state, desk } = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('First name'), 'Nina');
    await user.type(within(form).getByLabelText('Surname'), 'Simone');
    await user.type(within(form).getByLabelText('Email'), 'nina@example.com');
    await user.click(within(form).getByRole('button', { name: 'Record guest' }));
    expect(await screen.findByRole('heading', { name: 'Nina Simone' })).toBeInTheDocument();
    expect(screen.getByText('New guest: not yet on the service')).toBeInTheDocument();
    expect(screen.getByLabelText('guest ids')).toHaveTextContent('Recorded on this desk');

    await user.type(screen.getByRole('combobox', { name: 'Search guests' }), 'simone');
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveTextContent('Nina SimonePending'));

    const localId = (state.writes[0]!.request as { localId: string }).localId;
    const now = new Date().toISOString();
    // The outbox sent it: its notice names the entry, and the cache reads it (listOutbox by id) for the service's id.
    const entry = state.outbox.find((queued) => queued.guestKey === localId)!;
    Object.assign(entry, { state: 'sent', result: { contact_id: '7777' } });
    act(() =>
      desk.emit('outboxChanged', {
        summary: { counts: emptyCounts(), paused: [], online: true },
        changed: [{ id: entry.id, kind: 'push_contact', state: 'sent', createdAt: now }],
        removed: [],
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('guest ids')).toHaveTextContent('Contact 7777'));
    expect(screen.queryByText('New guest: not yet on the service')).not.toBeInTheDocument();
    expect((await useGuests.getState().cache!.db.guestByKey('7777'))!.localId).toBe(localId);
  });
});
