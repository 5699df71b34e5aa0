import type { IncomingMessage, ServerResponse } from 'node:http';
import { UserFacingError } from '../../shared/bridge/result';
import type { DeskCore } from '../core/desk-core';

/** The host address that signs the browser in to the web dashboard (browser mode's way to open it). */
export const DASHBOARD_PATH = '/dashboard';

/**
 * Redirects an authorised GET to the dashboard's one-minute sign-in link, built by the core: the link
 * reaches the browser's address bar (and its history) but never the bridge or the page's scripts.
 */
export async function serveDashboardRedirect(
  core: Pick<DeskCore, 'dashboardLink'>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const page = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
  if (request.method !== 'GET') {
    response.writeHead(405, { ...page, allow: 'GET' }).end('Use GET.');
    return;
  }
  try {
    const link = await core.dashboardLink();
    response.writeHead(303, { location: link, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).end();
  } catch (error) {
    const message =
      error instanceof UserFacingError ? error.message : 'The desk could not build the dashboard sign-in link.';
    response.writeHead(409, page).end(message);
  }
}
