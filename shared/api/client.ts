// The typed client of the service (docs/architecture.md, "The service client"), built from the method declarations on an injectable fetch.
import { normaliseBaseUrl } from './base-url';
import { writeDates } from './datetimes';
import { encodeBody } from './encode';
import { InvalidRequestError, ServiceCallError } from './errors';
import { describeIssues, interpretAnswer, type AnswerContext } from './interpret';
import {
  DEFAULT_RESPONSE_LIMITS_BYTES,
  DEFAULT_TIMEOUTS_MS,
  serviceMethods,
  type MethodDeclaration,
  type MethodInput,
  type MethodItem,
  type MethodOutput,
  type ServiceMethodName,
  type StreamedMethodName,
  type TimeoutClass,
} from './methods';
import { redactApiKey } from './redact';
import { readStreamedArray, type StreamedSink, type StreamedSummary } from './streamed-answer';
import { exchange, exchangeStreamed, type ExchangeRequest, type ServiceLogEntry } from './transport';

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
export type ServiceClient = { [Name in ServiceMethodName]: ClientMethod<Name> } & {
  /**
   * The reads answered with one long array (pull_db, pull_reservations), read as the answer arrives: the
   * sink hears `started` once the answer is an array, then its valid elements in order; resolves when the
   * answer has ended, with how many elements were left out for not matching. Failures as the plain method's.
   */
  stream: {
    [Name in StreamedMethodName]: (
      input: MethodInput<Name>,
      sink: StreamedSink<MethodItem<Name>>,
    ) => Promise<StreamedSummary>;
  };
};

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

  /**
   * Runs one call: the request checked and encoded, then `read` with the exchange to make; `answered` notes
   * the status and gives the context to interpret the answer in. Logged once (redacted).
   */
  async function call<T>(
    name: ServiceMethodName,
    input: unknown,
    read: (exchangeRequest: ExchangeRequest, answered: (status: number) => AnswerContext) => Promise<T>,
  ): Promise<T> {
    const declaration: MethodDeclaration = serviceMethods[name];
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
      const exchangeRequest: ExchangeRequest = {
        method: declaration.name,
        url,
        headers: { 'content-type': contentType, accept: 'application/json' },
        body,
        timeoutMs: timeoutOf(name),
        maxBodyBytes: responseLimitOf(name),
        fetch: fetchImpl,
      };
      const result = await read(exchangeRequest, (answeredStatus) => {
        status = answeredStatus;
        return { method: declaration.name, effect: declaration.effect, secrets, now: now() };
      });
      log('ok');
      return result;
    } catch (error) {
      log(error instanceof ServiceCallError ? error.kind : 'error');
      throw error;
    }
  }

  /** A call whose answer is read whole and interpreted with the method's response schema. */
  const wholeCall = (name: ServiceMethodName, input: unknown) =>
    call(name, input, async (exchangeRequest, answered) => {
      const answer = await exchange(exchangeRequest);
      return interpretAnswer(answer, serviceMethods[name].response, answered(answer.status));
    });

  /** A call whose array answer is read as it arrives, each element with the method's item schema. */
  const streamedCall = (name: StreamedMethodName, input: unknown, sink: StreamedSink<unknown>) =>
    call(name, input, (exchangeRequest, answered) =>
      exchangeStreamed(exchangeRequest, (response, chunks) => {
        const { item, response: whole } = serviceMethods[name];
        return readStreamedArray({ response, chunks }, { item, whole }, answered(response.status), sink);
      }),
    );

  const names = Object.keys(serviceMethods) as ServiceMethodName[];
  const methods = names.map((name) => [name, (input?: unknown) => wholeCall(name, input)]);
  const streamed = names
    .filter((name): name is StreamedMethodName => 'item' in serviceMethods[name])
    .map((name) => [name, (input: unknown, sink: StreamedSink<unknown>) => streamedCall(name, input, sink)]);
  return { ...Object.fromEntries(methods), stream: Object.fromEntries(streamed) } as ServiceClient;
}
