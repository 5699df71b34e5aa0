import { describe, expect, it } from 'vitest';
import { checkCampaignHtml } from '../../../sandbox/campaigns/html-checks';
import { CAMPAIGN_CODE_EXPLANATIONS, explainCampaignRefusal } from '../../../shared/rules/campaign-codes';
import {
  insertUnsubscribeLink,
  precheckCampaign,
  removeInlineImages,
  removeScripts,
  replaceOldUnsubscribeLinks,
} from '../../../shared/rules/campaign-checks';

const HEAD = { subject: 'Friday jazz', fromName: 'Harbour Bar', fromEmail: 'events@harbour.example.com' };
const UNSUB = '<p><a href="#unsubscribe#">Unsubscribe</a></p>';
const body = (inner: string) => `<html><body>${inner}</body></html>`;
const codes = (html: string, sent: Set<string> = new Set()) =>
  precheckCampaign({ ...HEAD, html }, sent).map((finding) => finding.code);
/** The sandbox's own verdict (first failing code), to keep the desk's pre-check honest. */
const serviceCode = (html: string, sent: Set<string> = new Set()) =>
  checkCampaignHtml(html, { imported: false, isSentCampaign: (id) => sent.has(id) })?.code ?? null;

/** One body per content code, each otherwise sendable. */
const CASES: [number, string][] = [
  [602, body(UNSUB.replace('<p>', '<p>Lorem ipsum dolor sit amet. '))],
  [616, body(`<p>Jazz on Friday.</p><p><a href="#">View online</a></p>${UNSUB}`)],
  [617, body(`<p>Jazz on Friday.</p><a href="https://facebook.com/yourpage">Us on Facebook</a>${UNSUB}`)],
  [618, body(`<p>Jazz on Friday.</p><img src="data:image/png;base64,AAAA">${UNSUB}`)],
  [619, body(`<p>Jazz on Friday.</p><img src="images/band.jpg">${UNSUB}`)],
  [620, `<html><head></head><body><meta name="x" content="y"><p>Jazz on Friday.</p>${UNSUB}</body></html>`],
  [621, body(`<p>Jazz on Friday.</p><script>alert(1)</script>${UNSUB}`)],
  [622, body('<p>Jazz on Friday.</p>')],
  [626, body(`<p>Jazz on Friday.</p><a href="https://old.example.com/unsubscribe?id=4">Unsubscribe</a> #unsubscribe#`)],
  [627, body(`<p>Jazz on Friday.</p><img src="https://via.placeholder.com/600x200">${UNSUB}`)],
];

describe('the campaign pre-check', () => {
  it('passes a sendable campaign, as the service does', () => {
    const html = body(
      `<h1>Jazz on Friday</h1><img src="https://cdn.example.com/band.jpg" alt="The band"><a href="https://instagram.com/harbourbar">Instagram</a>${UNSUB}`,
    );
    expect(codes(html)).toEqual([]);
    expect(serviceCode(html)).toBeNull();
  });

  it.each(CASES)('flags code %i where the service does, and explains it in staff words', (code, html) => {
    expect(codes(html)).toContain(code);
    expect(serviceCode(html)).toBe(code);
    expect(CAMPAIGN_CODE_EXPLANATIONS[code]!.whatToDo.length).toBeGreaterThan(10);
  });

  it('flags a blank body (602), a missing subject (611) and a short sender or bad address (603)', () => {
    expect(codes(body(''))).toContain(602);
    const findings = precheckCampaign({
      subject: ' ',
      fromName: 'Bar',
      fromEmail: 'not-an-address',
      html: body(`<p>Hi</p>${UNSUB}`),
    });
    expect(findings.map((f) => [f.code, f.fix])).toEqual([
      [611, 'go-subject'],
      [603, 'go-from'],
      [603, 'go-from'],
    ]);
  });

  it("flags links copied from one of this desk's sent campaigns (625)", () => {
    const html = body(`<p>Jazz.</p><a href="https://svc.example.com/r/77/1">Book</a>${UNSUB}`);
    expect(codes(html, new Set(['77']))).toContain(625);
    expect(serviceCode(html, new Set(['77']))).toBe(625);
    expect(codes(html)).not.toContain(625);
  });

  it('lists every problem at once, not only the first', () => {
    expect(codes(body('<p>Lorem ipsum</p><script>x()</script><img src="data:image/gif;base64,R0">'))).toEqual([
      602, 621, 618, 622,
    ]);
  });

  it('leaves a web-page body to the service but still checks subject and sender', () => {
    expect(
      precheckCampaign({ ...HEAD, subject: '', url: 'https://venue.example.com/newsletter' }).map((f) => f.code),
    ).toEqual([611]);
  });

  it('fixes what it can: unsubscribe link, scripts, pasted images, old unsubscribe addresses', () => {
    expect(codes(insertUnsubscribeLink(body('<p>Jazz on Friday.</p>')))).toEqual([]);
    expect(insertUnsubscribeLink('<p>Jazz</p>')).toContain('href="#unsubscribe#"');
    expect(codes(removeScripts(body(`<p onclick="x()">Jazz on Friday.</p><script>alert(1)</script>${UNSUB}`)))).toEqual(
      [],
    );
    expect(
      codes(removeInlineImages(body(`<p>Jazz on Friday.</p><img src="data:image/png;base64,AAAA">${UNSUB}`))),
    ).toEqual([]);
    const fixed = replaceOldUnsubscribeLinks(
      body('<p>Jazz on Friday.</p><a href="https://old.example.com/unsubscribe?id=4">Unsubscribe</a>'),
    );
    expect(codes(fixed)).toEqual([]);
    expect(serviceCode(fixed)).toBeNull();
  });
});

describe("explanations of the service's refusals", () => {
  it('explains the credit messages and 605 with what to do', () => {
    expect(explainCampaignRefusal('Insufficient Credits', 400).title).toMatch(/run out of email credits/);
    expect(explainCampaignRefusal('Unable to allocate credits', 400).whatToDo).toMatch(/Buy more email credits/);
    expect(explainCampaignRefusal('Not authorised to send this campaign type', 605).whatToDo).toMatch(
      /enable email campaigns/,
    );
  });

  it('has an explanation for every code of campaign_verify (§7.2)', () => {
    for (const code of [602, 603, 605, 609, 611, 612, 616, 617, 618, 619, 620, 621, 622, 625, 626, 627, 401])
      expect(CAMPAIGN_CODE_EXPLANATIONS[code]).toBeDefined();
  });
});

describe('the tolerant HTML scan under the pre-check', () => {
  it('reads broken markup without throwing: unclosed tags, quotes holding ">", entities, markup inside scripts', async () => {
    const { scanHtml } = await import('../../../shared/rules/campaign-html-scan');
    const scanned = scanHtml(
      '<p>Fish &amp; chips<a href="https://x.example.com/?a=1&amp;b=2" title="a > b">Book <b>now</b></a><img src=\'https://cdn.example.com/a.png\' alt=x><script>if (a < b) document.write("<a href=#>x</a>")</script><p>unclosed',
    );
    expect(scanned.visibleText).toBe('Fish & chips Book now unclosed');
    expect(scanned.elements.map((element) => element.tag)).toEqual(['p', 'a', 'b', 'img', 'script', 'p']);
    expect(scanned.elements[1]).toMatchObject({
      attributes: { href: 'https://x.example.com/?a=1&b=2', title: 'a > b' },
      text: 'Book now',
    });
    expect(scanned.elements[3]!.attributes).toEqual({ src: 'https://cdn.example.com/a.png', alt: 'x' });
    for (const junk of [
      '<',
      '<<>>',
      '<a href="',
      '<!-- never closed',
      '</b></a>text',
      '<script>never closed',
      '\u0000<p\u0000>',
    ])
      expect(() => scanHtml(junk)).not.toThrow();
  });
});
