// After the bridge reconnects, the guest cache asks the outbox about every write it has not seen
// confirmed: what it missed while disconnected (a confirmation, a discard) is applied then.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyDeskReconnected } from '../../../renderer/bridge/desk';
import { showPanel } from '../../../renderer/stores/guests-panel';
import { renderGuestsScreen } from './screen-setup';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Records Nina Simone through the New guest form; returns the fake desk's state. */
async function recordNina() {
  const rendered = await renderGuestsScreen();
  cleanup = rendered.cleanup;
  act(() => showPanel({ kind: 'new' }));
  const form = await screen.findByRole('form', { name: 'new guest' });
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText('First name'), 'Nina');
  await user.type(within(form).getByLabelText('Surname'), 'Simone');
  await user.type(within(form).getByLabelText('Email'), 'nina@example.com');
  await user.click(within(form).getByRole('button', { name: 'Record guest' }));
  expect(await screen.findByRole('heading', { name: 'Nina Simone' })).toBeInTheDocument();
  expect(screen.getByLabelText('guest ids')).toHaveTextContent('Recorded on this desk');
  return rendered.state;
}

describe('reconciling the guest cache when the bridge reconnects', () => {
  it('applies a confirmation it missed while disconnected', async () => {
    const state = await recordNina();
    state.outbox[0] = { ...state.outbox[0]!, state: 'sent', result: { contact_id: '8888' } };
    act(() => notifyDeskReconnected());
    await waitFor(() => expect(screen.getByLabelText('guest ids')).toHaveTextContent('Contact 8888'));
  });

  it('forgets a new guest whose outbox entry is gone (discarded meanwhile)', async () => {
    const state = await recordNina();
    state.outbox.length = 0;
    act(() => notifyDeskReconnected());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Nina Simone' })).not.toBeInTheDocument());
  });
});
