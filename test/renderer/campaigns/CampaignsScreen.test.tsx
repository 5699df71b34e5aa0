import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskHandlers, ResponseOf } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { CampaignsScreen } from '../../../renderer/screens/campaigns/CampaignsScreen';
import { useCampaigns } from '../../../renderer/stores/campaigns';
import { renderWithProviders } from '../render';
import { contact } from '../guests/fixtures';
import { renderGuestsScreen } from '../guests/screen-setup';

type CampaignView = ResponseOf<'listCampaigns'>['campaigns'][number];

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  useCampaigns.setState({ campaigns: [], selectedId: null, loadError: null });
});

/** Guests of known categories, sexes and ages (today is read in the account's zone; these are far from any birthday edge). */
const GUESTS = [
  contact('1', { PatronEmail: 'a@x.com', svc_categories: 'VIP', Sex: 'f', DateOfBirth: '1990-01-15' }),
  contact('2', { PatronEmail: 'b@x.com', svc_categories: 'VIP,Regulars', Sex: 'm', DateOfBirth: '1970-02-01' }),
  contact('3', { PatronEmail: 'c@x.com', svc_categories: 'Regulars', Sex: 'f' }),
  contact('4', { PatronEmail: 'd@x.com', svc_categories: '', Sex: 'f', DateOfBirth: '2000-03-03' }),
  contact('5', { PatronMobile: '+61400000005', svc_categories: 'VIP' }),
];

/** A desk core keeping campaigns in memory, as the core's SQLite would; records what was saved. */
function campaignHandlers(saved: CampaignView[]): Partial<DeskHandlers> {
  const campaigns = new Map<string, CampaignView>();
  const now = new Date().toISOString();
  return {
    listCampaigns: () => ({ campaigns: [...campaigns.values()] }),
    saveCampaignDraft: ({ id, content }) => {
      const view: CampaignView = {
        ...(campaigns.get(id) ?? { id, state: 'draft', createdAt: now }),
        ...content,
        updatedAt: now,
      };
      campaigns.set(id, view);
      saved.push(view);
      return view;
    },
    verifyCampaign: () => ({ ok: true }),
  };
}

async function renderCampaigns() {
  const saved: CampaignView[] = [];
  const rendered = await renderGuestsScreen({ contacts: GUESTS, overrides: campaignHandlers(saved) });
  cleanup = rendered.cleanup;
  rendered.view.unmount();
  renderWithProviders(<CampaignsScreen />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New campaign' }));
  await screen.findByLabelText('Subject');
  return { saved, user };
}

describe('composing a campaign', () => {
  it('starts with the sender from Settings, saves what is typed, checks it, fixes the missing unsubscribe link and previews it sandboxed', async () => {
    const { saved, user } = await renderCampaigns();
    expect(screen.getByLabelText('From name')).toHaveValue('Harbour Bar');
    expect(screen.getByLabelText('From email')).toHaveValue('hello@harbour.example');
    await user.type(screen.getByLabelText('Subject'), 'Friday jazz');
    await user.click(screen.getByRole('radio', { name: 'HTML source' }));
    const source = screen.getByRole('textbox', { name: 'HTML source' });
    await user.click(source);
    await user.paste('<p>Jazz on Friday <script>alert(1)</script></p>');
    await waitFor(() =>
      expect(saved.at(-1)).toMatchObject({
        subject: 'Friday jazz',
        body: { kind: 'html', html: '<p>Jazz on Friday <script>alert(1)</script></p>' },
      }),
    );

    const frame = screen.getByTitle('Campaign preview');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Jazz on Friday');
    expect(frame.getAttribute('srcdoc')).not.toContain('<script'); // removed before the frame sees it (issue 22)

    await user.click(screen.getByRole('tab', { name: /Check and test/ }));
    const problems = await screen.findByRole('list', { name: 'Problems found' });
    expect(problems).toHaveTextContent('The body contains JavaScript');
    expect(problems).toHaveTextContent('There is no unsubscribe link');
    await user.click(within(problems).getByRole('button', { name: 'Remove the scripts' }));
    await user.click(await screen.findByRole('button', { name: 'Insert the unsubscribe link' }));
    expect(await screen.findByText('No problems found here')).toBeInTheDocument();
    await waitFor(() =>
      expect(saved.at(-1)!.body).toEqual({
        kind: 'html',
        html: expect.stringMatching(/^<p>Jazz on Friday <\/p>[\s\S]*href="#unsubscribe#"/),
      }),
    );
    // Back to Write: still the HTML source staff were in, showing the fixed body (issue 22).
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    expect(screen.getByRole('radio', { name: 'HTML source' })).toBeChecked();
    const fixed = saved.at(-1)!.body;
    expect(screen.getByRole('textbox', { name: 'HTML source' })).toHaveValue(fixed.kind === 'html' ? fixed.html : '');
  });

  it('checks test addresses as emails before sending', async () => {
    const { user } = await renderCampaigns();
    await user.click(screen.getByRole('tab', { name: /Check and test/ }));
    await user.type(screen.getByLabelText('Send a test to'), 'me@venue.com, nope');
    expect(screen.getByText('Not an email address: nope')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeDisabled();
  });
});

describe('a draft that cannot be saved', () => {
  it('stops Send: a save that fails, then Send, sends nothing and says why', async () => {
    const saved: CampaignView[] = [];
    const sends: unknown[] = [];
    const failing = { now: false };
    const handlers = campaignHandlers(saved);
    const rendered = await renderGuestsScreen({
      contacts: GUESTS,
      overrides: {
        ...handlers,
        saveCampaignDraft: (request) => {
          if (failing.now) throw new UserFacingError('The desk cannot write to its database: disk full.');
          return handlers.saveCampaignDraft!(request);
        },
        sendCampaign: (request) => {
          sends.push(request);
          throw new UserFacingError('Sent although the draft was not saved.');
        },
      },
    });
    cleanup = rendered.cleanup;
    rendered.view.unmount();
    renderWithProviders(<CampaignsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(await screen.findByLabelText('Subject'), 'Friday jazz');
    await user.click(screen.getByRole('radio', { name: 'HTML source' }));
    await user.click(screen.getByRole('textbox', { name: 'HTML source' }));
    await user.paste('<p>Jazz on Friday</p><a href="#unsubscribe#">Unsubscribe</a>');
    await waitFor(() => expect(saved.at(-1)?.subject).toBe('Friday jazz'));

    failing.now = true;
    await user.type(screen.getByLabelText('Subject'), ' and wine');
    expect(await screen.findByText(/Not saved: The desk cannot write to its database/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Audience and send' }));
    await waitFor(() => expect(screen.getByTestId('audience-estimate').textContent).toBe('3'));
    await user.click(screen.getByRole('button', { name: 'Send now…' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 3 guests' }));

    const alert = await screen.findByText(/could not be saved on this desk, so nothing was done/);
    expect(alert).toHaveTextContent('disk full');
    expect(sends).toEqual([]);
    expect(saved.at(-1)?.subject).toBe('Friday jazz');
  });
});

describe('choosing the audience', () => {
  it('estimates the recipients from the guest cache as the filter changes', async () => {
    const { user } = await renderCampaigns();
    await user.click(screen.getByRole('tab', { name: 'Audience and send' }));
    const estimate = () => screen.getByTestId('audience-estimate').textContent;
    // Everyone with a category and an email: guests 1, 2, 3.
    await waitFor(() => expect(estimate()).toBe('3'));
    await user.click(screen.getByRole('radio', { name: 'Everyone' }));
    await waitFor(() => expect(estimate()).toBe('4'));
    await user.click(screen.getByRole('radio', { name: 'Guests without a category' }));
    await waitFor(() => expect(estimate()).toBe('1'));
    await user.click(screen.getByRole('radio', { name: 'Chosen categories' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose who it goes to');
    await user.click(screen.getByRole('checkbox', { name: 'VIP' }));
    await waitFor(() => expect(estimate()).toBe('2'));
    await user.click(screen.getByRole('radio', { name: 'Women' }));
    await waitFor(() => expect(estimate()).toBe('1'));
    await user.click(screen.getByRole('radio', { name: 'Any gender' }));
    await user.type(screen.getByLabelText('Age from'), '40');
    await waitFor(() => expect(estimate()).toBe('1'));
    expect(screen.getByText(/Guests without a date of birth are left out/)).toBeInTheDocument();
  });
});
