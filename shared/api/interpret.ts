// From the service's raw answer to a typed result or a typed error (reference §4.1, §7).
import type { z } from 'zod';
import {
  HttpStatusError,
  InvalidResponseError,
  OutcomeUnknownError,
  ServiceFailureError,
  type ServiceCallError,
} from './errors';
import { redactSecrets } from './redact';
import { parseRetryAfter } from './retry-after';
import type { RawAnswer } from './transport';

/** How to read one answer. */
export interface AnswerContext {
  method: string;
  effect: 'read' | 'write';
  /** Secrets to keep out of every message (the API key). */
  secrets: readonly (string | undefined)[];
  now: Date;
}

/** A `result:false` body: the service's words (`message`, or `error` as categories writes it) and its code. */
export interface FailureBody {
  message: string;
  code: number | undefined;
}

/**
 * Statuses that are about the call, whatever the body says: 401 (the key is refused: reconnect), and
 * 408/429/5xx (not now: retry later, honouring Retry-After).
 */
function isCallStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The failure envelope in a body, if the body is one (`result:false`). */
export function failureOf(body: unknown): FailureBody | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { result, message, error, code } = body as Record<string, unknown>;
  if (result !== false) return undefined;
  const words = typeof message === 'string' && message !== '' ? message : typeof error === 'string' ? error : '';
  const numericCode =
    typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : undefined;
  return { message: words, code: numericCode };
}

/** The error for an answer we cannot understand: the write may have happened, a read simply failed. */
function unreadable(context: AnswerContext, detail: string): ServiceCallError {
  if (context.effect === 'write') {
    return new OutcomeUnknownError(
      context.method,
      `${context.method}: the answer could not be read (${detail}); the service may have acted on the request`,
      'invalid-response',
    );
  }
  return new InvalidResponseError(context.method, `${context.method}: the answer could not be read (${detail})`);
}

/** A short description of a schema mismatch, without values (they may be guests' details). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.code}`)
    .join('; ');
}

/**
 * Reads an answer with the method's response schema. Non-2xx: 401/408/429/5xx are HttpStatusError (with
 * Retry-After); other statuses carrying a `result:false` body (403 "account disabled", 400) are
 * ServiceFailureError, the rest HttpStatusError. 2xx: `result:false` is ServiceFailureError; a body that
 * is not JSON or does not match the schema is OutcomeUnknownError for writes, InvalidResponseError for reads.
 */
export function interpretAnswer<Schema extends z.ZodType>(
  answer: RawAnswer,
  schema: Schema,
  context: AnswerContext,
): z.output<Schema> {
  const redact = (text: string) => redactSecrets(text, context.secrets);
  const body = parseJson(answer.text);
  const failure = failureOf(body);
  const ok = answer.status >= 200 && answer.status < 300;

  if (!ok && (isCallStatus(answer.status) || !failure)) {
    const serviceMessage = failure?.message ? redact(failure.message) : undefined;
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'), context.now);
    const said = serviceMessage ? `: ${serviceMessage}` : '';
    throw new HttpStatusError(
      context.method,
      `${context.method}: the service answered HTTP ${answer.status}${said}`,
      answer.status,
      retryAfterMs,
      serviceMessage,
    );
  }
  if (failure) throw new ServiceFailureError(context.method, redact(failure.message), failure.code, answer.status);
  if (body === undefined) throw unreadable(context, answer.text.trim() === '' ? 'empty body' : 'not JSON');

  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unreadable(context, describeIssues(parsed.error));
  return parsed.data;
}
