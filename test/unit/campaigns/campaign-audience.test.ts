import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRecipients } from '../../../sandbox/campaigns/recipients';
import { createSandbox, type Sandbox } from '../../../sandbox/index';
import { findAccountByClientId } from '../../../sandbox/store/accounts';
import { createServiceClient } from '../../../shared/api/client';
import {
  audienceFacts,
  buildAudienceIndex,
  countAudience,
  countAudienceIndexed,
  type Audience,
  type AudienceFacts,
} from '../../../shared/rules/campaign-audience';
import { formatServiceDate } from '../../../shared/rules/datetime';

let sandbox: Sandbox;
let facts: AudienceFacts[];
let names: Map<string, string>;
let ids: string[];

beforeAll(async () => {
  sandbox = createSandbox({ demo: true, demoGuests: 1500 });
  const client = createServiceClient({
    baseUrl: 'http://sandbox.invalid',
    apiKey: sandbox.demo.apiKey,
    fetch: sandbox.fetch.bind(sandbox) as typeof fetch,
  });
  const contacts = await client.pullDb({ client_id: sandbox.demo.clientId });
  facts = contacts.map((contact) => audienceFacts(contact));
  const categories = await client.categories();
  names = new Map(categories.categories.map((category) => [String(category.id), category.name]));
  ids = [...names.keys()];
});
afterAll(() => sandbox?.close());

/** The sandbox's own SQL count of an audience (what campaign_send would send to). */
function serviceCount(audience: Audience): number {
  const account = findAccountByClientId(sandbox.context.db, sandbox.demo.clientId)!;
  return selectRecipients(sandbox.context.db, account.id, audience, sandbox.context.now(), account.timezone).length;
}

/** The desk's estimate from the pulled records, today in the account's zone. */
function estimate(audience: Audience): number {
  const account = findAccountByClientId(sandbox.context.db, sandbox.demo.clientId)!;
  return countAudience(facts, audience, names, formatServiceDate(sandbox.context.now(), account.timezone));
}

describe("the audience estimate follows the service's rule", () => {
  it('the demo has categories and guests with and without them, birth dates and genders', () => {
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(facts.some((guest) => guest.categories.length === 0)).toBe(true);
    expect(facts.some((guest) => !guest.hasEmail)).toBe(true);
    expect(facts.some((guest) => guest.birthDate === null)).toBe(true);
  });

  const audiences: [string, () => Audience][] = [
    ['everyone (none)', () => ({ categories: ['none'] })],
    ['every categorised guest (all)', () => ({ categories: ['all'] })],
    ['uncategorised guests', () => ({ categories: ['uncategorized'] })],
    ['one category', () => ({ categories: [ids[0]!] })],
    ['two categories', () => ({ categories: [ids[0]!, ids[1]!] })],
    ['a category or the uncategorised', () => ({ categories: [ids[1]!, 'uncategorized'] })],
    ['women aged 25 to 40', () => ({ categories: ['none'], gender: 'f', ageFrom: 25, ageTo: 40 })],
    ['men in a category aged 30 or more', () => ({ categories: [ids[0]!], gender: 'm', ageFrom: 30 })],
    ['anyone up to 29', () => ({ categories: ['all'], ageTo: 29 })],
    ['an age range nobody is in', () => ({ categories: ['none'], ageFrom: 120, ageTo: 130 })],
  ];

  it.each(audiences)(
    "%s: the same count as the sandbox's SQL, by the rule and by the column index",
    (_name, audience) => {
      const expected = serviceCount(audience());
      expect(estimate(audience())).toBe(expected);
      const account = findAccountByClientId(sandbox.context.db, sandbox.demo.clientId)!;
      expect(
        countAudienceIndexed(
          buildAudienceIndex(facts),
          audience(),
          names,
          formatServiceDate(sandbox.context.now(), account.timezone),
        ),
      ).toBe(expected);
    },
  );

  it('counts differently for different audiences (the comparison is not trivially equal)', () => {
    const counts = new Set(audiences.map(([, audience]) => serviceCount(audience())));
    expect(counts.size).toBeGreaterThan(5);
  });
});
