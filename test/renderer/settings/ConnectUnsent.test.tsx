import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { SettingsScreen } from '../../../renderer/screens/settings/SettingsScreen';
import { useAccount, type AccountView } from '../../../renderer/stores/account';
import { useOutbox } from '../../../renderer/stores/outbox';
import type { RequestOf } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';

const none: AccountView = {
  state: 'none',
  timeZone: 'Australia/Sydney',
  defaultPhoneCountry: 'AU',
  canOpenDashboard: false,
  keychain: { available: true, description: 'the system keychain' },
};
const demo: AccountView = { ...none, state: 'demo', label: 'Demo venue', clientId: 'demo' };

afterEach(() => useOutbox.setState({ summary: null }));

describe('connecting while entries of the previous account are unsent', () => {
  it('says so, and passes the choice to discard them to the desk core, which refuses otherwise', async () => {
    const requests: Array<RequestOf<'startDemo'>> = [];
    setDesk(
      createFakeDesk(
        fakeHandlers({
          startDemo: (request) => {
            requests.push(request);
            if (!request.discardUnsent)
              throw new UserFacingError('2 entries in the outbox have not been sent for the previous account.');
            return demo;
          },
        }),
      ),
    );
    useAccount.setState({ account: none });
    useOutbox.setState({
      summary: {
        counts: { queued: 1, sending: 0, waiting: 0, needs_attention: 1, sent: 4 },
        paused: [],
        online: false,
      },
    });
    renderWithProviders(<SettingsScreen />);
    expect(screen.getByText('2 outbox entries were not sent for the previous account')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Demo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start the demo' }));
    expect(
      await within(screen.getByRole('tabpanel', { name: 'Demo' })).findByRole('alert', {}, { timeout: 10_000 }),
    ).toHaveTextContent('have not been sent');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Discard the 2 unsent entries if I connect another account' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start the demo' }));
    await waitFor(() => expect(requests).toEqual([{ discardUnsent: false }, { discardUnsent: true }]));
  });
});
