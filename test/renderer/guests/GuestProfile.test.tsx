import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openGuest } from '../../../renderer/stores/guests-panel';
import { contact, GUESTS } from './fixtures';
import { renderGuestsScreen } from './screen-setup';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const ADA = contact('101', {
  ...GUESTS[0],
  svc_categories: 'VIP',
  Interests: 'Jazz',
  VisitCount: 3,
  Vip: 'true',
  Sex: 'f',
  DateOfBirth: '1815-12-10',
  FavouriteArea: 'Bar',
});

/** Renders the screen with Ada's profile open. */
async function openAda(overrides?: Parameters<typeof renderGuestsScreen>[0]) {
  const rendered = await renderGuestsScreen({ contacts: [ADA, ...GUESTS.slice(1)], ...overrides });
  cleanup = rendered.cleanup;
  act(() => openGuest('101'));
  await screen.findByRole('heading', { name: 'Ada Lovelace' });
  return rendered;
}

describe('a guest profile', () => {
  it('shows every field with an editor for its type, and the categories as chips', async () => {
    await openAda();
    const form = await screen.findByRole('form', { name: 'guest details' });
    expect(within(form).getByLabelText('Surname')).toHaveValue('Lovelace');
    // Issue 22: a date field is shown in the venue's order (Australia: day first), not the browser's.
    expect(within(form).getByLabelText('Date of birth')).toHaveValue('10/12/1815');
    expect(within(form).getByLabelText('Visit count')).toHaveValue('3');
    // The mobile in the venue's form, as the results list shows it (stored +61412345678).
    expect(within(form).getByLabelText('Mobile')).toHaveValue('0412 345 678');
    expect(within(form).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Jazz' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Wine' })).not.toBeChecked();
    expect(within(form).getByText('VIP')).toBeInTheDocument();
  });

  it('saves changed fields, checked and unchecked options and categories through the outbox, with a pending mark', async () => {
    const { state } = await openAda();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'guest details' });
    const surname = within(form).getByLabelText('Surname');
    await user.clear(surname);
    await user.type(surname, 'King');
    await user.click(within(form).getByRole('checkbox', { name: 'Rugby' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Jazz' }));
    await user.type(within(form).getByLabelText('Categories'), 'Birthday club{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toEqual({
      channel: 'saveGuest',
      request: {
        guestKey: '101',
        changes: { PatronSurname: 'King' },
        multiselect: [
          { field: 'Interests', option: 'Rugby', checked: true },
          { field: 'Interests', option: 'Jazz', checked: false },
        ],
        categories: ['VIP', 'Birthday club'],
        // Issue 20: the edit carries the guest as staff saw it when they began, for the outbox's merge.
        deskEdit: {
          base: { PatronSurname: 'Lovelace', svc_categories: 'VIP' },
          baseAt: expect.any(String),
          kinds: { PatronSurname: 'string' },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ada King' })).toBeInTheDocument();
    expect(screen.getByText('Changes waiting to go out')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Jazz' })).not.toBeChecked();
  });

  it('refuses a value that does not fit the field type, keeping what was typed', async () => {
    const { state } = await openAda();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'guest details' });
    const visits = within(form).getByLabelText('Visit count');
    await user.clear(visits);
    await user.type(visits, 'many');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Enter a number (digits, optionally with a decimal point).'),
    ).toBeInTheDocument();
    expect(visits).toHaveValue('many');
    expect(state.writes).toHaveLength(0);
  });

  it('checks the email and mobile as the new-guest form does, and sends the mobile international', async () => {
    const { state } = await openAda();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'guest details' });
    const email = within(form).getByLabelText('Email');
    const mobile = within(form).getByLabelText('Mobile');
    await user.clear(email);
    await user.type(email, 'ada at home');
    await user.clear(mobile);
    await user.type(mobile, '12');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Not a valid email address.')).toBeInTheDocument();
    expect(
      within(form).getByText('Not a valid mobile number (add the country code if it is abroad).'),
    ).toBeInTheDocument();
    expect(email).toHaveValue('ada at home');
    expect(state.writes).toHaveLength(0);

    // The venue is Australian: a mobile typed in the national form goes as +61.
    await user.clear(email);
    await user.type(email, 'ada@home.example');
    await user.clear(mobile);
    await user.type(mobile, '0491 570 156');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toMatchObject({
      channel: 'saveGuest',
      request: { changes: { PatronEmail: 'ada@home.example', PatronMobile: '+61491570156' } },
    });
  });

  it('keeps a half-typed edit while staff look at another guest', async () => {
    await openAda();
    const user = userEvent.setup();
    await user.type(
      within(await screen.findByRole('form', { name: 'guest details' })).getByLabelText('Notes'),
      'Allergic to nuts',
    );
    act(() => openGuest('102'));
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    act(() => openGuest('101'));
    expect(within(await screen.findByRole('form', { name: 'guest details' })).getByLabelText('Notes')).toHaveValue(
      'Allergic to nuts',
    );
  });

  it('adds a purchase with quantity 1 and the time now by default, checked as the service checks it', async () => {
    const { state } = await openAda();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Add purchase' }));
    const form = await screen.findByRole('form', { name: 'add purchase' });
    await user.type(within(form).getByLabelText(/Description/), 'Negroni');
    await user.click(within(form).getByRole('button', { name: 'Add purchase' }));
    expect(await within(form).findByText('No item price provided')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Total price/), '18.50');
    await user.click(within(form).getByRole('button', { name: 'Add purchase' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toMatchObject({
      channel: 'addGuestPurchase',
      request: {
        guestKey: '101',
        item: {
          item_desc: 'Negroni',
          price: '18.50',
          item_qty: '1',
          purchased_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Purchases and messages' }));
    const activity = await screen.findByRole('table', { name: 'guest activity' });
    expect(activity).toHaveTextContent('Negroni × 1, $18.50'); // the venue's money (issue 22)
    expect(activity).toHaveTextContent('Waiting to go out');
  });
});

describe('one-off messages', () => {
  it('marks characters the service refuses in an SMS, suggests replacements, and counts characters and segments', async () => {
    const { state } = await openAda();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    const form = await screen.findByRole('form', { name: 'send sms' });
    expect(within(form).getByLabelText(/Sender/)).toHaveValue('Harbour');
    expect(within(form).getByLabelText(/Mobile/)).toHaveValue('+61412345678');
    await user.type(within(form).getByLabelText('Message'), 'Your table’s ready – café at 8');
    const alert = within(form).getByRole('alert');
    expect(
      within(alert).getByLabelText('message with refused characters marked').querySelectorAll('mark'),
    ).toHaveLength(3);
    expect(within(form).getByLabelText('sms length')).toHaveTextContent('30 characters, 30 of 160 units · 1 segment');
    await user.click(within(form).getByRole('button', { name: 'Send SMS' }));
    expect(await within(form).findByText(/Replace or remove the marked characters first/)).toBeInTheDocument();
    expect(state.writes).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: /Replace “’” with “'”/ }));
    await user.click(within(form).getByRole('button', { name: 'Replace all' }));
    expect(within(form).getByLabelText('Message')).toHaveValue("Your table's ready - cafe at 8");
    await user.click(within(form).getByRole('button', { name: 'Send SMS' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toEqual({
      channel: 'sendGuestSms',
      request: { guestKey: '101', from: 'Harbour', to: '+61412345678', message: "Your table's ready - cafe at 8" },
    });
    expect(within(form).getByLabelText('Message')).toHaveValue('');
  });

  it('checks the SMS sender and counts extension characters double over several segments', async () => {
    await openAda();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    const form = await screen.findByRole('form', { name: 'send sms' });
    const sender = within(form).getByLabelText(/Sender/);
    await user.clear(sender);
    await user.type(sender, 'Harbour Bar');
    expect(within(form).getByText('The sender cannot contain spaces.')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Message'));
    await user.paste('€'.repeat(80) + 'a');
    expect(within(form).getByLabelText('sms length')).toHaveTextContent(
      '81 characters, 161 of 306 units · 2 segments of 153 units each',
    );
  });

  it('refuses a schedule already past in the account’s time zone and sends a scheduled email with the unsubscribe note', async () => {
    const { state } = await openAda();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    const form = await screen.findByRole('form', { name: 'send email' });
    await user.type(within(form).getByLabelText('Subject'), 'Your booking');
    await user.type(within(form).getByLabelText('Message'), 'Dear Ada,{Enter}{Enter}See you <soon>.');
    await user.click(within(form).getByRole('button', { name: 'Add unsubscribe link' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Send later' }));
    // Issue 22: the date is typed in the venue's order and the time on its clock (no browser datetime-local).
    const when = within(form).getByRole('group', { name: 'Send at (Australia/Sydney time)' });
    const day = within(when).getByLabelText('Date');
    await user.type(day, '01/01/2001');
    await user.type(within(when).getByLabelText('Hours'), '10');
    await user.type(within(when).getByLabelText('Minutes'), '00');
    await user.selectOptions(within(when).getByLabelText('am or pm'), 'am');
    expect(within(form).getByText('That time has already passed in Australia/Sydney.')).toBeInTheDocument();
    await user.clear(day);
    await user.type(day, '30/06/2099');
    await user.type(within(when).getByLabelText('Hours'), '6');
    await user.selectOptions(within(when).getByLabelText('am or pm'), 'pm');
    await user.click(within(form).getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toEqual({
      channel: 'sendGuestEmail',
      request: {
        guestKey: '101',
        toName: 'Ada Lovelace',
        toEmail: 'ada@example.com',
        fromName: 'Harbour Bar',
        fromEmail: 'hello@harbour.example',
        subject: 'Your booking',
        html: '<p>Dear Ada,</p>\n<p>See you &lt;soon&gt;.</p>\n<p>Unsubscribe: #unsubscribe#</p>',
        sendAt: '2099-06-30 18:00:00',
      },
    });
  });
});
