// One HTTP exchange with the service: POST, our own timeout over the whole exchange (body included), and
// fetch failures turned into NoConnectionError / OutcomeUnknownError. Interpreting the body is the caller's.
import { OutcomeUnknownError } from './errors';
import { classifyFetchFailure } from './fetch-failure';

/** One line of the client's log. The URL is redacted; bodies are never logged (they carry guests' details). */
export interface ServiceLogEntry {
  method: string;
  url: string;
  status?: number;
  durationMs: number;
  /** 'ok', or the kind of error the call ended with. */
  outcome: string;
}

/** The raw answer of the service: status, headers and body text. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** What one exchange needs. */
export interface ExchangeRequest {
  /** API method name, for errors and logs. */
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}

/** POSTs and reads the whole answer within `timeoutMs`; throws NoConnectionError or OutcomeUnknownError when no answer came. */
export async function exchange(request: ExchangeRequest): Promise<RawAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  try {
    let response: Response;
    try {
      response = await request.fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: controller.signal });
    } catch (error) {
      throw classifyFetchFailure(error, request.method, timedOut, request.timeoutMs);
    }
    try {
      return { status: response.status, headers: response.headers, text: await response.text() };
    } catch {
      // The service answered (so it had the request) but the body was cut off: whatever it did stands, unseen.
      const why = timedOut ? `the answer did not finish within ${Math.round(request.timeoutMs / 1000)} s` : 'the answer was cut off';
      throw new OutcomeUnknownError(request.method, `${request.method}: ${why}; the service may have acted on the request`, timedOut ? 'timeout' : 'connection-lost');
    }
  } finally {
    clearTimeout(timer);
  }
}
