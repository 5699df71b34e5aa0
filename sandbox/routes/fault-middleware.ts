// Applies the fault rules to calls under /v1: before the method runs, or to its answer after the commit.
import type { MiddlewareHandler } from 'hono';
import type { FaultInjector, FaultKind } from '../faults';
import { jsonResponse, transportFaultResponse } from '../http/envelope';

/** The variables the middleware hands to the API route. */
export interface FaultVariables {
  queueFailure: boolean;
  storeFailure: boolean;
}

/** The API method a /v1 path addresses: "request_token", "signin", or the segment after the key. */
function methodOfPath(path: string): string {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 2 && parts[1] === 'request_token') return 'request_token';
  return parts[2] ?? '';
}

/** Faults that are service answers only make sense for some methods; elsewhere they do not fire. */
function faultApplies(kind: FaultKind, method: string): boolean {
  if (kind === 'queue_failure') return method === 'sms' || method === 'email';
  if (kind === 'store_failure')
    return ['push_contact', 'add_purchase', 'push_reservations', 'categories'].includes(method);
  return true;
}

/** Waits, or stops waiting when the caller gives up (the in-process fetch's abort signal). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Cuts a body short so it is no longer valid JSON. */
function corruptBody(text: string): string {
  return `${text.slice(0, Math.floor(text.length / 2))}<!-- truncated`;
}

/** The middleware for /v1/*. */
export function faultMiddleware(faults: FaultInjector): MiddlewareHandler<{ Variables: FaultVariables }> {
  return async (c, next) => {
    const method = methodOfPath(c.req.path);
    const decision = faults.decide(method, (kind) => faultApplies(kind, method));
    c.set('queueFailure', decision.fault?.kind === 'queue_failure');
    c.set('storeFailure', decision.fault?.kind === 'store_failure');
    if (decision.latencyMs > 0) await sleep(decision.latencyMs, c.req.raw.signal);
    switch (decision.fault?.kind) {
      case 'refuse':
        return transportFaultResponse('refuse');
      case 'drop_before_commit':
        // Read the body first: the request reached the service, which then lost the connection.
        await c.req.raw.arrayBuffer().catch(() => undefined); // the connection is dropped next whatever the read gave
        return transportFaultResponse('drop');
      case 'http_error': {
        const status = decision.fault.status ?? 503;
        return jsonResponse(
          { result: false, message: `Service unavailable (HTTP ${status}); try again later` },
          status,
        );
      }
      case 'rate_limit': {
        const seconds = decision.fault.retryAfterSeconds ?? 1;
        return jsonResponse({ result: false, message: 'Too many requests; retry after the time in Retry-After' }, 429, {
          'retry-after': String(seconds),
        });
      }
      case 'drop_after_commit':
        await next();
        c.res = transportFaultResponse('drop');
        return;
      case 'malformed_json': {
        await next();
        const text = await c.res.text();
        c.res = new Response(corruptBody(text), {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
        return;
      }
      default:
        await next();
    }
  };
}
