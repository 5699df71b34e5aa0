// Campaign methods against the sandbox (reference §3, §4.2–4.6, §7.2), in-process and over HTTP.
import { describe, expect, it } from 'vitest';
import { failureOf } from './support/fake-fetch';
import { TARGETS, useTarget, type Target } from './support/sandbox-targets';

const HTML =
  '<html><body><h1>Trivia night</h1><p>Join us this Thursday from 7pm for trivia and half-price pizza.</p><p><a href="#unsubscribe#">Unsubscribe</a></p></body></html>';
const draft = {
  campaign_name: 'Trivia',
  subject: 'Trivia this Thursday',
  from_name: 'Harbour Lights',
  from_email: 'hello@harbourlights.example',
  html: HTML,
};

/** A draft and two guests who can receive it. */
async function draftWithGuests(target: Target): Promise<string> {
  const { client, demo } = target;
  const pushed = await client.pushContact([
    { client_id: demo.clientId, PatronEmail: 'guest1@example.com', svc_categories: 'Trivia' },
    { client_id: demo.clientId, PatronEmail: 'guest2@example.com' },
  ]);
  expect(pushed.failures).toEqual([]);
  return (await client.campaignCreate(draft)).campaign_id;
}

describe.each(TARGETS)('campaigns on the sandbox ($name)', (kind) => {
  const target = useTarget(kind);

  it('creates, verifies, tests and sends a campaign to a category', async () => {
    const { client } = target.current;
    const campaignId = await draftWithGuests(target.current);
    expect(await client.campaignVerify({ campaign_id: campaignId })).toMatchObject({ campaign_id: campaignId });
    expect(
      await client.campaignTest({ campaign_id: campaignId, to: ['manager@example.com', 'owner@example.com'] }),
    ).toMatchObject({ campaign_id: campaignId });
    expect(target.current.sandbox.operator.messages({ kind: 'campaign_test' }).map((m) => m.to)).toEqual([
      'manager@example.com',
      'owner@example.com',
    ]);

    const { categories } = await client.categories();
    const trivia = categories.find((category) => category.name === 'Trivia')!;
    const sent = await client.campaignSend({ campaign_id: campaignId, category_id: [trivia.id] });
    expect(sent).toMatchObject({ campaign_id: campaignId, recipients: 1 });
    expect(sent.send_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('schedules with send_at, locks the campaign (612), and cancels it back to a draft', async () => {
    const { client } = target.current;
    const campaignId = await draftWithGuests(target.current);
    const scheduled = await client.campaignSend({
      campaign_id: campaignId,
      category_id: 'none',
      send_at: new Date(Date.now() + 86_400_000),
    });
    expect(scheduled.recipients).toBe(2);
    expect(await failureOf(client.campaignVerify({ campaign_id: campaignId }))).toMatchObject({
      kind: 'service-failure',
      code: 612,
    });
    expect(await client.campaignCancel({ campaign_id: campaignId })).toMatchObject({ campaign_id: campaignId });
    expect(await client.campaignVerify({ campaign_id: campaignId })).toMatchObject({ campaign_id: campaignId });
  });

  it('refuses to verify or send a campaign already sent (609)', async () => {
    const { client } = target.current;
    const campaignId = await draftWithGuests(target.current);
    await client.campaignSend({ campaign_id: campaignId, category_id: 'none' });
    expect(await failureOf(client.campaignVerify({ campaign_id: campaignId }))).toMatchObject({ code: 609 });
    expect(await failureOf(client.campaignSend({ campaign_id: campaignId, category_id: 'none' }))).toMatchObject({
      code: 609,
    });
  });

  it('reports verification codes: 603 for a short from name', async () => {
    const { client } = target.current;
    const { campaign_id } = await client.campaignCreate({ ...draft, from_name: 'HL' });
    expect(await failureOf(client.campaignVerify({ campaign_id }))).toMatchObject({
      kind: 'service-failure',
      code: 603,
    });
  });

  it('reports verification codes: 621 for JavaScript in the body', async () => {
    const { client } = target.current;
    const { campaign_id } = await client.campaignCreate({
      ...draft,
      html: HTML.replace('</body>', '<script>alert(1)</script></body>'),
    });
    expect(await failureOf(client.campaignVerify({ campaign_id }))).toMatchObject({ code: 621 });
  });

  it.each([
    [
      { ...draft, url: 'https://example.com/page.html' },
      'You cannot pass both the URL and HTML field options when sending an email',
    ],
    [{ campaign_name: 'x', from_name: 'Harbour Lights', html: HTML }, 'Missing Option subject'],
  ])('campaign_create refuses %#: %s', async (request, message) => {
    expect(await failureOf(target.current.client.campaignCreate(request))).toMatchObject({
      kind: 'service-failure',
      serviceMessage: message,
      code: 400,
    });
  });

  it('campaign_create refuses without email credits', async () => {
    target.current.sandbox.operator.setCredits(target.current.demo.clientId, { email: 0 });
    expect(await failureOf(target.current.client.campaignCreate(draft))).toMatchObject({
      serviceMessage: 'Insufficient Credits',
    });
  });

  it('campaign_send answers 400 when no contact matches', async () => {
    const { client } = target.current;
    const { campaign_id } = await client.campaignCreate(draft);
    expect(await failureOf(client.campaignSend({ campaign_id, category_id: 'none' }))).toMatchObject({
      kind: 'service-failure',
      code: 400,
    });
  });

  it('campaign_cancel of a campaign not scheduled answers code 500', async () => {
    const { client } = target.current;
    const { campaign_id } = await client.campaignCreate(draft);
    expect(await failureOf(client.campaignCancel({ campaign_id }))).toMatchObject({
      serviceMessage: 'Could not cancel campaign',
      code: 500,
    });
  });

  it('campaign_test of an unknown campaign answers code 500', async () => {
    expect(
      await failureOf(target.current.client.campaignTest({ campaign_id: 'nope', to: ['a@example.com'] })),
    ).toMatchObject({
      serviceMessage: 'There was an error getting that campaign',
      code: 500,
    });
  });
});
