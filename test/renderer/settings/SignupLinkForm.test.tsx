import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { SignupLinkForm } from '../../../renderer/screens/settings/SignupLinkForm';
import { BROWSER_MODE_REASON } from '../../../shared/bridge/channels/app';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';

const LINK = 'https://service.example/signup?partner=7';

/** Renders the form over a core that builds LINK and answers openExternal with `answer`; returns what the page opened itself. */
async function buildAndOpen(answer: { opened: boolean; reason?: string }) {
  const opened: unknown[][] = [];
  vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => (opened.push(args), null));
  setDesk(createFakeDesk(fakeHandlers({ buildSignupLink: () => ({ url: LINK }), openExternal: () => answer })));
  renderWithProviders(<SignupLinkForm />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Partner id/), '7');
  await user.click(screen.getByRole('button', { name: 'Build signup link' }));
  await user.click(await screen.findByRole('button', { name: 'Open' }));
  return opened;
}

describe('opening a built signup link', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.restoreAllMocks());

  it('in browser mode opens the vetted link in a new tab', async () => {
    const opened = await buildAndOpen({ opened: false, reason: BROWSER_MODE_REASON });
    expect(opened).toEqual([[LINK, '_blank', 'noopener,noreferrer']]);
  });

  it('never opens a link the core refused, and says why', async () => {
    const opened = await buildAndOpen({
      opened: false,
      reason: 'Only https links (or the running demo service on this computer) can be opened.',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only https links');
    expect(opened).toEqual([]);
  });
});
