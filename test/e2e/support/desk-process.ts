import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A desk started the way `npm start` starts it, in browser mode, with its own data directory. */
export interface DeskProcess {
  url: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/** Runs `scripts/start.mjs` (already built) on a free port and waits for the address it prints. */
export async function startDeskProcess(
  options: { args?: string[]; env?: Record<string, string>; forceBrowser?: boolean } = {},
): Promise<DeskProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
  const mode = options.forceBrowser === false ? [] : ['--browser'];
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/start.mjs', '--no-build', ...mode, '--port', '0', '--data-dir', dataDir, ...(options.args ?? [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The desk did not print its address in time:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`The desk exited (${code}) before printing its address:\n${output}`)),
    );
  });
  return {
    url,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
