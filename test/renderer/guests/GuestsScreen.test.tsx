import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useGuestSearch } from '../../../renderer/stores/guests-search';
import { useNavigation } from '../../../renderer/stores/navigation';
import { renderGuestsScreen } from './screen-setup';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Renders the screen and remembers its cleanup. */
async function setup(...args: Parameters<typeof renderGuestsScreen>) {
  const rendered = await renderGuestsScreen(...args);
  cleanup = rendered.cleanup;
  return rendered;
}

const options = () => within(screen.getByRole('listbox', { name: 'Guests found' })).queryAllByRole('option');

describe('the Guests screen', () => {
  it('finds guests as you type, moves with the arrows, opens with Enter and clears with Esc', async () => {
    await setup();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search guests' });
    await user.type(box, 'lov');
    await waitFor(() =>
      expect(options().map((option) => option.textContent)).toEqual([
        expect.stringContaining('Ada Lovelace'),
        expect.stringContaining('Alan Lovell'),
        expect.stringContaining('Lovisa Berg'),
      ]),
    );
    expect(screen.getByText('3 guests found.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Alan Lovell' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await waitFor(() => expect(options()).toHaveLength(0));
  });

  it('finds a mobile typed with spaces and a leading 0, and opens a result with the mouse', async () => {
    await setup();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search guests' }), '0412 345');
    await waitFor(() => expect(options()).toHaveLength(1));
    // The service holds +61412345678; an Australian venue reads its own numbers in the national form (issue 22).
    expect(options()[0]).toHaveTextContent('0412 345 678');
    expect(options()[0]).not.toHaveTextContent('+61412345678');
    await user.click(options()[0]!);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('asks for more words, not "no guest matches", when its words are too common to look through every guest', async () => {
    await setup();
    // What a search of words each held by over 5,000 guests answers when none of the guests it read matched them all.
    act(() => useGuestSearch.setState({ query: 's l e', results: [], truncated: true, settled: true }));
    expect(
      screen.getByText(
        'Too many guests have these words to look through them all: keep typing (more of a name, an email or a mobile).',
      ),
    ).toHaveAttribute('role', 'status');
    act(() => useGuestSearch.setState({ query: 'zz', results: [], truncated: false, settled: true }));
    expect(screen.getByText('No guest matches “zz”.')).toHaveAttribute('role', 'status');
  });

  it('focuses the search on Ctrl+K requests', async () => {
    await setup();
    screen.getByRole('button', { name: 'Sync now' }).focus();
    act(() => useNavigation.getState().focusGuestSearch());
    expect(screen.getByRole('combobox', { name: 'Search guests' })).toHaveFocus();
  });

  it('shows when the guests were synced, and the reason when a sync fails', async () => {
    const { state } = await setup();
    expect(screen.getByLabelText('guest sync')).toHaveTextContent(/Guests as of/);
    // In the venue's format (an Australian account: day first, am/pm), not the browser's (issue 22).
    expect(screen.getByLabelText('guest sync')).toHaveTextContent(
      /Guests as of \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}\s(am|pm)\./,
    );
    state.failPull = 'The service is not answering, so the guest list could not be fetched.';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(/Could not sync: The service is not answering/)).toBeInTheDocument();
  });
});
