import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { SettingsScreen } from '../../../renderer/screens/settings/SettingsScreen';
import { followAccount, useAccount, type AccountView } from '../../../renderer/stores/account';
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
const connected: AccountView = {
  ...none,
  state: 'connected',
  label: 'Harbour Bar',
  baseUrl: 'https://api.example.com',
  clientId: 'c1',
};

describe('the Settings screen', () => {
  beforeEach(() => useAccount.setState({ account: null }));

  it('shows the service’s refusal and keeps what was typed', async () => {
    const desk = createFakeDesk(
      fakeHandlers({
        getAccount: () => none,
        connectWithApiKey: () => {
          throw new UserFacingError('api.example.com refused this API key. Check it and try again. Nothing was saved.');
        },
      }),
    );
    setDesk(desk);
    followAccount(desk);
    renderWithProviders(<SettingsScreen />);
    const form = within(await screen.findByRole('tabpanel', { name: 'API key' }));
    await userEvent.type(form.getByLabelText(/Service address/), 'https://api.example.com');
    await userEvent.type(form.getByLabelText(/API key/), 'wrong-key');
    await userEvent.type(form.getByLabelText(/Client id/), 'c1');
    await userEvent.click(form.getByRole('button', { name: 'Connect' }));
    expect(await form.findByRole('alert')).toHaveTextContent('refused this API key');
    expect(form.getByLabelText(/Service address/)).toHaveValue('https://api.example.com');
    expect(form.getByLabelText(/API key/)).toHaveValue('wrong-key');
  });

  it('offers only the demo when the keychain is unavailable', async () => {
    useAccount.setState({
      account: { ...none, keychain: { available: false, description: 'The system keychain did not answer.' } },
    });
    renderWithProviders(<SettingsScreen />);
    expect(screen.getByText('The keychain is not available')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'API key' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start the demo' })).toBeVisible();
  });

  it('warns before disconnecting with unsent items, then disconnects when told to', async () => {
    const calls: unknown[] = [];
    const desk = createFakeDesk(
      fakeHandlers({
        getAccount: () => connected,
        listContactFields: () => [{ name: 'PatronName', type: 'string' }],
        listCategories: () => [{ id: '1', name: 'VIP' }],
        disconnect: (request) => (
          calls.push(request),
          request.discardUnsent ? { disconnected: true, unsentCount: 2 } : { disconnected: false, unsentCount: 2 }
        ),
      }),
    );
    setDesk(desk);
    useAccount.setState({ account: connected });
    renderWithProviders(<SettingsScreen />);
    expect(await screen.findByText('VIP')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'contact fields' })).toHaveTextContent('PatronName');
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(dialog).findByText('2 items have not been sent yet')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect and discard 2 unsent' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { discardUnsent: false, clearLocalData: true },
        { discardUnsent: true, clearLocalData: true },
      ]),
    );
  });
});
