// `npm run sandbox -- [--port N] [--db FILE] [--demo] …`: starts the sandbox on 127.0.0.1 and prints one JSON line when ready.
import { parseArgs } from 'node:util';
import { startSandboxServer, type SandboxOptions } from './index';

/** Default port: fixed, so scripts and the desk's settings can name it (use --port 0 for any free port). */
export const DEFAULT_PORT = 4010;

const USAGE = `Usage: npm run sandbox -- [--port N] [--db FILE] [--demo] [--guests N] [--api-key KEY] [--operator-token TOKEN] [--webhook-delays MS,MS,…]`;

/** Reads the command line into sandbox options; throws with the usage on a bad value. */
export function parseCliOptions(argv: string[]): SandboxOptions & { port: number } {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      db: { type: 'string' },
      demo: { type: 'boolean' },
      guests: { type: 'string' },
      'api-key': { type: 'string' },
      'operator-token': { type: 'string' },
      'webhook-delays': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const whole = (text: string | undefined, name: string, fallback: number) => {
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number\n${USAGE}`);
    return Number(text);
  };
  const options: SandboxOptions & { port: number } = {
    port: whole(values.port, 'port', DEFAULT_PORT),
    demo: values.demo ?? false,
  };
  if (values.db) options.dbFile = values.db;
  if (values.guests !== undefined) options.demoGuests = whole(values.guests, 'guests', 3000);
  if (values['api-key']) options.apiKey = values['api-key'];
  if (values['operator-token']) options.operatorToken = values['operator-token'];
  if (values['webhook-delays'])
    options.webhookDelaysMs = values['webhook-delays']
      .split(',')
      .map((part) => whole(part.trim(), 'webhook-delays', 0));
  return options;
}

/** Starts the server, prints the ready line, and closes cleanly on SIGINT / SIGTERM (or when its parent's IPC channel closes). */
async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliOptions>;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const server = await startSandboxServer(options);
  process.stdout.write(
    `${JSON.stringify({ baseUrl: server.baseUrl, ...server.demo, operatorToken: server.operatorToken })}\n`,
  );
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Started by a program over an IPC channel (tests, benchmarks): it stops when that program goes, however it ends.
  process.once('disconnect', stop);
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  process.stderr.write(
    code === 'EADDRINUSE'
      ? 'The sandbox port is in use; pass --port N (or --port 0 for any free port).\n'
      : `sandbox: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
