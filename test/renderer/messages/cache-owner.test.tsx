// The guest cache's database has one owner its readers follow: a change of phone country rebuilds the
// search terms in the same open database, so the unread-replies badge reading it goes on, with no
// "Database has been closed" in the status line.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesBadge } from '../../../renderer/screens/messages/MessagesBadge';
import { useAccount } from '../../../renderer/stores/account';
import { useBackgroundFailures } from '../../../renderer/stores/background-failures';
import { useGuests } from '../../../renderer/stores/guests';
import { renderWithProviders } from '../render';
import { GUESTS } from '../guests/fixtures';
import { renderGuestsScreen } from '../guests/screen-setup';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const REPLIES = [
  { timestamp: '2030-01-01 10:00:00', number: '61412345678', message: 'See you at 8!' },
  { timestamp: '2030-01-01 09:00:00', number: '61499999999', message: 'Who is this?' },
];

describe('the guest cache’s owner', () => {
  it('keeps the database open across a change of phone country: the badge reads on and nothing fails', async () => {
    const rendered = await renderGuestsScreen({
      contacts: GUESTS,
      overrides: { listSmsReplies: () => ({ replies: REPLIES }) },
    });
    cleanup = rendered.cleanup;
    rendered.view.unmount();
    useBackgroundFailures.setState({ latest: null });
    renderWithProviders(<MessagesBadge />);
    expect(await screen.findByLabelText('2 new replies')).toBeInTheDocument();
    const before = useGuests.getState().cache!;

    act(() => useAccount.setState((state) => ({ account: { ...state.account!, defaultPhoneCountry: 'GB' } })));
    await waitFor(() => expect(useGuests.getState().cache?.country).toBe('GB'));
    await waitFor(() => expect(useGuests.getState().status.phase).toBe('idle'));

    const after = useGuests.getState().cache!;
    expect(after.db).toBe(before.db);
    expect(after.db.isOpen()).toBe(true);
    expect(await after.db.searchCountry()).toBe('GB');
    expect(screen.getByLabelText('2 new replies')).toBeInTheDocument();
    expect(useBackgroundFailures.getState().latest).toBeNull();
  });
});
