// The typed client of the service (docs/architecture.md, "The service client"), built from the method declarations on an injectable fetch.
import { normaliseBaseUrl } from './base-url';
import { writeDates } from './datetimes';
import { encodeBody } from './encode';
import { InvalidRequestError, ServiceCallError } from './errors';
import { describeIssues, interpretAnswer } from './interpret';
import {
  DEFAULT_RESPONSE_LIMITS_BYTES,
  DEFAULT_TIMEOUTS_MS,
  serviceMethods,
  type MethodInput,
  type MethodOutput,
  type ServiceMethodName,
  type TimeoutClass,
} from './methods';
import { redactApiKey } from './redact';
import { exchange, type ServiceLogEntry } from './transport';

export type { ServiceLogEntry } from './transport';

/** One client method: optional input where every parameter is optional (categories, sent_items, sms_inbox). */
type ClientMethod<Name extends ServiceMethodName> =
  Record<never, never> extends MethodInput<Name>
    ? (input?: MethodInput<Name>) => Promise<MethodOutput<Name>>
    : (input: MethodInput<Name>) => Promise<MethodOutput<Name>>;

/**
 * A client of one account: a camelCase method per API method. Envelope methods resolve to `data` (email and
 * sms to `{ message }`) and throw ServiceFailureError on `result:false`; bulk methods resolve to
 * `{ success, failures }` with per-item reasons, never throwing for an item. Errors are the classes of errors.ts.
 */
export type ServiceClient = { [Name in ServiceMethodName]: ClientMethod<Name> };

/** Timeouts in ms: per timeout class, or per method (a method's own value wins). */
export type ServiceTimeouts = Partial<Record<TimeoutClass | ServiceMethodName, number>>;

/** What a client is built from. */
export interface ServiceClientOptions {
  /** Scheme and host of the service, no version segment (e.g. https://api.example.com). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  timeoutsMs?: ServiceTimeouts;
  /** Largest answer read, in bytes: per timeout class, or per method (defaults: DEFAULT_RESPONSE_LIMITS_BYTES). */
  responseLimitsBytes?: Partial<Record<TimeoutClass | ServiceMethodName, number>>;
  /** Called once per call with a redacted line (no body, no key). */
  onLog?: (entry: ServiceLogEntry) => void;
  /** The account's IANA zone: Date values are sent as its wall-clock time, as the service reads them. Defaults to UTC. */
  timeZone?: string;
  now?: () => Date;
}

/** Builds the client of one account; every call carries the API key in the path and nowhere else. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { apiKey, onLog } = options;
  if (!apiKey) throw new TypeError('An API key is needed to call the service');
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeZone = options.timeZone ?? 'UTC';
  const now = options.now ?? (() => new Date());
  const secrets = [apiKey];

  const timeoutOf = (name: ServiceMethodName) => {
    const timeoutClass = serviceMethods[name].timeout;
    return options.timeoutsMs?.[name] ?? options.timeoutsMs?.[timeoutClass] ?? DEFAULT_TIMEOUTS_MS[timeoutClass];
  };

  const responseLimitOf = (name: ServiceMethodName) => {
    const timeoutClass = serviceMethods[name].timeout;
    return (
      options.responseLimitsBytes?.[name] ??
      options.responseLimitsBytes?.[timeoutClass] ??
      DEFAULT_RESPONSE_LIMITS_BYTES[timeoutClass]
    );
  };

  async function call(name: ServiceMethodName, input: unknown): Promise<unknown> {
    const declaration = serviceMethods[name];
    const url = `${baseUrl}/v1/${encodeURIComponent(apiKey)}/${declaration.name}`;
    const started = Date.now();
    let status: number | undefined;
    const log = (outcome: string) => {
      try {
        onLog?.({
          method: declaration.name,
          url: redactApiKey(url, apiKey),
          status,
          durationMs: Date.now() - started,
          outcome,
        });
      } catch {
        // A failing logger must not turn a completed write into an error: the caller would send it again.
      }
    };
    try {
      const request = declaration.request.safeParse(input ?? {});
      if (!request.success) {
        throw new InvalidRequestError(
          declaration.name,
          `${declaration.name}: the request does not match the method (${describeIssues(request.error)}); nothing was sent`,
        );
      }
      const { body, contentType } = encodeBody(declaration.encoding, writeDates(request.data, timeZone));
      const answer = await exchange({
        method: declaration.name,
        url,
        headers: { 'content-type': contentType, accept: 'application/json' },
        body,
        timeoutMs: timeoutOf(name),
        maxBodyBytes: responseLimitOf(name),
        fetch: fetchImpl,
      });
      status = answer.status;
      const result = interpretAnswer(answer, declaration.response, {
        method: declaration.name,
        effect: declaration.effect,
        secrets,
        now: now(),
      });
      log('ok');
      return result;
    } catch (error) {
      log(error instanceof ServiceCallError ? error.kind : 'error');
      throw error;
    }
  }

  const methods = Object.keys(serviceMethods).map((name) => [
    name,
    (input?: unknown) => call(name as ServiceMethodName, input),
  ]);
  return Object.fromEntries(methods) as ServiceClient;
}
