import { z } from 'zod';
import { ADDABLE_FIELD_TYPES } from '../../rules/fields';
import { channel } from '../define';

const baseUrl = z.string().trim().min(1, 'Enter the service address').max(300);
/** Staff chose to discard the outbox entries of another account that have not been sent (the desk refuses to change account over them otherwise). */
const discardUnsent = z.boolean().optional();

/** What the renderer may know of the account: never the API key or the secret. */
const accountView = z.object({
  state: z.enum(['none', 'connected', 'demo']),
  label: z.string().optional(),
  baseUrl: z.string().optional(),
  clientId: z.string().optional(),
  timeZone: z.string(),
  defaultPhoneCountry: z.string(),
  defaultSmsSender: z.string().optional(),
  defaultEmailSender: z.object({ name: z.string(), email: z.string() }).optional(),
  canOpenDashboard: z.boolean(),
  keychain: z.object({ available: z.boolean(), description: z.string() }),
});

/** A contact field definition as the Settings screen lists it. */
const contactFieldView = z.object({
  name: z.string(),
  type: z.string(),
  options: z.array(z.string()).optional(),
});

const accountSettingsPatch = z
  .object({
    label: z.string().trim().min(1).max(80).optional(),
    timeZone: z.string().max(64).optional(),
    defaultPhoneCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as AU or GB')
      .optional(),
    defaultSmsSender: z.string().max(11).optional(),
    defaultEmailSender: z.object({ name: z.string().max(100), email: z.string().max(254) }).optional(),
  })
  .strict();

export const accountChannels = {
  getAccount: channel(z.object({}).strict(), accountView),
  connectWithApiKey: channel(
    z
      .object({
        baseUrl,
        apiKey: z.string().trim().min(1, 'Enter the API key').max(200),
        clientId: z.string().trim().min(1, 'Enter the client id').max(100),
        label: z.string().trim().max(80).optional(),
        discardUnsent,
      })
      .strict(),
    accountView,
  ),
  signIn: channel(
    z
      .object({
        baseUrl,
        username: z.string().trim().min(1, 'Enter the username').max(200),
        password: z.string().min(1, 'Enter the password').max(500),
        discardUnsent,
      })
      .strict(),
    accountView,
  ),
  startDemo: channel(z.object({ discardUnsent }).strict(), accountView),
  updateAccountSettings: channel(accountSettingsPatch, accountView),
  disconnect: channel(
    z.object({ discardUnsent: z.boolean(), clearLocalData: z.boolean() }).strict(),
    z.object({ disconnected: z.boolean(), unsentCount: z.number().int() }),
  ),
  /**
   * Signs in to the web dashboard: the core builds the one-minute link (it carries the account's token) and
   * opens it; the link never crosses the bridge. Browser mode answers `reason: 'browser-mode'`: the page
   * then opens the host's /dashboard address, which redirects to the link.
   */
  openDashboard: channel(z.object({}).strict(), z.object({ opened: z.boolean(), reason: z.string().optional() })),
  buildSignupLink: channel(
    z
      .object({
        partnerId: z.string().trim().max(100).optional(),
        planId: z.string().trim().max(100).optional(),
        logoUrl: z.string().trim().max(500).optional(),
        reference: z.string().max(200).optional(),
      })
      .strict()
      .refine((value) => Boolean(value.partnerId) !== Boolean(value.planId), 'Give either a partner id or a plan id'),
    z.object({ url: z.string() }),
  ),
  listContactFields: channel(z.object({}).strict(), z.array(contactFieldView)),
  addContactField: channel(
    z
      .object({
        label: z.string().trim().min(1, 'Enter a label').max(100),
        type: z.enum(ADDABLE_FIELD_TYPES),
        appendAfter: z.string().max(100).optional(),
      })
      .strict(),
    z.object({ name: z.string(), label: z.string(), type: z.string() }),
  ),
  listCategories: channel(z.object({}).strict(), z.array(z.object({ id: z.string(), name: z.string() }))),
};

export const accountEvents = {
  /** The account changed (connected, demo started, disconnected, settings edited). */
  accountChanged: accountView,
  /** Local caches must be emptied (the account was disconnected with "clear local data"). */
  localDataCleared: z.object({}),
};
