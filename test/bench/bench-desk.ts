import { fork } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';

/** What the parent sends first: where the desk keeps its data, the page to serve and the service to use. */
export const deskProcessSetup = z.object({
  dataDir: z.string(),
  pageDir: z.string(),
  service: z.object({
    baseUrl: z.string(),
    apiKey: z.string(),
    clientId: z.string(),
    username: z.string(),
    password: z.string(),
  }),
  /** Account settings to apply once connected (a bench that types local mobiles names the venue's country). */
  settings: z.object({ defaultPhoneCountry: z.string(), timeZone: z.string() }).optional(),
});

/** What the parent asks later: the desk's CPU time so far, or to stop. */
export const deskProcessRequest = z.union([z.object({ cpu: z.literal(true) }), z.object({ close: z.literal(true) })]);

/** What the desk answers: its address once ready, its CPU time (µs, process.cpuUsage), or why it could not start. */
export const deskProcessAnswer = z.union([
  z.object({ url: z.string() }),
  z.object({ cpuMicros: z.number() }),
  z.object({ failed: z.string() }),
]);

/** A benchmark's desk (core and host) running as a program of its own (desk-process.ts). */
export interface BenchDesk {
  /** The host's address, with its token: the page to open in Chromium. */
  url: string;
  /** The desk process's CPU time so far (user and system), in ms. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the desk of a benchmark in a process of its own, as browser mode runs it: its work is then
 * measured on its own thread, not sharing one with the benchmark's driver or with a sandbox started in
 * this process.
 */
export async function startBenchDesk(setup: z.infer<typeof deskProcessSetup>): Promise<BenchDesk> {
  const child = fork(join(import.meta.dirname, 'desk-process.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // BENCH_DESK_PROFILE=dir writes a CPU profile of the desk process there (read it with Chrome's DevTools).
    execArgv: [...process.execArgv, ...profileFlags(process.env.BENCH_DESK_PROFILE)],
  });
  const answers: Array<z.infer<typeof deskProcessAnswer>> = [];
  const waiting: Array<() => void> = [];
  let exited = false;
  child.on('message', (message) => {
    answers.push(deskProcessAnswer.parse(message));
    for (const wake of waiting.splice(0)) wake();
  });
  child.once('exit', () => {
    exited = true;
    for (const wake of waiting.splice(0)) wake();
  });
  /** The next answer that `pick` accepts (answers it does not are dropped). */
  const next = async <T>(pick: (answer: z.infer<typeof deskProcessAnswer>) => T | undefined): Promise<T> => {
    for (;;) {
      const answer = answers.shift();
      if (answer && 'failed' in answer) throw new Error(`The bench desk failed to start: ${answer.failed}`);
      const picked = answer && pick(answer);
      if (picked !== undefined) return picked;
      if (answer) continue;
      if (exited) throw new Error('The bench desk exited.');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  child.send(setup);
  const url = await next((answer) => ('url' in answer ? answer.url : undefined));
  return {
    url,
    cpuMs: async () => {
      child.send({ cpu: true });
      return (await next((answer) => ('cpuMicros' in answer ? answer.cpuMicros : undefined))) / 1000;
    },
    close: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ close: true });
      await gone;
    },
  };
}

/** Node's flags for a CPU profile of the desk process in `dir` (sampled every 0.5 ms), or none. */
function profileFlags(dir: string | undefined): string[] {
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=500'] : [];
}
