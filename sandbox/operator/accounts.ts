// The operator's account controls: accounts (venues), partners and their plans.
import type { SandboxContext } from '../context';
import {
  createAccount,
  findAccountByClientId,
  findAccountByUsername,
  updateAccount,
  type Account,
  type AccountPatch,
} from '../store/accounts';
import { findPartner, savePartner, savePlan, type Partner, type Plan } from '../store/partners';
import type { SandboxDatabase } from '../store/schema';
import {
  accountPatchSchema,
  newAccountSchema,
  OperatorError,
  parseInput,
  partnerSchema,
  planSchema,
  type NewAccountInput,
  type PartnerInput,
  type PlanInput,
} from './inputs';

/** The account of a client id, or an OperatorError 404. */
export function requireAccount(db: SandboxDatabase, clientId: string): Account {
  const account = findAccountByClientId(db, clientId);
  if (!account) throw new OperatorError(`No account with client id ${clientId}`, 404);
  return account;
}

/** Creates an account (venue) with its standard fields and an API key; 409 when the client id or username is taken. */
export function createOperatorAccount(
  ctx: SandboxContext,
  input: NewAccountInput,
): { account: Account; apiKey: string } {
  const parsed = parseInput(newAccountSchema, input);
  if (parsed.clientId && findAccountByClientId(ctx.db, parsed.clientId))
    throw new OperatorError(`Client id ${parsed.clientId} is taken`, 409);
  if (parsed.username && findAccountByUsername(ctx.db, parsed.username))
    throw new OperatorError(`Username ${parsed.username} is taken`, 409);
  try {
    return createAccount(ctx, parsed);
  } catch (error) {
    throw new OperatorError(
      `Could not create the account: ${error instanceof Error ? error.message : String(error)}`,
      409,
    );
  }
}

/** Changes an account with the settings the operator may change; returns the account after it. */
export function updateOperatorAccount(db: SandboxDatabase, clientId: string, patch: AccountPatch): Account {
  return updateAccount(db, requireAccount(db, clientId).id, parseInput(accountPatchSchema, patch))!;
}

/** Creates or replaces a partner (and its new-account webhook URL). */
export function saveOperatorPartner(db: SandboxDatabase, input: PartnerInput): Partner {
  const parsed = parseInput(partnerSchema, input);
  const partner = { id: parsed.id, name: parsed.name, webhookUrl: parsed.webhookUrl ?? null };
  savePartner(db, partner);
  return partner;
}

/** Sets a partner's new-account webhook URL, or an OperatorError 404 for an unknown partner. */
export function setPartnerWebhookUrl(db: SandboxDatabase, partnerId: string, url: string | null): Partner {
  const partner = findPartner(db, partnerId);
  if (!partner) throw new OperatorError(`No partner ${partnerId}`, 404);
  return saveOperatorPartner(db, { ...partner, webhookUrl: url });
}

/** Creates or replaces a plan (1000 email and 500 SMS credits unless given). */
export function saveOperatorPlan(db: SandboxDatabase, input: PlanInput): Plan {
  const parsed = parseInput(planSchema, input);
  const plan: Plan = {
    id: parsed.id,
    partnerId: parsed.partnerId ?? null,
    name: parsed.name,
    description: parsed.description ?? '',
    emailCredits: parsed.emailCredits ?? 1000,
    smsCredits: parsed.smsCredits ?? 500,
  };
  savePlan(db, plan);
  return plan;
}
