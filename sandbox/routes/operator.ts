// The operator API over HTTP (/_operator/…), guarded by the operator token; each route calls the in-process operator.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { jsonResponse } from '../http/envelope';
import { operatorTokenMatches } from '../http/operator-token';
import type { SandboxOperator } from '../operator';
import {
  accountPatchSchema,
  contactChangeSchema,
  deliveryEventSchema,
  newAccountSchema,
  OperatorError,
  parseInput,
  partnerSchema,
  planSchema,
  reservationChangeSchema,
  smsReplySchema,
} from '../operator/inputs';
import type { SentMessageFilter } from '../operator/messages';

/** Header that carries the operator token (Authorization: Bearer <token> works too). */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

/** The JSON body of an operator request, or an OperatorError naming the problem. */
async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OperatorError('The operator API takes JSON bodies; this one is not valid JSON');
  }
}

/** The JSON body of an operator request checked with `schema` (the operator checks it again: it is called in-process too). */
async function bodyOf<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  return parseInput(schema, await jsonBody(c));
}

const offlineSchema = z.strictObject({
  offline: z.boolean().default(true),
  forMs: z.number().int().positive().max(3_600_000).optional(),
});
const generateSchema = z.strictObject({ count: z.number().int().min(1).max(1_000_000) });
const seedSchema = z.strictObject({ seed: z.number().int() });
const apiKeySchema = z.strictObject({
  key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/)
    .optional(),
});

/** The operator routes, mounted at /_operator. */
export function operatorRoutes(operator: SandboxOperator, token: string): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const given = c.req.header(OPERATOR_TOKEN_HEADER) ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
    if (!operatorTokenMatches(token, given))
      return jsonResponse(
        { result: false, message: `Operator token required in the ${OPERATOR_TOKEN_HEADER} header` },
        401,
      );
    await next();
  });
  app.onError((error) => {
    if (error instanceof OperatorError) return jsonResponse({ result: false, message: error.message }, error.status);
    return jsonResponse(
      { result: false, message: `Operator request failed: ${error instanceof Error ? error.message : String(error)}` },
      500,
    );
  });

  app.get('/accounts', () => jsonResponse({ accounts: operator.listAccounts() }));
  app.post('/accounts', async (c) => {
    const { account, apiKey } = operator.createAccount(await bodyOf(c, newAccountSchema));
    return jsonResponse({ account, apiKey, clientId: account.clientId }, 201);
  });
  app.get('/accounts/:clientId', (c) => jsonResponse({ account: operator.getAccount(c.req.param('clientId')) }));
  app.patch('/accounts/:clientId', async (c) =>
    jsonResponse({ account: operator.updateAccount(c.req.param('clientId'), await bodyOf(c, accountPatchSchema)) }),
  );
  app.post('/accounts/:clientId/api-keys', async (c) => {
    const { key } = parseInput(apiKeySchema, await jsonBody(c));
    return jsonResponse({ apiKey: operator.issueApiKey(c.req.param('clientId'), key) }, 201);
  });
  app.post('/accounts/:clientId/generate-guests', async (c) => {
    const { count } = parseInput(generateSchema, await jsonBody(c));
    return jsonResponse({ added: operator.generateGuests(c.req.param('clientId'), count) });
  });
  app.delete('/accounts/:clientId/contacts/:contactId', (c) => {
    operator.deleteContact(c.req.param('clientId'), c.req.param('contactId'));
    return jsonResponse({ result: true });
  });
  // Issue 20: change a booking or a guest as another desk would (tests make conflicts on demand).
  app.patch('/accounts/:clientId/reservations/:id', async (c) =>
    jsonResponse({
      reservation: operator.changeReservation(
        c.req.param('clientId'),
        c.req.param('id'),
        await bodyOf(c, reservationChangeSchema),
      ),
    }),
  );
  app.post('/accounts/:clientId/reservations/age', async (c) => {
    const { byMs } = parseInput(z.strictObject({ byMs: z.number().int().min(0) }), await jsonBody(c));
    return jsonResponse({ aged: operator.ageReservations(c.req.param('clientId'), byMs) });
  });
  app.patch('/accounts/:clientId/contacts/:contactId', async (c) =>
    jsonResponse({
      contact: operator.changeContact(
        c.req.param('clientId'),
        c.req.param('contactId'),
        await bodyOf(c, contactChangeSchema),
      ),
    }),
  );
  app.get('/accounts/:clientId/purchases', (c) =>
    jsonResponse({ purchases: operator.purchases(c.req.param('clientId')) }),
  );

  app.post('/partners', async (c) =>
    jsonResponse({ partner: operator.savePartner(await bodyOf(c, partnerSchema)) }, 201),
  );
  app.patch('/partners/:partnerId', async (c) => {
    const { webhookUrl } = parseInput(z.strictObject({ webhookUrl: z.url().nullable() }), await jsonBody(c));
    return jsonResponse({ partner: operator.setPartnerWebhookUrl(c.req.param('partnerId'), webhookUrl) });
  });
  app.post('/plans', async (c) => jsonResponse({ plan: operator.savePlan(await bodyOf(c, planSchema)) }, 201));

  app.post('/sms-replies', async (c) => jsonResponse(operator.injectSmsReply(await bodyOf(c, smsReplySchema)), 201));
  app.post('/delivery-events', async (c) => {
    operator.recordDeliveryEvent(await bodyOf(c, deliveryEventSchema));
    return jsonResponse({ result: true });
  });

  app.get('/faults', () => jsonResponse({ faults: operator.listFaults() }));
  app.post('/faults', async (c) => jsonResponse({ fault: operator.addFault(await jsonBody(c)) }, 201));
  app.delete('/faults', () => (operator.clearFaults(), jsonResponse({ result: true })));
  app.delete('/faults/:id', (c) => {
    if (!operator.removeFault(c.req.param('id'))) throw new OperatorError(`No fault ${c.req.param('id')}`, 404);
    return jsonResponse({ result: true });
  });
  app.post('/faults/seed', async (c) => {
    operator.seedFaults(parseInput(seedSchema, await jsonBody(c)).seed);
    return jsonResponse({ result: true });
  });
  app.post('/offline', async (c) => {
    const { offline, forMs } = parseInput(offlineSchema, await jsonBody(c));
    // Over HTTP the operator API goes offline too, so switching off needs a duration to come back.
    if (offline && forMs === undefined)
      throw new OperatorError('Give forMs: while offline the operator API is unreachable as well');
    // Answer first, then close the listener.
    setTimeout(() => void operator.setOffline(offline, forMs), 10).unref();
    return jsonResponse({ result: true, offline, forMs: forMs ?? null });
  });

  app.get('/messages', (c) => {
    const query = c.req.query();
    const filter: SentMessageFilter = {};
    if (query.client_id) filter.clientId = query.client_id;
    if (query.channel === 'sms' || query.channel === 'email') filter.channel = query.channel;
    if (query.kind) filter.kind = query.kind as SentMessageFilter['kind'];
    if (query.reference_id) filter.referenceId = query.reference_id;
    if (query.to) filter.to = query.to;
    return jsonResponse({ messages: operator.messages(filter) });
  });
  app.get('/webhooks', () => jsonResponse({ deliveries: operator.webhookDeliveries() }));
  app.post('/run-due', () => jsonResponse(operator.runDue()));
  return app;
}
