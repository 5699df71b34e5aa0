import { spawn } from 'node:child_process';

const CHILD_SCRIPT = 'test/reliability/support/desk-child.ts';

/** What one run of the desk child did. */
export interface DeskRun {
  events: Array<Record<string, unknown>>;
  /** Whether this run was killed (before it said it was done). */
  killed: boolean;
  exitCode: number | null;
  stderr: string;
}

/**
 * Runs the desk child on a config file. With `killAfterMs`, sends SIGKILL that long after the child
 * says it started (the outbox is delivering by then), unless it finished first.
 */
export function runDeskChild(
  configFile: string,
  options: { killAfterMs?: number; timeoutMs: number },
): Promise<DeskRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const events: Array<Record<string, unknown>> = [];
    let buffered = '';
    let stderr = '';
    let killed = false;
    let done = false;
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The desk child did not finish within ${options.timeoutMs} ms; stderr: ${stderr}`));
    }, options.timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines.filter(Boolean)) {
        const event = JSON.parse(line) as Record<string, unknown>;
        events.push(event);
        if (event.event === 'done') done = true;
        if (event.event === 'started' && options.killAfterMs !== undefined) {
          setTimeout(() => {
            if (done || child.exitCode !== null) return;
            killed = true;
            child.kill('SIGKILL');
          }, options.killAfterMs);
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (exitCode) => {
      clearTimeout(guard);
      resolve({ events, killed, exitCode, stderr });
    });
  });
}
