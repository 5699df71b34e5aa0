// A benchmark page in Chromium driven through a bare DevTools pipe: commands go only to the page's own
// functions. Playwright turns on DevTools' network recording for every page it drives: each WebSocket
// frame the page sends or receives is then copied into a DevTools event, payload and all, and sent to
// the driver. On this 2-core machine, a page sending 34 MB to a local WebSocket server (400 frames of
// 100 KB, 4 at a time) took 1.5–1.6 s and 2.2–2.3 s of Chromium's CPU under Playwright, and 0.5–0.7 s and
// 0.4–0.5 s of CPU driven this way. The desk never runs under a driver, so the benchmarks that pour data
// through the bridge use this.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { z } from 'zod';
import { chromiumFlags, requireChromium } from '../e2e/support/browser';

/** A value a page function takes or gives back (it crosses the pipe as JSON). */
export type PageValue = string | number | boolean | null | PageValue[] | { [key: string]: PageValue };

/** The benchmark page: its global functions called, the whole browser traced, and closed. */
export interface BarePage {
  /** Calls the page's global function `name` with `args` and waits for its promise (or value). */
  call<T>(name: string, ...args: PageValue[]): Promise<T>;
  /** Runs `work` with Chromium's trace on, and writes the trace (Chrome's trace format) to `path`. */
  traced<T>(path: string, categories: readonly string[], work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** One DevTools message: an answer (id) or an event (method), for the browser or a page session. */
const devToolsMessage = z.object({
  id: z.number().optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ message: z.string() }).optional(),
});
type DevToolsMessage = z.infer<typeof devToolsMessage>;

/** Runtime.evaluate's answer: the value, or what the page threw. */
const evaluated = z.object({
  result: z.object({ value: z.unknown() }).optional(),
  exceptionDetails: z
    .object({ text: z.string().optional(), exception: z.object({ description: z.string().optional() }).optional() })
    .optional(),
});

/**
 * Flags Playwright launches Chromium with that decide how the page is scheduled, so a page here runs as it
 * does in the other benchmarks (and as the desk's own window does): never treated as a background tab.
 */
const FOREGROUND_FLAGS = [
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-field-trial-config',
  '--disable-extensions',
  '--disable-dev-shm-usage',
  '--hide-scrollbars',
  '--mute-audio',
];

/** How long Chromium has to close before it is killed. */
const CLOSE_TIMEOUT_MS = 5000;

/** How long the page has to set `globalThis.benchReady`. */
const READY_TIMEOUT_MS = 60_000;

/** Opens `url` in a fresh headless Chromium and waits until the page sets `globalThis.benchReady`. */
export async function openBarePage(url: string): Promise<BarePage> {
  const profile = mkdtempSync(join(tmpdir(), 'bare-page-'));
  // The pipe is the child's fds 3 (commands in) and 4 (messages out), each message ended by a NUL.
  const chromium = spawn(
    requireChromium(),
    [
      ...chromiumFlags(),
      ...FOREGROUND_FLAGS,
      '--headless',
      '--no-startup-window',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const devtools = connect(chromium);
  const exited = new Promise<void>((resolve) => chromium.once('exit', () => resolve()));
  const close = async () => {
    if (chromium.exitCode === null && chromium.signalCode === null) {
      await devtools.send('Browser.close').catch(() => undefined); // it may be gone already: it is killed below
      const killer = setTimeout(() => chromium.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(killer);
    }
    // Its helper processes may still be letting go of the profile for a moment after the browser has gone.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    const { targetId } = z.object({ targetId: z.string() }).parse(await devtools.send('Target.createTarget', { url }));
    const { sessionId } = z
      .object({ sessionId: z.string() })
      .parse(await devtools.send('Target.attachToTarget', { targetId, flatten: true }));
    const evaluate = async (expression: string) => {
      const answer = evaluated.parse(
        await devtools.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId),
      );
      const failure = answer.exceptionDetails;
      if (failure) throw new Error(`The benchmark page failed: ${failure.exception?.description ?? failure.text}`);
      return answer.result?.value;
    };
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while ((await evaluate('globalThis.benchReady === true')) !== true) {
      if (Date.now() > deadline) throw new Error(`The benchmark page at ${url} did not get ready.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      // The answer is the page function's own value: its shape is the caller's to name, as with any JSON read.
      call: async <T>(name: string, ...args: PageValue[]) =>
        (await evaluate(`globalThis[${JSON.stringify(name)}](...${JSON.stringify(args)})`)) as T,
      traced: (path, categories, work) => devtools.traced(path, categories, work),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What a Tracing.dataCollected event carries: trace events, written out as they are. */
const traceEvents = z.object({ value: z.array(z.unknown()) });

/** The DevTools connection over the child's pipe: commands answered in order of their ids, events for tracing. */
function connect(chromium: ChildProcess) {
  const input = chromium.stdio[3];
  const output = chromium.stdio[4];
  if (!(input instanceof Duplex) || !(output instanceof Duplex))
    throw new Error('Chromium was started without its DevTools pipe.');
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }
  >();
  const listeners = new Set<(message: DevToolsMessage) => void>();
  let buffered = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = devToolsMessage.parse(JSON.parse(buffered.slice(0, end)));
      buffered = buffered.slice(end + 1);
      const answer = message.id === undefined ? undefined : waiting.get(message.id);
      if (answer && message.id !== undefined) {
        waiting.delete(message.id);
        if (message.error) answer.reject(new Error(`DevTools: ${message.error.message}`));
        else answer.resolve(message.result ?? {});
      }
      for (const listener of listeners) listener(message);
    }
  });
  chromium.on('exit', (code, signal) => {
    for (const { reject } of waiting.values()) reject(new Error(`Chromium stopped (${signal ?? code}).`));
    waiting.clear();
  });
  // Chromium closing its end of the pipe first is not an error of the benchmark: the exit above says why.
  input.on('error', () => undefined);

  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });

  /** Chromium's trace over `work`, events gathered as they are reported, written once tracing completes. */
  const traced = async <T>(path: string, categories: readonly string[], work: () => Promise<T>): Promise<T> => {
    const events: unknown[] = [];
    let completed: () => void = () => undefined;
    const complete = new Promise<void>((resolve) => (completed = resolve));
    const listener = (message: DevToolsMessage) => {
      // A loop, not push(...value): a chunk of many thousand events spread as arguments can overflow the stack.
      if (message.method === 'Tracing.dataCollected')
        for (const event of traceEvents.parse(message.params).value) events.push(event);
      if (message.method === 'Tracing.tracingComplete') completed();
    };
    listeners.add(listener);
    await send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
    try {
      return await work();
    } finally {
      await send('Tracing.end');
      await complete;
      listeners.delete(listener);
      writeFileSync(path, JSON.stringify({ traceEvents: events }));
    }
  };
  return { send, traced };
}
