import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesScreen } from '../../../renderer/screens/messages/MessagesScreen';
import { MessagesBadge } from '../../../renderer/screens/messages/MessagesBadge';
import { useNavigation } from '../../../renderer/stores/navigation';
import { useGuestPanel } from '../../../renderer/stores/guests-panel';
import { useGuestDrafts } from '../../../renderer/stores/guests-drafts';
import { renderWithProviders } from '../render';
import { contact, GUESTS } from '../guests/fixtures';
import { renderGuestsScreen } from '../guests/screen-setup';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const ADA = contact('101', { ...GUESTS[0] });
const REPLIES = [
  { timestamp: '2030-01-01 10:00:00', number: '61412345678', message: 'See you at 8!' },
  { timestamp: '2030-01-01 09:00:00', number: '61499999999', message: 'Who is this?' },
];

/** The guest cache synced with two replies (one from Ada's mobile), then the Messages screen and its badge. */
async function renderMessages() {
  const rendered = await renderGuestsScreen({
    contacts: [ADA, ...GUESTS.slice(1)],
    overrides: { listSmsReplies: () => ({ replies: REPLIES }) },
  });
  cleanup = rendered.cleanup;
  rendered.view.unmount();
  renderWithProviders(
    <>
      <MessagesBadge />
      <MessagesScreen />
    </>,
  );
  return rendered;
}

describe('Messages: SMS replies', () => {
  it('lists replies as conversations linked to the guest by mobile, with unread marks and a badge', async () => {
    await renderMessages();
    const list = await screen
      .findByRole('region', { name: 'Conversations' })
      .catch(() => screen.findByLabelText('Conversations')); // not a region in this layout: found by its label
    await waitFor(() => expect(within(list).getByText('Ada Lovelace')).toBeInTheDocument());
    expect(list).toHaveTextContent('0499 999 999'); // an Australian venue's own mobile, in national form (issue 22)
    expect(await screen.findByLabelText('2 new replies')).toBeInTheDocument();
    await userEvent.setup().click(within(list).getByText('Ada Lovelace'));
    const conversation = await screen.findByLabelText('Conversation');
    expect(within(conversation).getByText('See you at 8!')).toBeInTheDocument();
    // Opened: its reply is read, the badge counts the other one.
    expect(await screen.findByLabelText('1 new replies')).toBeInTheDocument();
    expect(within(conversation).getByRole('form', { name: 'send sms' })).toBeInTheDocument();
  });

  it('answers a reply through the SMS composer, queued for that guest', async () => {
    const { state } = await renderMessages();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Ada Lovelace'));
    const form = await screen.findByRole('form', { name: 'send sms' });
    await user.type(within(form).getByLabelText('Message'), 'Table for two is booked');
    await user.click(within(form).getByRole('button', { name: 'Send SMS' }));
    await waitFor(() => expect(state.writes.some((write) => write.channel === 'sendGuestSms')).toBe(true));
    expect(state.writes.find((write) => write.channel === 'sendGuestSms')!.request).toMatchObject({
      guestKey: '101',
      to: '+61412345678',
      message: 'Table for two is booked',
    });
  });

  it('offers "New guest" for an unknown number, with the mobile filled in', async () => {
    await renderMessages();
    const user = userEvent.setup();
    await user.click(await screen.findByText('0499 999 999'));
    await user.click(await screen.findByRole('button', { name: 'New guest' }));
    expect(useNavigation.getState().screen).toBe('guests');
    expect(useGuestPanel.getState().panel).toEqual({ kind: 'new' });
    expect(useGuestDrafts.getState().drafts['new-guest']).toMatchObject({ values: { PatronMobile: '+61499999999' } });
  });
});

describe('Messages: sent items', () => {
  /** Noon n days ago (the list shows the last 30 days at first). */
  const daysAgo = (n: number) => `${new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)} 12:00:00`;
  const ITEMS = [
    {
      reference_id: 'cmp77',
      type: 'email',
      timestamp: daysAgo(1),
      subject: 'Jazz on Friday',
      from_name: 'Harbour',
      count: 200,
      count_open: 50,
      count_bounced: 4,
      count_spam: 1,
      count_optout: 2,
      count_auto_optout: 0,
    },
    {
      reference_id: 'vd-sms-1',
      type: 'sms',
      timestamp: daysAgo(2),
      message: 'Your table is ready',
      count: 1,
      count_optout: 0,
    },
    {
      reference_id: 'cmp70',
      type: 'email',
      timestamp: daysAgo(3),
      subject: 'New year menu',
      from_name: 'Harbour',
      count: 0,
    },
  ];

  it('lists the cached sent items newest first with their figures and rates, filtered by type and reference prefix', async () => {
    const rendered = await renderGuestsScreen({
      contacts: GUESTS,
      overrides: { listSentItems: () => ({ items: ITEMS }) },
    });
    cleanup = rendered.cleanup;
    rendered.view.unmount();
    renderWithProviders(<MessagesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sent items' }));
    const list = await screen.findByRole('list', { name: 'Sent items' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Jazz on Friday'),
      expect.stringContaining('Your table is ready'),
      expect.stringContaining('New year menu'),
    ]);
    // 50 opens of 200 sent; opt-outs 2 of 200; nothing sent gives no rate rather than a division by zero.
    expect(rows[0]).toHaveTextContent('25.0%');
    expect(rows[0]).toHaveTextContent('1.0%');
    expect(rows[2]).not.toHaveTextContent('NaN');

    await user.type(screen.getByLabelText('Reference starts with'), 'cmp7');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Sent items' })).getAllByRole('listitem')).toHaveLength(2),
    );
    await user.clear(screen.getByLabelText('Reference starts with'));
    Element.prototype.scrollIntoView ??= () => {};
    const typeBox = screen.getByLabelText('Type', { selector: 'input' });
    await user.click(typeBox);
    await user.click(
      within(document.getElementById(typeBox.getAttribute('aria-controls')!)!).getByRole('option', {
        name: 'SMS',
        hidden: true,
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Sent items' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('list', { name: 'Sent items' })).toHaveTextContent('Your table is ready');
  });
});
