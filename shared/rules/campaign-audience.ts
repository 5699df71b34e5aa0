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
  const categories =
    typeof record.svc_categories === 'string'
      ? record.svc_categories
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
  const sex = record.Sex === undefined || record.Sex === null ? '' : String(record.Sex).toLowerCase();
  const birth =
    typeof record.DateOfBirth === 'string' && DATE_FORM.test(record.DateOfBirth) ? record.DateOfBirth : null;
  return {
    hasEmail: (typeof email === 'string' || typeof email === 'number') && String(email).trim() !== '',
    categories,
    sex,
    birthDate: birth,
  };
}

/** The date `years` before `today` (both YYYY-MM-DD), 29 February clamped to the 28th. */
function yearsBefore(today: string, years: number): string {
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
function compileAudience(audience: Audience, categoryNames: ReadonlyMap<string, string>, today: string): AudienceTest {
  const everyone = audience.categories.includes('none');
  const anyCategory = audience.categories.includes('all');
  const uncategorized = audience.categories.includes('uncategorized');
  const names = new Set(
    audience.categories
      .filter((id) => !(AUDIENCE_MODIFIERS as readonly string[]).includes(id))
      .map((id) => categoryNames.get(id))
      .filter((name): name is string => name !== undefined),
  );
  const bornBy = audience.ageFrom === undefined ? undefined : yearsBefore(today, Math.floor(audience.ageFrom));
  const bornAfter = audience.ageTo === undefined ? undefined : yearsBefore(today, Math.floor(audience.ageTo) + 1);
  const byAge = bornBy !== undefined || bornAfter !== undefined;
  return (facts) => {
    if (!facts.hasEmail) return false;
    if (!everyone) {
      const count = facts.categories.length;
      const matches =
        (anyCategory && count > 0) ||
        (uncategorized && count === 0) ||
        (names.size > 0 && facts.categories.some((name) => names.has(name)));
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
export function countAudience(
  guests: readonly AudienceFacts[],
  audience: Audience,
  categoryNames: ReadonlyMap<string, string>,
  today: string,
): number {
  const matches = compileAudience(audience, categoryNames, today);
  let count = 0;
  for (const facts of guests) if (matches(facts)) count += 1;
  return count;
}

/** Why an audience cannot be sent to as it stands, or null. */
export function audienceProblem(audience: Audience): string | null {
  if (audience.categories.length === 0) return 'Choose who it goes to: one or more categories, or everyone.';
  if (audience.ageFrom !== undefined && audience.ageTo !== undefined && audience.ageFrom > audience.ageTo)
    return 'The "age from" is above the "age to".';
  return null;
}

/** The facts of many guests in columns, so an audience is counted in one tight pass (100,000 guests per filter change). */
export interface AudienceIndex {
  size: number;
  hasEmail: Uint8Array;
  /** 1 for m, 2 for f, 0 for anything else. */
  sex: Uint8Array;
  /** Date of birth as YYYYMMDD, or -1. */
  birth: Int32Array;
  categoryCount: Uint16Array;
  /** Category name → bit; each guest has `words` 32-bit words of category bits. */
  categoryBit: Map<string, number>;
  words: number;
  categoryBits: Uint32Array;
}

const dateNumber = (date: string) =>
  Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

/** Builds the columns from every guest's facts (once per cache change). */
export function buildAudienceIndex(facts: readonly AudienceFacts[]): AudienceIndex {
  const categoryBit = new Map<string, number>();
  for (const guest of facts)
    for (const name of guest.categories) if (!categoryBit.has(name)) categoryBit.set(name, categoryBit.size);
  const words = Math.max(1, Math.ceil(categoryBit.size / 32));
  const size = facts.length;
  const index: AudienceIndex = {
    size,
    hasEmail: new Uint8Array(size),
    sex: new Uint8Array(size),
    birth: new Int32Array(size),
    categoryCount: new Uint16Array(size),
    categoryBit,
    words,
    categoryBits: new Uint32Array(size * words),
  };
  facts.forEach((guest, i) => {
    index.hasEmail[i] = guest.hasEmail ? 1 : 0;
    index.sex[i] = guest.sex === 'm' ? 1 : guest.sex === 'f' ? 2 : 0;
    index.birth[i] = guest.birthDate === null ? -1 : dateNumber(guest.birthDate);
    const distinct = new Set(guest.categories);
    index.categoryCount[i] = distinct.size;
    for (const name of distinct) {
      const bit = categoryBit.get(name)!;
      index.categoryBits[i * words + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  });
  return index;
}

/** How many guests of the index match the audience: the same rule as compileAudience, counted over columns. */
export function countAudienceIndexed(
  index: AudienceIndex,
  audience: Audience,
  categoryNames: ReadonlyMap<string, string>,
  today: string,
): number {
  const everyone = audience.categories.includes('none');
  const anyCategory = audience.categories.includes('all');
  const uncategorized = audience.categories.includes('uncategorized');
  const mask = new Uint32Array(index.words);
  let byName = false;
  for (const id of audience.categories) {
    const name = categoryNames.get(id);
    const bit = name === undefined ? undefined : index.categoryBit.get(name);
    if (bit === undefined) continue;
    mask[bit >>> 5]! |= 1 << (bit & 31);
    byName = true;
  }
  const gender = audience.gender === 'm' ? 1 : audience.gender === 'f' ? 2 : 0;
  const bornBy =
    audience.ageFrom === undefined ? Infinity : dateNumber(yearsBefore(today, Math.floor(audience.ageFrom)));
  const bornAfter =
    audience.ageTo === undefined ? -Infinity : dateNumber(yearsBefore(today, Math.floor(audience.ageTo) + 1));
  const byAge = audience.ageFrom !== undefined || audience.ageTo !== undefined;
  const { words } = index;
  let count = 0;
  for (let i = 0; i < index.size; i++) {
    if (index.hasEmail[i] === 0) continue;
    if (!everyone) {
      const categories = index.categoryCount[i]!;
      let matches = (anyCategory && categories > 0) || (uncategorized && categories === 0);
      if (!matches && byName && categories > 0) {
        for (let w = 0; w < words; w++) {
          if ((index.categoryBits[i * words + w]! & mask[w]!) !== 0) {
            matches = true;
            break;
          }
        }
      }
      if (!matches) continue;
    }
    if (gender !== 0 && index.sex[i] !== gender) continue;
    if (byAge) {
      const birth = index.birth[i]!;
      if (birth < 0 || birth > bornBy || birth <= bornAfter) continue;
    }
    count += 1;
  }
  return count;
}
