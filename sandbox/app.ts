// The sandbox's HTTP surface as one Hono app: API methods, partner pages, email links, operator API.
import { Hono } from 'hono';
import type { SandboxContext } from './context';
import type { FaultInjector } from './faults';
import { jsonResponse } from './http/envelope';
import { problemPage } from './http/pages';
import type { SandboxOperator } from './operator';
import { dispatchApiCall, type MethodDefinition } from './routes/api';
import { campaignMethods } from './routes/campaigns';
import { contactMethods } from './routes/contacts';
import { faultMiddleware, type FaultVariables } from './routes/fault-middleware';
import { followTrackedLink, unsubscribe } from './routes/links';
import { messageMethods } from './routes/messages';
import { operatorRoutes } from './routes/operator';
import { accountPage, signIn } from './routes/partner-signin';
import { partnerPlansPage, signupFormPage, submitSignup } from './routes/partner-signup';
import { requestToken } from './routes/partner-token';
import { purchaseMethods } from './routes/purchases';
import { reservationMethods } from './routes/reservations';

/** Every API method of section 4, by name. */
const API_METHODS: ReadonlyMap<string, MethodDefinition> = new Map(
  [...campaignMethods, ...messageMethods, ...contactMethods, ...purchaseMethods, ...reservationMethods].map(
    (method) => [method.name, method],
  ),
);

/** What the app is built from. */
export interface AppParts {
  ctx: SandboxContext;
  faults: FaultInjector;
  operator: SandboxOperator;
  operatorToken: string;
}

/** Builds the Hono app. */
export function createSandboxApp({
  ctx,
  faults,
  operator,
  operatorToken,
}: AppParts): Hono<{ Variables: FaultVariables }> {
  const app = new Hono<{ Variables: FaultVariables }>();

  app.onError((error, c) => {
    // Never a stack trace: one line on stderr for whoever runs the sandbox, the envelope for the caller.
    process.stderr.write(
      `sandbox: ${c.req.method} ${c.req.path.replace(/^\/v1\/[^/]+\//, '/v1/<key>/')} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return jsonResponse({ result: false, message: 'The sandbox hit an internal error handling this request' }, 500);
  });
  // The path is not echoed: it may hold an API key.
  app.notFound(() =>
    jsonResponse(
      { result: false, message: 'Nothing at this address; API methods are POST /v1/<API_KEY>/<method>' },
      404,
    ),
  );

  // Every answer carries the sandbox clock in Date, as HTTP servers do; the desk reads it to tell a wrong computer clock (nonce refusals).
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('date', ctx.now().toUTCString());
  });

  app.route('/_operator', operatorRoutes(operator, operatorToken));

  app.use('/v1/*', faultMiddleware(faults));
  app.post('/v1/request_token', (c) => requestToken(ctx, c.req.raw));
  app.get('/v1/:token/signin', (c) => signIn(ctx, new URL(c.req.url), c.req.param('token')));
  app.all('/v1/:apiKey/:method', (c) =>
    dispatchApiCall(ctx, API_METHODS, c.req.raw, c.req.param('apiKey'), c.req.param('method'), {
      queueFailure: c.get('queueFailure'),
      storeFailure: c.get('storeFailure'),
    }),
  );

  app.get('/account', (c) => accountPage(ctx, c.req.raw));
  for (const path of ['/signup/ref/:partnerId', '/signup/ref/:partnerId/'])
    app.get(path, (c) => partnerPlansPage(ctx, new URL(c.req.url), c.req.param('partnerId')!));
  for (const path of ['/signup/online_signup', '/signup/online_signup/']) {
    app.get(path, (c) => signupFormPage(ctx, new URL(c.req.url)));
    app.post(path, (c) => submitSignup(ctx, c.req.raw));
  }
  app.get('/unsubscribe/:clientId/:referenceId/:email', (c) =>
    unsubscribe(ctx, c.req.param('clientId'), c.req.param('referenceId'), c.req.param('email')),
  );
  app.get('/r/:campaignId/:index', (c) => followTrackedLink(ctx, c.req.param('campaignId'), c.req.param('index')));
  app.get('/', () =>
    problemPage(
      'Venue Desk sandbox',
      'This is the local service. API methods answer POST /v1/<API_KEY>/<method>; see sandbox/README.md.',
      200,
    ),
  );
  return app;
}
