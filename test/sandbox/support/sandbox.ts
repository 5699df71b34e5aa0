// Test helpers: an in-process sandbox with a movable clock and short ways to call its methods.
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/index';

/** A clock tests move by hand. */
export interface TestClock {
  now: () => Date;
  set(iso: string): void;
  advance(ms: number): void;
}

/** A clock starting at `iso`. */
function testClock(iso = '2025-06-15T10:00:00Z'): TestClock {
  let current = Date.parse(iso);
  return {
    now: () => new Date(current),
    set: (next) => void (current = Date.parse(next)),
    advance: (ms) => void (current += ms),
  };
}

/** An answer: status, parsed body (or the raw text when it is not JSON), headers. */
export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked field by field in tests
  text: string;
  headers: Headers;
}

/** A sandbox with helpers bound to the demo account. */
export interface TestSandbox {
  sandbox: Sandbox;
  clock: TestClock;
  clientId: string;
  apiKey: string;
  /** POSTs a JSON body to a method. */
  json(method: string, body: unknown, apiKey?: string): Promise<Answer>;
  /** POSTs a form body (arrays as name[]) to a method. */
  form(
    method: string,
    params: Record<string, string | number | string[] | undefined>,
    apiKey?: string,
  ): Promise<Answer>;
  /** Sends any request to a path of the sandbox. */
  raw(path: string, init?: RequestInit): Promise<Answer>;
  close(): void;
}

/** Reads a Response into an Answer. */
async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: tests look at the text.
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** Encodes form params the way the client does: arrays as repeated name[]. */
export function encodeForm(params: Record<string, string | number | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${name}[]`, item);
    else search.append(name, String(value));
  }
  return search.toString();
}

/** A fresh in-memory sandbox (no demo seed unless asked) on a test clock. */
export function makeSandbox(options: SandboxOptions = {}, clock = testClock()): TestSandbox {
  const sandbox = createSandbox({ now: clock.now, webhookDelaysMs: [0, 5, 5, 5, 5, 5], ...options });
  const base = 'http://sandbox.test';
  const raw = async (path: string, init?: RequestInit) => readAnswer(await sandbox.fetch(`${base}${path}`, init));
  return {
    sandbox,
    clock,
    clientId: sandbox.demo.clientId,
    apiKey: sandbox.demo.apiKey,
    json: (method, body, apiKey = sandbox.demo.apiKey) =>
      raw(`/v1/${apiKey}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    form: (method, params, apiKey = sandbox.demo.apiKey) =>
      raw(`/v1/${apiKey}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encodeForm(params),
      }),
    raw,
    close: () => sandbox.close(),
  };
}
