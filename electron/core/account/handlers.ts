import { buildSignupLink, ServiceFailureError } from '../../../shared/api';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import type { accountChannels } from '../../../shared/bridge/channels/account';
import { UserFacingError } from '../../../shared/bridge/result';
import type { DeskEvents } from '../events';
import type { AccountManager } from './account-manager';
import type { Dashboard } from './dashboard';

type AccountHandlers = Pick<DeskHandlers, keyof typeof accountChannels>;

/** What disconnecting with "clear local data" does to the local data. */
export interface LocalData {
  clear(): Promise<void>;
}

/** The account channels: ways in, settings, dashboard and signup links, fields and categories. */
export function createAccountHandlers(deps: {
  account: AccountManager;
  localData: LocalData;
  events: DeskEvents;
  dashboard: Dashboard;
  /** Where signup pages live; the reference leaves it to the operator, so it defaults to the service address. */
  signupUrl?: () => string | undefined;
}): AccountHandlers {
  const { account } = deps;
  const clientId = () => account.settings()?.clientId ?? '';

  return {
    getAccount: () => account.view(),
    connectWithApiKey: (input) => account.connectWithApiKey(input),
    signIn: (input) => account.signIn(input),
    startDemo: (input) => account.startDemo(input),
    updateAccountSettings: (patch) => account.updateSettings(patch),

    disconnect: async ({ discardUnsent, clearLocalData }) => {
      const { disconnected, unsentCount } = await account.disconnect({ discardUnsent });
      if (!disconnected) return { disconnected, unsentCount };
      if (clearLocalData) {
        await deps.localData.clear();
        deps.events.emit('localDataCleared', {});
      }
      return { disconnected: true, unsentCount };
    },

    openDashboard: () => deps.dashboard.open(),

    buildSignupLink: ({ partnerId, planId, logoUrl, reference }) => {
      const signupUrl = deps.signupUrl?.() ?? account.settings()?.baseUrl;
      if (!signupUrl)
        throw new UserFacingError(
          'Connect an account (or start the demo) first: the signup site belongs to its service.',
        );
      if (logoUrl && !/^https?:\/\//i.test(logoUrl))
        throw new UserFacingError('The logo address must be a public web address starting with https://.');
      const target = partnerId ? { partnerId } : { planId: planId! };
      return { url: buildSignupLink({ signupUrl, ...target, logoUrl, reference }) };
    },

    listContactFields: async () => {
      const result = await account.requireClient().getContactFields({ client_id: clientId(), expand: true });
      return result.fields.map((field) => (typeof field === 'string' ? { name: field, type: 'string' } : field));
    },

    addContactField: async ({ label, type, appendAfter }) => {
      try {
        return await account
          .requireClient()
          .addContactField({ label, type, ...(appendAfter ? { append_after: appendAfter } : {}) });
      } catch (error) {
        if (error instanceof ServiceFailureError)
          throw new UserFacingError(`The service refused the field: ${error.serviceMessage}`);
        throw error;
      }
    },

    listCategories: async () => {
      const result = await account.requireClient().categories();
      return result.categories.map((category) => ({ id: String(category.id), name: category.name }));
    },
  };
}
