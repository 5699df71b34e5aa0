import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createDeskCore } from '../../electron/core/desk-core';
import { startDeskHost } from '../../electron/host/server';
import { startSandboxServer } from '../../sandbox/index';
import { launchChromium } from '../e2e/support/browser';
import { startSandboxProcess } from '../reliability/support/sandbox-process';
import { bundleBenchPage } from './search-browser';

/** The service a bench desk is connected to: the sandbox, in this process or in its own. */
export interface BenchService {
  baseUrl: string;
  demo: { apiKey: string; clientId: string };
  /** Adds a fault (latency on a method) through the operator API. */
  addFault(fault: { method: string; kind: 'latency'; latencyMs: number }): Promise<void>;
}

/** A desk in browser mode on a sandbox holding `guests` guests, with the benchmark page open in Chromium. */
export interface GuestBenchDesk {
  page: Page;
  /** The sandbox the desk is connected to. */
  service: BenchService;
  close(): Promise<void>;
}

/** Another page to serve instead of the guest benchmarks' own, and files to put beside it. */
export interface BenchPageOptions {
  pageEntry?: string;
  /** Writes extra files (a worker bundle, data) into the page's folder before it is served. */
  prepare?: (pageDir: string, service: BenchService) => Promise<void>;
  /**
   * Runs the sandbox as a program of its own, as a real service is (its own CPU): what is measured
   * against its speed is then the desk's work, not the two sharing one thread.
   */
  serviceInOwnProcess?: boolean;
}

/** The demo sandbox seeded with `guests` guests: in this process, or as a program of its own. */
async function startBenchService(guests: number, ownProcess: boolean) {
  if (ownProcess) {
    const sandbox = await startSandboxProcess(['--demo', '--guests', String(guests)]);
    const service: BenchService = {
      baseUrl: sandbox.baseUrl,
      demo: { apiKey: sandbox.apiKey, clientId: sandbox.clientId },
      addFault: async (fault) => void (await sandbox.operator('/faults', 'POST', fault)),
    };
    return { service, demo: { ...sandbox, close: async () => {} }, close: () => sandbox.close() };
  }
  const sandbox = await startSandboxServer({ port: 0, demo: true, demoGuests: guests });
  const service: BenchService = {
    baseUrl: sandbox.baseUrl,
    demo: sandbox.demo,
    addFault: async (fault) => void sandbox.sandbox.operator.addFault(fault),
  };
  return {
    service,
    demo: { ...sandbox.demo, baseUrl: sandbox.baseUrl, close: async () => {} },
    close: () => sandbox.close(),
  };
}

/**
 * Starts the sandbox with the demo venue seeded with `guests` guests, the real desk core connected
 * to it through "start the demo", the browser-mode host serving the benchmark page, and Chromium.
 */
export async function startGuestBenchDesk(guests: number, options: BenchPageOptions = {}): Promise<GuestBenchDesk> {
  const dir = mkdtempSync(join(tmpdir(), 'guest-bench-'));
  const sandbox = await startBenchService(guests, options.serviceInOwnProcess ?? false);
  const core = await createDeskCore({
    mode: 'browser',
    version: 'bench',
    dataDir: join(dir, 'data'),
    keychain: { available: false, reason: 'Benchmarks use the demo only.' },
    startDemoService: async () => sandbox.demo,
  });
  await core.handlers.startDemo({});
  // The demo venue is Australian (sandbox/README.md): mobiles typed with a leading 0 are +61.
  await core.handlers.updateAccountSettings({ defaultPhoneCountry: 'AU', timeZone: 'UTC' });
  await bundleBenchPage(
    options.pageEntry ?? join(import.meta.dirname, '../renderer/guests/bench-page.ts'),
    join(dir, 'page'),
  );
  await options.prepare?.(join(dir, 'page'), sandbox.service);
  const host = await startDeskHost({ core, rendererRoot: join(dir, 'page'), port: 0 });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    page.setDefaultTimeout(600_000);
    await page.goto(host.url);
    await page.waitForFunction(() => (globalThis as unknown as { benchReady?: boolean }).benchReady === true);
    return {
      page,
      service: sandbox.service,
      close: async () => {
        await browser?.close();
        await host.close();
        await core.close();
        await sandbox.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    await host.close();
    await core.close();
    await sandbox.close();
    throw error;
  }
}
