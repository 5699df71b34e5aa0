import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../sandbox/index';
import { launchChromium } from './support/browser';
import { connectToSandbox } from './support/connect';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

// Issue 22, items 4 and 5: the campaign preview shows pasted HTML without its scripts (no console
// error) and loads nothing from the web until staff choose "Show images" for that campaign; the editor
// stays in the view staff were in; the Outbox names a waiting campaign once.
//
// The tracker is a real HTTPS server on 127.0.0.1 (the desk's Content-Security-Policy lets https images
// through, so that is what a sender's tracker would use). Its certificate, test/e2e/fixtures/tracker-*.pem,
// is a self-signed one made for this test only; the browser context accepts it (ignoreHTTPSErrors).

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let desk: DeskProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tracker: Server;
let trackerOrigin = '';
/** Every request the tracker got, by path. */
const hits: string[] = [];
/** Console errors and page errors of the desk's page. */
const problems: string[] = [];

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const nav = () => page.getByRole('navigation', { name: 'Screens' });

/** HTML a sender might paste: a script, a handler, a tracking pixel, a CSS background, a style sheet and an @import. */
function trackedHtml(campaign: string): string {
  return [
    `<html><head><link rel="stylesheet" href="${trackerOrigin}/${campaign}/sheet.css">`,
    `<style>@import url("${trackerOrigin}/${campaign}/import.css"); .hero { background: url(${trackerOrigin}/${campaign}/bg.png); height: 40px }</style></head>`,
    `<body onload="ping()"><h1>Spring tasting</h1><div class="hero"></div>`,
    `<img src="${trackerOrigin}/${campaign}/pixel.png" alt="">`,
    `<script>fetch("${trackerOrigin}/${campaign}/script")</script>`,
    '<p>Six wines, Friday at 7. <a href="#unsubscribe#">Unsubscribe</a></p></body></html>',
  ].join('');
}

/** Hits of the tracker under a campaign's prefix. */
const hitsOf = (campaign: string) => hits.filter((path) => path.startsWith(`/${campaign}/`));

beforeAll(async () => {
  tracker = createServer(
    {
      key: readFileSync('test/e2e/fixtures/tracker-key.pem'),
      cert: readFileSync('test/e2e/fixtures/tracker-cert.pem'),
    },
    (request, response) => {
      hits.push(request.url ?? '');
      if (request.url?.endsWith('.css'))
        response.writeHead(200, { 'content-type': 'text/css' }).end('p { color: red }');
      else response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PIXEL);
    },
  );
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  trackerOrigin = `https://127.0.0.1:${(tracker.address() as AddressInfo).port}`;

  sandbox = await startSandboxServer({ port: 0, demo: true, demoGuests: 200 });
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1366, height: 768 }, ignoreHTTPSErrors: true });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(desk.url);
  await connectToSandbox(
    page,
    sandbox,
    {
      'Account time zone': 'Australia/Sydney',
      'Phone country': 'AU',
      'Default email sender name': 'Harbour Bar',
      'Default email sender address': 'events@harbour.example.com',
    },
    'Guests',
  );
  await nav().getByText('Campaigns', { exact: true }).click();
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
  await sandbox?.close();
  await new Promise((resolve) => tracker?.close(resolve));
});

/**
 * Starts a new campaign and waits until its editor is the one open: until then the editor of the campaign
 * open before is still on screen, and typing would go into that one (seen on a loaded machine).
 */
async function openNewCampaign(): Promise<void> {
  const drafts = page.getByLabel('Campaign list').getByRole('button');
  const before = await drafts.count();
  await page.getByRole('button', { name: 'New campaign' }).click();
  await expect.poll(() => drafts.count()).toBe(before + 1);
  await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('');
}

/** A new campaign with this subject, its body pasted as HTML source and then typed at, a key at a time. */
async function newCampaign(subject: string, html: string): Promise<void> {
  await openNewCampaign();
  await page.getByLabel('Subject').fill(subject);
  await page.getByText('HTML source', { exact: true }).click();
  const source = page.getByRole('textbox', { name: 'HTML source' });
  await source.fill(html);
  await source.press('End');
  await source.pressSequentially('<p>More</p>', { delay: 20 }); // each keystroke renders the preview again
  await page.getByText('Draft saved on this desk').waitFor();
}

describe('the campaign preview (browser mode, real sandbox, a real tracker)', () => {
  it('shows pasted HTML without scripts and loads nothing from the web, however often it renders; no console error', async () => {
    await newCampaign('Spring tasting', trackedHtml('first'));
    const notice = page.getByLabel('Images from the web');
    await notice.getByText(/^\d+ images and styles from the web are not loaded/).waitFor();
    const frame = page.frameLocator('iframe[title="Campaign preview"]');
    await frame.getByRole('heading', { name: 'Spring tasting' }).waitFor();
    await page.waitForTimeout(1500); // time enough for any request the frame would make
    const srcdoc = (await page.locator('iframe[title="Campaign preview"]').getAttribute('srcdoc')) ?? '';
    expect(srcdoc).not.toMatch(/<script|onload=|127\.0\.0\.1/);
    expect(hitsOf('first')).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: 'test-results/e2e/campaign-preview-hidden.png' });
  });

  it('loads the https images and backgrounds once staff choose "Show images" for that campaign only; never its style sheets', async () => {
    await page.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => hitsOf('first').sort(), { timeout: 10_000 }).toEqual(['/first/bg.png', '/first/pixel.png']);
    await page.getByText(/Images from the web \(https\) are shown for this campaign/).waitFor();
    await page.screenshot({ path: 'test-results/e2e/campaign-preview-shown.png' });

    // Another campaign with the same kind of HTML: its images stay off.
    await newCampaign('Winter menu', trackedHtml('second'));
    await page.getByLabel('Images from the web').waitFor();
    await page.waitForTimeout(1500);
    expect(hitsOf('second')).toEqual([]);
    // Back to the first: still shown, nothing new loaded but its two images.
    await page.getByRole('button', { name: /^Spring tasting/ }).click();
    await page.getByText(/Images from the web \(https\) are shown for this campaign/).waitFor();
    expect(new Set(hitsOf('first'))).toEqual(new Set(['/first/bg.png', '/first/pixel.png']));
    expect(problems).toEqual([]);
  });

  it('keeps staff in HTML source after "Remove the scripts", and the Web page address takes https only', async () => {
    await openNewCampaign();
    await page.getByLabel('Subject').fill('Quiz night');
    await page.getByText('HTML source', { exact: true }).click();
    await page
      .getByRole('textbox', { name: 'HTML source' })
      .fill('<p>Quiz on Tuesday</p><script>alert(1)</script><a href="#unsubscribe#">Unsubscribe</a>');
    await page.getByRole('tab', { name: /Check and test/ }).click();
    await page.getByRole('button', { name: 'Remove the scripts' }).click();
    await page.getByText('No problems found here').waitFor();
    await page.getByRole('tab', { name: 'Write' }).click();
    expect(await page.getByRole('radio', { name: 'HTML source' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'HTML source' }).inputValue()).not.toContain('<script');

    await page.getByText('Web page', { exact: true }).click();
    const address = page.getByLabel('Address of the page');
    await address.fill('http://venue.example/menu');
    await page.getByText(/Use a full address starting with https:\/\//).waitFor();
    await address.fill('https://venue.example/menu');
    await page.getByText('Draft saved on this desk').waitFor();
    expect(await page.getByText(/Use a full address starting with https:\/\//).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
