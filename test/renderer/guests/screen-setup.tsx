import Dexie from 'dexie';
import { vi } from 'vitest';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { setDesk } from '../../../renderer/bridge/desk';
import { GuestsScreen } from '../../../renderer/screens/guests/GuestsScreen';
import { useAccount } from '../../../renderer/stores/account';
import { followGuests, useGuests } from '../../../renderer/stores/guests';
import { useGuestDrafts } from '../../../renderer/stores/guests-drafts';
import { useGuestPanel } from '../../../renderer/stores/guests-panel';
import { useGuestSearch } from '../../../renderer/stores/guests-search';
import type { RenderResult } from '@testing-library/react';
import { renderWithProviders } from '../render';
import { GUESTS } from './fixtures';
import { fakeGuestDesk } from './fake-guest-desk';

let run = 0;

/** The rendered Guests screen: the fake desk core and what it saw, the render, and a cleanup. */
export type RenderedGuestsScreen = ReturnType<typeof fakeGuestDesk> & {
  view: RenderResult;
  cleanup: () => Promise<void>;
};

/** Renders the Guests screen over a fake desk core with a fresh cache, synced; returns what the desk saw and a cleanup. */
export async function renderGuestsScreen(
  options: { contacts?: Record<string, unknown>[]; overrides?: Partial<DeskHandlers> } = {},
): Promise<RenderedGuestsScreen> {
  // The results list is virtualised: give its scroll box a height in jsdom.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  const clientId = `screen${++run}`;
  const fake = fakeGuestDesk(options.contacts ?? GUESTS, options.overrides);
  useAccount.setState({
    account: {
      state: 'demo',
      clientId,
      timeZone: 'Australia/Sydney',
      defaultPhoneCountry: 'AU',
      defaultSmsSender: 'Harbour',
      defaultEmailSender: { name: 'Harbour Bar', email: 'hello@harbour.example' },
      canOpenDashboard: false,
      keychain: { available: true, description: 'test' },
    },
  });
  useGuestSearch.setState({ query: '', results: [], truncated: false, activeIndex: 0, settled: true });
  useGuestPanel.setState({ panel: { kind: 'none' } });
  useGuestDrafts.setState({ drafts: {} });
  setDesk(fake.desk);
  const stop = followGuests(fake.desk);
  const view = renderWithProviders(<GuestsScreen />);
  await vi.waitFor(() => {
    if (!useGuests.getState().status.lastSyncedAt) throw new Error('not synced yet');
  });
  return {
    ...fake,
    view,
    cleanup: async () => {
      stop();
      vi.restoreAllMocks();
      await Dexie.delete(`venue-desk-guests-${clientId}`);
    },
  };
}
