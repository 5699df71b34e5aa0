// One HTTP exchange with the service: POST, our own timeout over the whole exchange (body included), and
// fetch failures turned into NoConnectionError / OutcomeUnknownError. Redirects are refused (the API key is
// in the path and must not follow one) and bodies are read up to a limit. Interpreting the body is the caller's.
import { OutcomeUnknownError, RedirectRefusedError, ResponseTooLargeError, ServiceCallError } from './errors';
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
  /** Largest body read; a larger answer is ResponseTooLargeError. */
  maxBodyBytes: number;
  fetch: typeof globalThis.fetch;
}

/**
 * POSTs and reads the whole answer within `timeoutMs`; throws NoConnectionError or OutcomeUnknownError when no
 * answer came, RedirectRefusedError for a 3xx, ResponseTooLargeError when the body passes `maxBodyBytes`.
 */
export function exchange(request: ExchangeRequest): Promise<RawAnswer> {
  return exchangeStreamed(request, async (response) => ({
    status: response.status,
    headers: response.headers,
    text: new TextDecoder().decode(await readWhole(response, request.maxBodyBytes, request.method)),
  }));
}

/** The answer's body as it arrives: each piece within the exchange's byte limit, in order. */
export type BodyChunks = AsyncIterable<Uint8Array>;

/**
 * One exchange whose answer is read by `consume` as it arrives (`chunks`), under the same rules as
 * `exchange`: one timeout over the whole exchange, redirects refused, the body limit, a body cut off an
 * OutcomeUnknownError. What `consume` throws as a ServiceCallError (its reading of the answer) passes through.
 */
export async function exchangeStreamed<T>(
  request: ExchangeRequest,
  consume: (response: Response, chunks: BodyChunks) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  try {
    let response: Response;
    try {
      response = await request.fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        redirect: 'manual',
      });
    } catch (error) {
      throw classifyFetchFailure(error, request.method, timedOut, request.timeoutMs);
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined); // the redirect is refused below either way
      throw new RedirectRefusedError(
        request.method,
        response.status,
        originOf(response.headers.get('location'), request.url),
      );
    }
    try {
      return await consume(response, bodyChunks(response, request.maxBodyBytes, request.method));
    } catch (error) {
      if (error instanceof ServiceCallError) throw error;
      // The service answered (so it had the request) but the body was cut off: whatever it did stands, unseen.
      const why = timedOut
        ? `the answer did not finish within ${Math.round(request.timeoutMs / 1000)} s`
        : 'the answer was cut off';
      throw new OutcomeUnknownError(
        request.method,
        `${request.method}: ${why}; the service may have acted on the request`,
        timedOut ? 'timeout' : 'connection-lost',
      );
    } finally {
      // A reader that stopped early (it refused the answer) leaves nothing of the body in flight.
      await response.body?.cancel().catch(() => undefined); // nothing is left to read either way
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body in pieces as they arrive, refused (and the rest cancelled) as soon as it passes `limit` bytes,
 * or at once when its declared length does.
 */
async function* bodyChunks(response: Response, limit: number, method: string): BodyChunks {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new ResponseTooLargeError(method, limit);
  if (!response.body) return;
  const reader = response.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > limit) throw new ResponseTooLargeError(method, limit);
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The whole body in one piece, within the limit. */
async function readWhole(response: Response, limit: number, method: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bodyChunks(response, limit, method)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const whole = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/** The origin a redirect pointed to (never its path, which could carry the key), when it can be read. */
function originOf(location: string | null, base: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base).origin;
  } catch {
    return undefined;
  }
}
