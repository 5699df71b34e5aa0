// The built desk (dist/renderer, as `npm run build` makes it) in Chromium, on the demo with 100,000 guests:
// a keystroke in guest search until its results are painted, and a desk start until its first guest search
// is answered from the cache. Measured in the page: from the key event (or the navigation's start) to the
// frame after the results list says it answers the query typed (`data-query` on the listbox); a key's
// sample is split as test/renderer/frame-probe.ts says.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { createDeskCore } from '../../electron/core/desk-core';
import { startDeskHost } from '../../electron/host/server';
import { startSandboxServer } from '../../sandbox/index';
import { launchChromium } from '../e2e/support/browser';
import type { FrameSample } from '../support/frame-sample';
import { frameRows } from './frame-rows';
import { percentile, type BenchRow } from './table';
import { traced } from './trace';

const START_LIMIT_MS = 1500;
const STARTS = 5;
/** Queries typed a key at a time (surname starts, a first name and surname, a mobile's start). */
const QUERIES = ['smi', 'nguyen', 'pat', 'oli bro', 'wil', 'tho', 'mar', '0412', 'lee', 'har'];

/**
 * In-page code (a string: evaluated as written, whatever the bundler does to functions): `benchAnswered(query)`
 * resolves with the time after the frame in which the results list answers `query`; the frame that shows
 * it is painted before a message posted from its animation frame is handled. `benchKey(done)` arms a key's
 * measure (test/renderer/frame-probe.ts) before the key is pressed.
 */
const IN_PAGE = `
globalThis.benchAnswered = (query) => new Promise((resolvePaint) => {
  const check = () => {
    const list = document.querySelector('#guest-results');
    if (list && list.getAttribute('data-query') === query) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolvePaint(performance.now());
      requestAnimationFrame(() => channel.port2.postMessage(null));
    } else requestAnimationFrame(check);
  };
  check();
});
globalThis.benchKey = (done) => {
  globalThis.keyAt = undefined;
  document.addEventListener('keydown', (event) => (globalThis.keyAt = event.timeStamp), { once: true, capture: true });
  globalThis.keyAnswered = benchFrames.watchFrame(done);
};
globalThis.benchStart = async (query) => {
  const input = await new Promise((found) => {
    const look = () => {
      const box = document.querySelector('input[aria-label="Search guests"]');
      if (box) found(box);
      else requestAnimationFrame(look);
    };
    look();
  });
  // Typed as React sees typing: the native setter, then an input event.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, query);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return globalThis.benchAnswered(query);
};
`;

/** test/renderer/frame-probe.ts bundled for the page, as `benchFrames`. */
async function frameProbeScript(): Promise<string> {
  const bundled = await build({
    stdin: {
      contents:
        "import { watchFrame, frameSample } from '../renderer/frame-probe'; globalThis.benchFrames = { watchFrame, frameSample };",
      resolveDir: import.meta.dirname,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'error',
  });
  return bundled.outputFiles[0]!.text;
}

/** The sample of the key armed by `benchKey`, once its answer is painted. */
const keySample = 'keyAnswered.then((times) => benchFrames.frameSample(keyAt, times))';

/** Types each query a key at a time into guest search; each key's time to its results painted. */
async function keystrokes(page: Page): Promise<FrameSample[]> {
  const box = page.getByRole('combobox', { name: 'Search guests' });
  const samples: FrameSample[] = [];
  for (const query of QUERIES) {
    await box.fill('');
    for (let length = 1; length <= query.length; length++) {
      const typed = query.slice(0, length);
      // Armed before the key: its own time stamp, taken by the page when the key event is dispatched, and
      // the watch for the results list answering what is typed.
      await page.evaluate(
        `benchKey(() => document.querySelector('#guest-results')?.getAttribute('data-query') === ${JSON.stringify(typed)})`,
      );
      const key = typed.at(-1)!;
      await box.press(key === ' ' ? 'Space' : key);
      samples.push(await page.evaluate<FrameSample>(keySample));
    }
  }
  return samples;
}

/** The same keys typed into a plain input added to the page, which shows what was typed in an attribute: a key to that painted. */
async function plainKeystrokes(page: Page, count: number): Promise<FrameSample[]> {
  await page.evaluate(`{
    const input = Object.assign(document.createElement('input'), { id: 'bench-plain' });
    input.addEventListener('input', () => input.setAttribute('data-typed', input.value));
    document.body.append(input);
  }`);
  const samples: FrameSample[] = [];
  for (let n = 1; n <= count; n++) {
    await page.evaluate(
      `benchKey(() => document.querySelector('#bench-plain').getAttribute('data-typed')?.length === ${n})`,
    );
    await page.locator('#bench-plain').press('a');
    samples.push(await page.evaluate<FrameSample>(keySample));
  }
  await page.evaluate(`document.querySelector('#bench-plain').remove()`);
  return samples;
}

/** Loads the desk again (its guests cached) and types a query as soon as the search box is there: ms from the navigation's start. */
async function deskStart(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate<number>(`benchStart('smi')`);
}

/** A blank page's load in the same browser (ms from its navigation's start to its load event's end). */
async function blankLoad(page: Page): Promise<number> {
  await page.goto('data:text/html,<!doctype html><title>blank</title><p>blank</p>');
  return page.evaluate<number>(`performance.getEntriesByType('navigation')[0].loadEventEnd`);
}

/**
 * "guest search keystroke → results painted (100,000 guests)" and "desk start → first guest search answered
 * (100,000 guests cached)", on the built renderer served by the desk host in browser mode.
 */
export async function benchDeskBrowser(guests = 100_000): Promise<BenchRow[]> {
  const rendererRoot = resolve(import.meta.dirname, '../../dist/renderer');
  if (!existsSync(join(rendererRoot, 'index.html'))) throw new Error('Build the desk first: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'desk-browser-bench-'));
  const sandbox = await startSandboxServer({ port: 0, demo: true, demoGuests: guests });
  const core = await createDeskCore({
    mode: 'browser',
    version: 'bench',
    dataDir: join(dir, 'data'),
    keychain: { available: false, reason: 'Benchmarks use the demo only.' },
    startDemoService: async () => ({ ...sandbox.demo, baseUrl: sandbox.baseUrl, close: async () => {} }),
  });
  let browser: Browser | undefined;
  const host = await startDeskHost({ core, rendererRoot, port: 0 });
  try {
    await core.handlers.startDemo({});
    await core.handlers.updateAccountSettings({ defaultPhoneCountry: 'AU', timeZone: 'UTC' });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.addInitScript(await frameProbeScript());
    await page.addInitScript(IN_PAGE);
    page.setDefaultTimeout(600_000);
    await page.goto(host.url);
    // The first sync fills the cache; the search answers from it once it is done.
    await page
      .getByText(/^Guests as of/)
      .first()
      .waitFor({ timeout: 600_000 });
    const keys = await traced(browser, page, 'guest-search-keystrokes', () => keystrokes(page));
    const plain = await plainKeystrokes(page, keys.length);
    const starts: number[] = [];
    const blanks: number[] = [];
    for (let n = 0; n < STARTS; n++) {
      starts.push(await deskStart(page, host.url));
      blanks.push(await blankLoad(page));
    }
    const startP50 = percentile(starts, 50);
    return [
      ...frameRows(
        `guest search keystroke → results painted (${guests.toLocaleString('en')} guests)`,
        keys,
        plain,
        'a key in a plain input → next paint (p95)',
      ),
      {
        name: `desk start → first guest search answered (${guests.toLocaleString('en')} guests cached)`,
        value: startP50,
        baseline: percentile(blanks, 50),
        baselineName: 'a blank page loaded in the same browser (median)',
        unit: 'ms',
        target: `< ${START_LIMIT_MS} ms (median of ${STARTS})`,
        met: startP50 < START_LIMIT_MS,
      },
    ];
  } finally {
    await browser?.close();
    await host.close();
    await core.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
