// Who an email campaign goes to (reference §4.3): categories or the modifiers all / none / uncategorized,
// an age range and a gender. The desk estimates the count from its guest cache with this one rule.

/** The category modifiers of campaign_send. */
export const AUDIENCE_MODIFIERS = ['all', 'none', 'uncategorized'] as const;
export type AudienceModifier = (typeof AUDIENCE_MODIFIERS)[number];

/** A campaign's audience: category ids and/or modifiers (any of them matches), age from/to, gender. */
export interface Audience {
  categories: string[];
  ageFrom?: number;
  ageTo?: number;
  gender?: 'm' | 'f';
}

/** What the rule reads of one guest, prepared once (see audienceFacts). */
export interface AudienceFacts {
  hasEmail: boolean;
  /** Names of the guest's categories. */
  categories: readonly string[];
  /** Sex as text, lower case ('' when not set). */
  sex: string;
  /** DateOfBirth when it is YYYY-MM-DD, else null. */
  birthDate: string | null;
}

const DATE_FORM = /^\d{4}-\d{2}-\d{2}$/;

/** The facts of a cached contact record (PatronEmail, svc_categories, Sex, DateOfBirth) the audience rule needs. */
export function audienceFacts(record: Record<string, unknown>): AudienceFacts {
  const email = record.PatronEmail;
  const categories = typeof record.svc_categories === 'string' ? record.svc_categories.split(',').map((name) => name.trim()).filter(Boolean) : [];
  const sex = record.Sex === undefined || record.Sex === null ? '' : String(record.Sex).toLowerCase();
  const birth = typeof record.DateOfBirth === 'string' && DATE_FORM.test(record.DateOfBirth) ? record.DateOfBirth : null;
  return { hasEmail: (typeof email === 'string' || typeof email === 'number') && String(email).trim() !== '', categories, sex, birthDate: birth };
}

/** The date `years` before `today` (both YYYY-MM-DD), 29 February clamped to the 28th. */
export function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** A compiled audience: tests one guest's facts quickly (the estimate runs over 100,000 guests per change). */
export type AudienceTest = (facts: AudienceFacts) => boolean;

/**
 * Compiles the rule the service applies: an email address; any listed category (by name), `all` (at least
 * one category), `uncategorized` (none) or `none` (everyone); born on or before `today` less ageFrom years
 * and after `today` less ageTo+1 years; the gender. `categoryNames` maps category ids to names.
 * Opted-out guests are not in the cache's records, so the count is an estimate.
 */
export function compileAudience(audience: Audience, categoryNames: ReadonlyMap<string, string>, today: string): AudienceTest {
  const everyone = audience.categories.includes('none');
  const anyCategory = audience.categories.includes('all');
  const uncategorized = audience.categories.includes('uncategorized');
  const names = new Set(audience.categories.filter((id) => !(AUDIENCE_MODIFIERS as readonly string[]).includes(id)).map((id) => categoryNames.get(id)).filter((name): name is string => name !== undefined));
  const bornBy = audience.ageFrom === undefined ? undefined : yearsBefore(today, Math.floor(audience.ageFrom));
  const bornAfter = audience.ageTo === undefined ? undefined : yearsBefore(today, Math.floor(audience.ageTo) + 1);
  const byAge = bornBy !== undefined || bornAfter !== undefined;
  return (facts) => {
    if (!facts.hasEmail) return false;
    if (!everyone) {
      const count = facts.categories.length;
      const matches = (anyCategory && count > 0) || (uncategorized && count === 0) || (names.size > 0 && facts.categories.some((name) => names.has(name)));
      if (!matches) return false;
    }
    if (audience.gender && facts.sex !== audience.gender) return false;
    if (byAge) {
      if (facts.birthDate === null) return false;
      if (bornBy !== undefined && facts.birthDate > bornBy) return false;
      if (bornAfter !== undefined && facts.birthDate <= bornAfter) return false;
    }
    return true;
  };
}

/** How many guests match the audience. */
export function countAudience(guests: readonly AudienceFacts[], audience: Audience, categoryNames: ReadonlyMap<string, string>, today: string): number {
  const matches = compileAudience(audience, categoryNames, today);
  let count = 0;
  for (const facts of guests) if (matches(facts)) count += 1;
  return count;
}

/** Why an audience cannot be sent to as it stands, or null. */
export function audienceProblem(audience: Audience): string | null {
  if (audience.categories.length === 0) return 'Choose who it goes to: one or more categories, or everyone.';
  if (audience.ageFrom !== undefined && audience.ageTo !== undefined && audience.ageFrom > audience.ageTo) return 'The "age from" is above the "age to".';
  return null;
}
