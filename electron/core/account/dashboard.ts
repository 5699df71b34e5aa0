import { buildSigninLink } from '../../../shared/api';
import { UserFacingError } from '../../../shared/bridge/result';
import type { AccountManager } from './account-manager';
import { BROWSER_MODE_REASON } from '../../../shared/bridge/channels/app';

/** What opening the dashboard answers: only whether it opened, never the link. */
export interface DashboardOpened {
  opened: boolean;
  reason?: string;
}

/**
 * The web dashboard's one-minute sign-in link, built and opened by the core only: it carries the account's
 * token, so it never reaches the renderer. Without a system browser to hand it to (browser mode) the
 * answer is `reason: 'browser-mode'` and the host serves the link as a redirect from /dashboard.
 */
export function createDashboard(deps: {
  account: AccountManager;
  openExternal?: (url: string) => Promise<boolean>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const credentials = async () => {
    const found = await deps.account.dashboardCredentials();
    if (!found)
      throw new UserFacingError(
        'The web dashboard needs an account signed in with username and password (or the demo).',
      );
    return found;
  };
  const link = async () => buildSigninLink({ ...(await credentials()), now: now() });
  return {
    /** The sign-in link, for the core's own use (the browser-mode host's redirect). */
    link,
    /** Opens the dashboard in the system browser. */
    async open(): Promise<DashboardOpened> {
      if (!deps.openExternal) {
        await credentials();
        return { opened: false, reason: BROWSER_MODE_REASON };
      }
      const url = await link();
      if (!deps.account.mayOpenLink(url))
        return { opened: false, reason: 'The dashboard address is not https, so the desk will not open it.' };
      return { opened: await deps.openExternal(url) };
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
