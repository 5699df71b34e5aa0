// The API dispatcher: POST /v1/<API_KEY>/<method>, with key check, body limits, content types and the envelope on every failure.
import type { SandboxContext } from '../context';
import { findAccountByKey, type Account } from '../store/accounts';
import { mediaTypeOf, parseFormBody, parseJsonBody, readBodyText } from '../http/body';
import { BadRequestError, jsonResponse } from '../http/envelope';
import type { Params } from '../http/params';

/** Service-side failures a fault rule asks a method to report instead of doing its work. */
export interface CallFaults {
  /** email and sms answer "Unable To Queue Message". */
  queueFailure: boolean;
  /** Bulk methods fail each item with their store message ("New contact add failed", "Purchase add failed"). */
  storeFailure: boolean;
}

/** One authenticated API call. */
export interface MethodCall {
  ctx: SandboxContext;
  account: Account;
  /** Form parameters, or the JSON body when it is an object. */
  params: Params;
  /** The parsed JSON body (an array for bulk methods); undefined for form methods. */
  body: unknown;
  /** Scheme and host the call came in on, for links the sandbox writes (unsubscribe, tracking). */
  origin: string;
  faults: CallFaults;
}

/** One API method of section 4. */
export interface MethodDefinition {
  name: string;
  encoding: 'form' | 'json';
  /** What a JSON body must be; an empty body counts as {} for objects so "No client ID provided" can answer. */
  jsonShape?: 'object' | 'array';
  /** categories reports failures as `error` rather than `message` (section 4.15). */
  failureField?: 'message' | 'error';
  /** Whether the method accepts any body and ignores it (categories takes no parameters). */
  ignoresBody?: boolean;
  handle(call: MethodCall): Response | Promise<Response>;
}

/** A failure answer in the method's own failure shape. */
function methodFailure(
  definition: Pick<MethodDefinition, 'failureField'> | undefined,
  message: string,
  status: number,
  code?: number,
): Response {
  const field = definition?.failureField ?? 'message';
  const body: Record<string, unknown> = { result: false, [field]: message };
  if (code !== undefined) body.code = code;
  return jsonResponse(body, status);
}

/** Reads and checks the body for the method's encoding. */
async function readParams(
  request: Request,
  definition: MethodDefinition,
  limit: number,
): Promise<{ params: Params; body: unknown }> {
  const text = await readBodyText(request, limit);
  if (definition.ignoresBody) return { params: {}, body: undefined };
  const mediaType = mediaTypeOf(request.headers.get('content-type'));
  if (definition.encoding === 'form') {
    if (text.trim() === '') return { params: {}, body: undefined };
    if (mediaType === 'application/x-www-form-urlencoded' || mediaType === '')
      return { params: parseFormBody(text), body: undefined };
    if (mediaType === 'multipart/form-data') {
      const form = await new Response(text, { headers: { 'content-type': request.headers.get('content-type')! } })
        .formData()
        .catch(() => {
          throw new BadRequestError('The multipart form body could not be read');
        });
      const pairs = [...form].map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : '']);
      return { params: parseFormBody(new URLSearchParams(pairs).toString()), body: undefined };
    }
    throw new BadRequestError(
      `${definition.name} takes a form body (Content-Type: application/x-www-form-urlencoded), not ${mediaType}`,
      415,
    );
  }
  if (mediaType !== 'application/json' && !(mediaType === '' && text.trim() === '')) {
    throw new BadRequestError(
      `${definition.name} takes a JSON body (Content-Type: application/json), not ${mediaType || 'no content type'}`,
      415,
    );
  }
  if (definition.jsonShape === 'object' && text.trim() === '') return { params: {}, body: {} };
  const body = parseJsonBody(text);
  if (definition.jsonShape === 'array' && !Array.isArray(body)) {
    throw new BadRequestError(`${definition.name} takes a JSON array of items, e.g. [{"client_id": "…", …}]`);
  }
  if (definition.jsonShape === 'object' && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw new BadRequestError(`${definition.name} takes a JSON object, e.g. {"client_id": "…"}`);
  }
  return { params: definition.jsonShape === 'object' ? (body as Params) : {}, body };
}

/** Answers one API call: method lookup, key, account state, body, then the method itself. */
export async function dispatchApiCall(
  ctx: SandboxContext,
  methods: ReadonlyMap<string, MethodDefinition>,
  request: Request,
  apiKey: string,
  methodName: string,
  faults: CallFaults,
): Promise<Response> {
  const definition = methods.get(methodName);
  if (!definition) return methodFailure(undefined, `Unknown method "${methodName}"`, 404);
  if (request.method !== 'POST') {
    return new Response(JSON.stringify({ result: false, message: `${methodName} must be called with POST` }), {
      status: 405,
      headers: { allow: 'POST', 'content-type': 'application/json; charset=utf-8' },
    });
  }
  const account = findAccountByKey(ctx.db, apiKey);
  if (!account) return methodFailure(definition, 'Invalid API key', 401);
  if (account.disabled) return methodFailure(definition, 'account disabled', 403);
  try {
    const { params, body } = await readParams(request, definition, ctx.bodyLimitBytes);
    return await definition.handle({ ctx, account, params, body, origin: new URL(request.url).origin, faults });
  } catch (error) {
    if (error instanceof BadRequestError)
      return methodFailure(definition, error.message, error.status, error.status === 400 ? 400 : undefined);
    throw error;
  }
}
