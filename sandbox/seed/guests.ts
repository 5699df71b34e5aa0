// Generated guests: realistic, unique on email and mobile, inserted in one transaction with prepared statements (100,000 in about a second).
import { seededRandom } from '../context';
import type { SandboxDatabase } from '../store/schema';
import { DIETS, DRINKS, EMAIL_DOMAINS, FEMALE_NAMES, MALE_NAMES, SURNAMES, TIERS } from './names';

/** Where and how to generate. */
export interface GenerateOptions {
  /** Account to add to (default: the first account). */
  accountId?: number;
  /** Time the guests are "now" relative to (default: Date.now()). */
  nowMs?: number;
  /** Seed of the generator (default 42: the same guests every run). */
  seed?: number;
}

const DAY_MS = 86_400_000;

/** One of the list, chosen by the generator. */
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** An email-safe lower-case form of a name (accents and apostrophes dropped). */
const emailPart = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Adds `count` guests to an account; returns how many were added. */
export function generateGuests(db: SandboxDatabase, count: number, options: GenerateOptions = {}): number {
  const random = seededRandom(options.seed ?? 42);
  const nowMs = options.nowMs ?? Date.now();
  const account = (
    options.accountId !== undefined
      ? db.prepare('SELECT id, country FROM accounts WHERE id = ?').get(options.accountId)
      : db.prepare('SELECT id, country FROM accounts ORDER BY id LIMIT 1').get()
  ) as { id: number; country: string } | undefined;
  if (!account) throw new Error('generateGuests: no account to add guests to');
  const fieldNames = new Set(
    (
      db.prepare("SELECT name FROM fields WHERE account_id = ? AND scope = 'contact'").all(account.id) as {
        name: string;
      }[]
    ).map((r) => r.name),
  );
  const categories = db.prepare('SELECT id, name FROM categories WHERE account_id = ? ORDER BY id').all(account.id) as {
    id: number;
    name: string;
  }[];
  const firstIndex = (db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM contacts').get() as { id: number }).id + 1;
  const insertContact = db.prepare(
    'INSERT INTO contacts (account_id, data, categories, email_key, mobile_key, created_at, touched_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertCategory = db.prepare('INSERT INTO contact_categories (contact_id, category_id) VALUES (?, ?)');

  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const serial = firstIndex + i;
      const female = random() < 0.5;
      const first = pick(random, female ? FEMALE_NAMES : MALE_NAMES);
      const last = pick(random, SURNAMES);
      const shape = random();
      const hasEmail = shape > 0.08;
      const hasMobile = shape < 0.9 || !hasEmail;
      const email = hasEmail ? `${emailPart(first)}.${emailPart(last)}${serial}@${pick(random, EMAIL_DOMAINS)}` : null;
      // A bijection of the serial onto 7 digits keeps every mobile unique (7919 is prime to 10,000,000); 041x is a valid mobile range.
      const subscriber = `1${String((serial * 7919) % 10_000_000).padStart(7, '0')}`;
      const e164 = `+614${subscriber}`;
      const localForm = random() < 0.5;
      const mobile = hasMobile
        ? localForm
          ? `04${subscriber.slice(0, 2)} ${subscriber.slice(2, 5)} ${subscriber.slice(5)}`
          : e164
        : null;
      const age = 18 + Math.floor(random() * 57);
      const birth = new Date(nowMs - age * 365.25 * DAY_MS - Math.floor(random() * 365) * DAY_MS);
      const data: Record<string, unknown> = { PatronName: first, PatronSurname: last };
      if (email) data.PatronEmail = email;
      if (mobile) data.PatronMobile = mobile;
      if (random() < 0.85) data.DateOfBirth = birth.toISOString().slice(0, 10);
      if (random() < 0.9) data.Sex = female ? 'f' : 'm';
      if (random() < 0.6) data.MemberNumber = `M${String(100000 + serial).padStart(6, '0')}`;
      if (random() < 0.4) data.CardNumber = `6001${String(serial).padStart(12, '0')}`;
      if (fieldNames.has('member_id') && random() < 0.3) data.member_id = `POS${serial}`;
      if (fieldNames.has('favouriteDrink') && random() < 0.7) data.favouriteDrink = pick(random, DRINKS);
      if (fieldNames.has('membershipTier') && data.MemberNumber) data.membershipTier = pick(random, TIERS);
      if (fieldNames.has('dietaryRequirements') && random() < 0.25) data.dietaryRequirements = [pick(random, DIETS)];
      if (fieldNames.has('marketingConsent')) data.marketingConsent = random() < 0.8;
      if (fieldNames.has('visitCount')) data.visitCount = Math.floor(random() * 60);
      const touched = nowMs - Math.floor(random() * 365 * DAY_MS);
      const chosen = categories.filter(() => random() < 0.18);
      const info = insertContact.run(
        account.id,
        JSON.stringify(data),
        chosen.map((c) => c.name).join(','),
        email,
        mobile ? e164 : null,
        touched,
        touched,
      );
      const contactId = Number(info.lastInsertRowid);
      for (const category of chosen) insertCategory.run(contactId, category.id);
    }
  })();
  return count;
}
