// campaign_verify: every code of section 7.2 that the sandbox can reach, checked on parsed HTML.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(async () => {
  t = makeSandbox();
  await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'a@example.com' }]);
});
afterEach(() => t.close());

const GOOD_HTML =
  '<html><head><title>News</title></head><body><h1>Spring menu</h1><p>New dishes this week.</p><img src="https://cdn.example.com/menu.jpg" alt="Menu"><p><a href="https://harbour.example/menu">Menu</a> · <a href="#webversion#">View online</a> · <a href="#unsubscribe#">Unsubscribe</a></p></body></html>';

/** Creates a draft and returns its id. */
async function create(overrides: Record<string, string | undefined> = {}): Promise<string> {
  const { body } = await t.form('campaign_create', {
    campaign_name: 'Spring',
    type: 'email',
    subject: 'Spring menu',
    from_name: 'Harbour Lights',
    from_email: 'news@harbour.example',
    html: GOOD_HTML,
    ...overrides,
  });
  expect(body.result).toBe(true);
  return body.data.campaign_id;
}

/** Verifies a campaign; the code, or 'ok'. */
async function verify(id: string): Promise<number | 'ok'> {
  const { body } = await t.form('campaign_verify', { campaign_id: id });
  if (body.result === true) {
    expect(body.data).toEqual({ campaign_id: id });
    return 'ok';
  }
  expect(body.message).toEqual(expect.any(String));
  return body.code;
}

/** The verify code for a body. */
const codeFor = async (html: string) => verify(await create({ html }));

describe('campaign_verify', () => {
  it('passes a good campaign and sends nothing', async () => {
    expect(await verify(await create())).toBe('ok');
    expect(t.sandbox.operator.messages()).toEqual([]);
  });

  it('602: blank content or placeholder text', async () => {
    expect(await codeFor('<html><body>  <p> </p></body></html>')).toBe(602);
    expect(await codeFor('<p>Lorem ipsum dolor sit amet</p><a href="#unsubscribe#">x</a>')).toBe(602);
  });

  it('603: from name shorter than 5 characters or an invalid from email', async () => {
    expect(await verify(await create({ from_name: 'Bar' }))).toBe(603);
    expect(await verify(await create({ from_email: 'news@' }))).toBe(603);
    expect(await verify(await create({ from_email: undefined }))).toBe(603);
  });

  it('605: the account may not send campaigns', async () => {
    const id = await create();
    t.sandbox.operator.updateAccount(t.clientId, { campaignsAllowed: false });
    expect(await verify(id)).toBe(605);
  });

  it('611: no subject', async () => {
    expect(await verify(await create({ subject: '  ' }))).toBe(611);
  });

  it('609 once sent, 612 while scheduled (locked by the send request)', async () => {
    const scheduled = await create();
    await t.form('campaign_send', { campaign_id: scheduled, category_id: 'none', send_at: '2025-07-01 10:00:00' });
    expect(await verify(scheduled)).toBe(612);
    const sent = await create();
    await t.form('campaign_send', { campaign_id: sent, category_id: 'none' });
    expect(await verify(sent)).toBe(609);
  });

  it('616: forward, view-online or unsubscribe links without an address, or a mistyped merge tag', async () => {
    expect(await codeFor(GOOD_HTML.replace('href="#webversion#"', 'href="#"'))).toBe(616);
    expect(
      await codeFor(GOOD_HTML.replace('<a href="#webversion#">View online</a>', '<a href="">Forward to a friend</a>')),
    ).toBe(616);
    expect(
      await codeFor(GOOD_HTML.replace('<a href="#webversion#">View online</a>', '<a href="#unsubscribe">Opt out</a>')),
    ).toBe(616);
  });

  it('617: social links that name no profile', async () => {
    expect(await codeFor(GOOD_HTML.replace('https://harbour.example/menu', 'https://www.facebook.com/'))).toBe(617);
    expect(await codeFor(GOOD_HTML.replace('https://harbour.example/menu', 'https://instagram.com/yourpage'))).toBe(
      617,
    );
    expect(
      await codeFor(GOOD_HTML.replace('https://harbour.example/menu', 'https://instagram.com/harbourlights')),
    ).toBe('ok');
  });

  it('618: inline or pasted images', async () => {
    expect(
      await codeFor(GOOD_HTML.replace('https://cdn.example.com/menu.jpg', 'data:image/png;base64,iVBORw0KGgo=')),
    ).toBe(618);
    expect(await codeFor(GOOD_HTML.replace('https://cdn.example.com/menu.jpg', 'cid:image001.png'))).toBe(618);
  });

  it('619: an image without a usable address', async () => {
    expect(await codeFor(GOOD_HTML.replace('src="https://cdn.example.com/menu.jpg"', 'src=""'))).toBe(619);
    expect(await codeFor(GOOD_HTML.replace('https://cdn.example.com/menu.jpg', 'images/menu.jpg'))).toBe(619);
  });

  it('620: head tags outside the head, in pasted or imported HTML', async () => {
    expect(await codeFor(GOOD_HTML.replace('<h1>', '<meta name="viewport" content="width=device-width"><h1>'))).toBe(
      620,
    );
    expect(await codeFor(`${GOOD_HTML}<meta charset="utf-8">`)).toBe(620);
  });

  it('621: script tags, event handlers or javascript: links', async () => {
    expect(await codeFor(GOOD_HTML.replace('</body>', '<script>track()</script></body>'))).toBe(621);
    expect(await codeFor(GOOD_HTML.replace('<h1>', '<h1 onclick="x()">'))).toBe(621);
    expect(await codeFor(GOOD_HTML.replace('https://harbour.example/menu', 'javascript:alert(1)'))).toBe(621);
  });

  it('622: no unsubscribe link', async () => {
    expect(await codeFor(GOOD_HTML.replace('<a href="#unsubscribe#">Unsubscribe</a>', ''))).toBe(622);
  });

  it('625: links copied from a previously sent campaign', async () => {
    const first = await create();
    await t.form('campaign_send', { campaign_id: first, category_id: 'none' });
    const [sentItem] = (await t.form('sent_items', { reference_id: first })).body.data;
    const tracked = /href="(http:\/\/sandbox\.test\/r\/[^"]+)"/.exec(sentItem.message)![1]!;
    expect(await codeFor(GOOD_HTML.replace('https://harbour.example/menu', tracked))).toBe(625);
  });

  it('626: an old unsubscribe link instead of the merge tag', async () => {
    expect(
      await codeFor(GOOD_HTML.replace('href="#unsubscribe#"', 'href="https://harbour.example/unsubscribe?id=12"')),
    ).toBe(626);
  });

  it('627: a placeholder image', async () => {
    expect(
      await codeFor(GOOD_HTML.replace('https://cdn.example.com/menu.jpg', 'https://via.placeholder.com/600x200')),
    ).toBe(627);
  });

  it('answers a missing or unknown campaign with code 400', async () => {
    expect((await t.form('campaign_verify', {})).body).toEqual({
      result: false,
      message: 'Missing Option campaign_id',
      code: 400,
    });
    expect((await t.form('campaign_verify', { campaign_id: 'cmp0' })).body.code).toBe(400);
  });
});
