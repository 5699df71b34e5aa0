import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { OPERATOR_TOKEN_HEADER } from '../../../sandbox/index';

/** The sandbox running as a program of its own on 127.0.0.1, as a real service would be: its own process, its own CPU. */
export interface SandboxProcess {
  baseUrl: string;
  apiKey: string;
  clientId: string;
  username: string;
  password: string;
  /** Calls the operator API (`/_operator/...`) with the token. */
  operator(path: string, method?: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** Starts `sandbox/cli.ts --port 0` (with `args`, e.g. `--demo --guests N`) and waits for its ready line. */
export async function startSandboxProcess(args: readonly string[] = []): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', ...args], {
    // The IPC channel is only there to close: the sandbox stops when this process goes, even if it crashes.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = child.stdout;
  if (!output) throw new Error('The sandbox was started without a pipe for its ready line.');
  const ready = await new Promise<{
    baseUrl: string;
    apiKey: string;
    clientId: string;
    username: string;
    password: string;
    operatorToken: string;
  }>((resolve, reject) => {
    const lines = createInterface({ input: output });
    lines.once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`The sandbox exited before it was ready (code ${code})`)));
  });
  return {
    baseUrl: ready.baseUrl,
    apiKey: ready.apiKey,
    clientId: ready.clientId,
    username: ready.username,
    password: ready.password,
    async operator(path, method = 'GET', body) {
      const response = await fetch(`${ready.baseUrl}/_operator${path}`, {
        method,
        headers: { [OPERATOR_TOKEN_HEADER]: ready.operatorToken, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`Operator ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
