import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../shared/bridge/result';
import { openGuest } from '../../../renderer/stores/guests-panel';
import { renderGuestsScreen } from './screen-setup';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const REFUSAL =
  'The desk cannot write to its database: the disk is full. Free some space on this computer. Nothing was saved; try again once it is fixed.';

describe('a write the desk cannot store (disk full)', () => {
  it('shows the desk core’s sentence and keeps what staff typed, to send again once it can', async () => {
    let diskFull = true;
    const sent: unknown[] = [];
    const rendered = await renderGuestsScreen({
      overrides: {
        sendGuestSms: (request) => {
          if (diskFull) throw new UserFacingError(REFUSAL);
          sent.push(request);
          return { outboxId: 'ob_1', state: 'queued', guestKey: request.guestKey };
        },
      },
    });
    cleanup = rendered.cleanup;
    act(() => openGuest('101'));
    await screen.findByRole('heading', { name: 'Ada Lovelace' }, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    const form = await screen.findByRole('form', { name: 'send sms' }, { timeout: 10_000 });
    await user.type(within(form).getByLabelText('Message'), 'Your table is ready at 8');
    await user.click(within(form).getByRole('button', { name: 'Send SMS' }));
    expect(await within(form).findByText(REFUSAL, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(form).getByLabelText('Message')).toHaveValue('Your table is ready at 8');
    expect(sent).toHaveLength(0);

    diskFull = false;
    await user.click(within(form).getByRole('button', { name: 'Send SMS' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ message: 'Your table is ready at 8' });
    await waitFor(() => expect(within(form).getByLabelText('Message')).toHaveValue(''));
  });
});
