// Partners and their plans (section 2.9): signup links lead to them, new accounts notify them.
import { sql, type SandboxDatabase } from './schema';

/** A partner of the service. */
export interface Partner {
  id: string;
  name: string;
  webhookUrl: string | null;
}

/** A plan a signup can choose. */
export interface Plan {
  id: string;
  partnerId: string | null;
  name: string;
  description: string;
  emailCredits: number;
  smsCredits: number;
}

/** Creates or replaces a partner. */
export function savePartner(db: SandboxDatabase, partner: Partner): void {
  sql(
    db,
    'INSERT INTO partners (id, name, webhook_url) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, webhook_url = excluded.webhook_url',
  ).run(partner.id, partner.name, partner.webhookUrl);
}

/** Creates or replaces a plan. */
export function savePlan(db: SandboxDatabase, plan: Plan): void {
  sql(
    db,
    `INSERT INTO plans (id, partner_id, name, description, email_credits, sms_credits) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET partner_id = excluded.partner_id, name = excluded.name, description = excluded.description,
      email_credits = excluded.email_credits, sms_credits = excluded.sms_credits`,
  ).run(plan.id, plan.partnerId, plan.name, plan.description, plan.emailCredits, plan.smsCredits);
}

/** One partner, or undefined. */
export function findPartner(db: SandboxDatabase, id: string): Partner | undefined {
  const row = sql(db, 'SELECT id, name, webhook_url FROM partners WHERE id = ?').get(id) as
    { id: string; name: string; webhook_url: string | null } | undefined;
  return row && { id: row.id, name: row.name, webhookUrl: row.webhook_url };
}

interface PlanRow {
  id: string;
  partner_id: string | null;
  name: string;
  description: string;
  email_credits: number;
  sms_credits: number;
}

/** Row → plan. */
const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  partnerId: row.partner_id,
  name: row.name,
  description: row.description,
  emailCredits: row.email_credits,
  smsCredits: row.sms_credits,
});

/** One plan, or undefined. */
export function findPlan(db: SandboxDatabase, id: string): Plan | undefined {
  const row = sql(db, 'SELECT * FROM plans WHERE id = ?').get(id) as PlanRow | undefined;
  return row && toPlan(row);
}

/** The plans of a partner. */
export function listPlans(db: SandboxDatabase, partnerId: string): Plan[] {
  return (sql(db, 'SELECT * FROM plans WHERE partner_id = ? ORDER BY id').all(partnerId) as PlanRow[]).map(toPlan);
}
