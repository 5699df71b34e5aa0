import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../renderer/app/App';
import { SCREENS } from '../../../renderer/app/screens';
import { useAccount } from '../../../renderer/stores/account';
import { useNavigation } from '../../../renderer/stores/navigation';
import { followDeskStatus } from '../../../renderer/stores/status';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';

describe('the app shell', () => {
  beforeEach(() => useNavigation.setState({ screen: 'guests', searchFocusRequest: 0 }));

  it('lists every screen and switches between them', async () => {
    renderWithProviders(<App />);
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    for (const entry of SCREENS) expect(nav).toHaveTextContent(entry.label);
    await userEvent.click(screen.getByText('Outbox'));
    expect(screen.getByRole('heading', { name: 'Outbox' })).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}7{/Alt}');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('names each screen in a heading before an account is connected, and says what to do', async () => {
    useAccount.setState({
      account: {
        state: 'none',
        timeZone: 'Australia/Sydney',
        defaultPhoneCountry: 'AU',
        canOpenDashboard: false,
        keychain: { available: true, description: 'test keyring' },
      },
    });
    renderWithProviders(<App />);
    for (const name of ['Reservations', 'Campaigns', 'Messages']) {
      await userEvent.click(within(screen.getByRole('navigation', { name: 'Screens' })).getByText(name));
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent("Connect the venue's account in Settings");
    }
    useAccount.setState({ account: null });
  });

  it('focuses guest search with Ctrl+K from any screen', async () => {
    renderWithProviders(<App />);
    await userEvent.click(screen.getByText('Campaigns'));
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('combobox', { name: 'Search guests' })).toHaveFocus();
  });

  it('shows the account and connection state from the desk core, live', async () => {
    const desk = createFakeDesk(fakeHandlers());
    const stop = followDeskStatus(desk);
    renderWithProviders(<App />);
    await waitFor(() => expect(screen.getByLabelText('account status')).toHaveTextContent('No account connected'));
    expect(screen.getByLabelText('connection status')).toHaveTextContent('Offline');
    act(() => desk.emit('statusChanged', { account: { state: 'demo', label: 'Harbour Bar' }, online: true }));
    expect(screen.getByLabelText('account status')).toHaveTextContent('Demo: Harbour Bar');
    expect(screen.getByLabelText('connection status')).toHaveTextContent('Online');
    stop();
  });

  it('says when the desk cannot write its database, and clears once it can', async () => {
    const desk = createFakeDesk(fakeHandlers());
    const stop = followDeskStatus(desk);
    renderWithProviders(<App />);
    await waitFor(() => expect(screen.getByLabelText('account status')).toHaveTextContent('No account connected'));
    expect(screen.queryByLabelText('database status')).not.toBeInTheDocument();
    const problem = 'The desk cannot write to its database: the disk is full. Free some space on this computer.';
    act(() =>
      desk.emit('statusChanged', {
        account: { state: 'demo', label: 'Harbour Bar' },
        online: true,
        writeProblem: problem,
      }),
    );
    expect(screen.getByLabelText('database status')).toHaveTextContent('Not saving');
    expect(screen.getByRole('alert', { name: 'Changes cannot be saved right now' })).toHaveTextContent(problem);
    act(() => desk.emit('statusChanged', { account: { state: 'demo', label: 'Harbour Bar' }, online: true }));
    expect(screen.queryByLabelText('database status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Changes cannot be saved right now' })).not.toBeInTheDocument();
    stop();
  });
});
