import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxServer } from '../../sandbox/index';
import { startSandboxProcess } from '../reliability/support/sandbox-process';
import { openBarePage, type BarePage } from './bare-page';
import { startBenchDesk } from './bench-desk';
import { bundleBenchPage } from './search-browser';

/** The service a bench desk is connected to: the sandbox, in this process or in its own. */
export interface BenchService {
  baseUrl: string;
  demo: { apiKey: string; clientId: string };
  /** Adds a fault (latency on a method) through the operator API. */
  addFault(fault: { method: string; kind: 'latency'; latencyMs: number }): Promise<void>;
}

/**
 * A desk in browser mode on a sandbox holding `guests` guests, with the benchmark page open in Chromium
 * (driven through a bare DevTools pipe, as bare-page.ts explains: these benchmarks move data over the bridge).
 */
export interface GuestBenchDesk {
  page: BarePage;
  /** The sandbox the desk is connected to. */
  service: BenchService;
  /** The desk process's CPU time so far (ms): its core and host, nothing else. */
  deskCpuMs(): Promise<number>;
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
    const { baseUrl, apiKey, clientId, username, password } = sandbox;
    return { service, demo: { baseUrl, apiKey, clientId, username, password }, close: () => sandbox.close() };
  }
  const sandbox = await startSandboxServer({ port: 0, demo: true, demoGuests: guests });
  const service: BenchService = {
    baseUrl: sandbox.baseUrl,
    demo: sandbox.demo,
    addFault: async (fault) => void sandbox.sandbox.operator.addFault(fault),
  };
  return {
    service,
    demo: { ...sandbox.demo, baseUrl: sandbox.baseUrl },
    close: () => sandbox.close(),
  };
}

/**
 * Starts the sandbox with the demo venue seeded with `guests` guests, the real desk core (in a process of
 * its own, as browser mode runs it) connected to it through "start the demo", the browser-mode host
 * serving the benchmark page, and Chromium.
 */
export async function startGuestBenchDesk(guests: number, options: BenchPageOptions = {}): Promise<GuestBenchDesk> {
  const dir = mkdtempSync(join(tmpdir(), 'guest-bench-'));
  const sandbox = await startBenchService(guests, options.serviceInOwnProcess ?? false);
  const pageDir = join(dir, 'page');
  let desk: Awaited<ReturnType<typeof startBenchDesk>> | undefined;
  let page: BarePage | undefined;
  const close = async () => {
    await page?.close();
    await desk?.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await bundleBenchPage(options.pageEntry ?? join(import.meta.dirname, '../renderer/guests/bench-page.ts'), pageDir);
    await options.prepare?.(pageDir, sandbox.service);
    desk = await startBenchDesk({
      dataDir: join(dir, 'data'),
      pageDir,
      service: sandbox.demo,
      // The demo venue is Australian (sandbox/README.md): mobiles typed with a leading 0 are +61.
      settings: { defaultPhoneCountry: 'AU', timeZone: 'UTC' },
    });
    page = await openBarePage(desk.url);
    return { page, service: sandbox.service, deskCpuMs: desk.cpuMs, close };
  } catch (error) {
    await close();
    throw error;
  }
}
