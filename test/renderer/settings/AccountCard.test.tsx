import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { AccountCard } from '../../../renderer/screens/settings/AccountCard';
import type { AccountView } from '../../../renderer/stores/account';
import { useStatus } from '../../../renderer/stores/status';
import { UserFacingError } from '../../../shared/bridge/result';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';

const demo: AccountView = {
  state: 'demo',
  label: 'Harbour Lights',
  baseUrl: 'http://127.0.0.1:4010',
  clientId: '1001',
  timeZone: 'UTC',
  defaultPhoneCountry: 'AU',
  canOpenDashboard: true,
  keychain: { available: true, description: 'the system keychain' },
};

describe('the account card’s web dashboard button', () => {
  let opened: unknown[][];
  beforeEach(() => {
    opened = [];
    vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => (opened.push(args), null));
  });
  afterEach(() => vi.restoreAllMocks());

  it('in the Electron window asks the core to open it and opens nothing itself', async () => {
    let calls = 0;
    setDesk(createFakeDesk(fakeHandlers({ openDashboard: () => (calls++, { opened: true }) })));
    useStatus.setState({ mode: 'electron' });
    renderWithProviders(<AccountCard account={demo} />);
    expect(
      screen.getByText(/opens in your web browser, and its history will keep the sign-in link/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open web dashboard' }));
    await waitFor(() => expect(calls).toBe(1));
    expect(opened).toEqual([]);
  });

  it('in browser mode opens the desk’s /dashboard address in a new tab and says the history keeps the link', async () => {
    setDesk(createFakeDesk(fakeHandlers({ openDashboard: () => ({ opened: false, reason: 'browser-mode' }) })));
    useStatus.setState({ mode: 'browser' });
    renderWithProviders(<AccountCard account={demo} />);
    expect(screen.getByText(/this browser's history will keep its sign-in link/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open web dashboard' }));
    await waitFor(() => expect(opened).toEqual([['/dashboard', '_blank', 'noopener,noreferrer']]));
  });

  it('shows why when the core cannot open it', async () => {
    setDesk(
      createFakeDesk(
        fakeHandlers({
          openDashboard: () => {
            throw new UserFacingError(
              'The web dashboard needs an account signed in with username and password (or the demo).',
            );
          },
        }),
      ),
    );
    useStatus.setState({ mode: 'electron' });
    renderWithProviders(<AccountCard account={demo} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open web dashboard' }));
    expect(await screen.findByText(/needs an account signed in with username and password/)).toBeInTheDocument();
    expect(opened).toEqual([]);
  });

  it('says nothing of the history when the account has no dashboard', () => {
    setDesk(createFakeDesk(fakeHandlers()));
    useStatus.setState({ mode: 'browser' });
    renderWithProviders(<AccountCard account={{ ...demo, state: 'connected', canOpenDashboard: false }} />);
    expect(screen.getByRole('button', { name: 'Open web dashboard' })).toBeDisabled();
    expect(screen.queryByText(/history will keep/)).toBeNull();
  });
});
