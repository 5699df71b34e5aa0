import { createServiceClient, type ServiceClientOptions } from '../../../../shared/api/client';

/** A request as the fake fetch saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** What the fake answers: a JSON value (status 200), a full Response, or a thrown error. */
export type FakeAnswer = unknown | Response | { throws: unknown };

/** A JSON response with the given status and headers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A fetch that records each request and answers from `answer` (called per request). */
export function fakeFetch(answer: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request: SeenRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    };
    seen.push(request);
    const result = await answer(request);
    if (result instanceof Response) return result;
    if (result && typeof result === 'object' && 'throws' in result) throw (result as { throws: unknown }).throws;
    return jsonResponse(result);
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

export const TEST_KEY = 'k3y/With+Odd=Chars';
export const TEST_BASE = 'https://service.test';

/** A client on a fake fetch that always gives the same answer. */
export function clientAnswering(
  answer: FakeAnswer | ((request: SeenRequest) => FakeAnswer),
  options: Partial<ServiceClientOptions> = {},
) {
  const fake = fakeFetch(
    typeof answer === 'function' ? (answer as (request: SeenRequest) => FakeAnswer) : () => answer,
  );
  const client = createServiceClient({ baseUrl: TEST_BASE, apiKey: TEST_KEY, fetch: fake.fetch, ...options });
  return { client, seen: fake.seen };
}

/** A fetch failure shaped as undici throws it: TypeError('fetch failed') with the socket error as cause. */
export function undiciFailure(code: string): TypeError {
  const cause = Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code });
  return new TypeError('fetch failed', { cause });
}

/** Runs a call expected to fail and returns the error. */
export async function failureOf(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail, it succeeded');
}
