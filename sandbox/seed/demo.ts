// The demo venue: deterministic credentials, venue fields, categories, guests, this week's reservations, sent items and replies.
import { formatServiceDate } from '../../shared/rules/datetime';
import { seededRandom, type SandboxContext } from '../context';
import {
  createAccount,
  findAccountByClientId,
  findAccountByKey,
  issueApiKey,
  replaceCredentials,
  updateAccount,
  type Account,
} from '../store/accounts';
import { ensureCategories } from '../store/categories';
import { addField, ensureOption, fieldExists } from '../store/fields';
import { savePartner, savePlan } from '../store/partners';
import { upsertReservation } from '../store/reservations';
import { getMeta, setMeta, sql } from '../store/schema';
import { generateGuests } from './guests';
import { CATEGORY_NAMES, DIETS, DRINKS, TABLE_AREAS, TIERS } from './names';

/** The demo account's credentials: fixed, so scripts and the desk's demo mode can rely on them. */
export interface DemoAccount {
  apiKey: string;
  clientId: string;
  username: string;
  password: string;
  partnerId: string;
  planId: string;
}

/** Defaults of the demo account (documented in sandbox/README.md). */
export const DEMO_DEFAULTS: DemoAccount = {
  apiKey: 'demo0000000000000000000000000001',
  clientId: '1001',
  username: 'demo',
  password: 'demo-password',
  partnerId: 'P1001',
  planId: 'PLAN100',
};

export const DEMO_VENUE_NAME = 'Harbour Lights Bar & Dining';

const DAY_MS = 86_400_000;

/** The demo venue's clock: an Australian venue keeps Sydney time (daylight saving included). */
const DEMO_TIME_ZONE = 'Australia/Sydney';

/** Creates the demo account, its partner and plans when missing; returns its credentials. */
export function ensureDemoAccount(ctx: SandboxContext, apiKey = DEMO_DEFAULTS.apiKey): DemoAccount {
  const demo = { ...DEMO_DEFAULTS, apiKey };
  savePartner(ctx.db, { id: demo.partnerId, name: 'Venue Desk Partners', webhookUrl: null });
  savePlan(ctx.db, {
    id: demo.planId,
    partnerId: demo.partnerId,
    name: 'Venue Desk Standard',
    description: '5,000 emails and 1,000 SMS a month',
    emailCredits: 5000,
    smsCredits: 1000,
  });
  savePlan(ctx.db, {
    id: 'PLAN200',
    partnerId: demo.partnerId,
    name: 'Venue Desk Plus',
    description: '20,000 emails and 5,000 SMS a month',
    emailCredits: 20000,
    smsCredits: 5000,
  });
  savePlan(ctx.db, {
    id: 'PLAN-DIRECT',
    partnerId: null,
    name: 'Direct',
    description: 'Sign up without a partner',
    emailCredits: 1000,
    smsCredits: 200,
  });
  const existing = findAccountByClientId(ctx.db, demo.clientId);
  if (!existing) {
    createAccount(ctx, {
      name: DEMO_VENUE_NAME,
      clientId: demo.clientId,
      username: demo.username,
      password: demo.password,
      email: 'manager@harbourlights.example',
      emailCredits: 5000,
      smsCredits: 2000,
      reservationsEnabled: true,
      partnerId: demo.partnerId,
      planId: demo.planId,
      apiKey: demo.apiKey,
    });
  } else if (findAccountByKey(ctx.db, demo.apiKey)?.id !== existing.id) {
    issueApiKey(ctx.db, existing.id, ctx.now().getTime(), demo.apiKey);
  }
  return demo;
}

/** Creates the demo account when missing, then gives it these credentials only: older keys, tokens and the old password stop working. */
export function renewDemoAccount(ctx: SandboxContext, credentials: { apiKey: string; password: string }): DemoAccount {
  const demo = ensureDemoAccount(ctx, credentials.apiKey);
  const account = findAccountByClientId(ctx.db, demo.clientId)!;
  replaceCredentials(ctx.db, account.id, ctx.now().getTime(), credentials);
  return { ...demo, password: credentials.password };
}

/** The venue's own fields, as a venue would have added them with add_contact_field. */
function addVenueFields(ctx: SandboxContext, account: Account): void {
  const contactFields: [string, string, string, readonly string[]][] = [
    ['favouriteDrink', 'Favourite drink', 'singleSelect', DRINKS],
    ['dietaryRequirements', 'Dietary requirements', 'multipleSelect', DIETS],
    ['membershipTier', 'Membership tier', 'singleSelect', TIERS],
    ['marketingConsent', 'Marketing consent', 'bool', []],
    ['visitCount', 'Visit count', 'number', []],
    ['notes', 'Notes', 'text', []],
  ];
  for (const [name, label, type, options] of contactFields) {
    if (!fieldExists(ctx.db, account.id, 'contact', name))
      addField(ctx.db, account.id, 'contact', { name, label, type }, options);
  }
  if (!fieldExists(ctx.db, account.id, 'reservation', 'tableArea'))
    addField(
      ctx.db,
      account.id,
      'reservation',
      { name: 'tableArea', label: 'Table area', type: 'singleSelect' },
      TABLE_AREAS,
    );
  if (!fieldExists(ctx.db, account.id, 'reservation', 'specialRequests'))
    addField(ctx.db, account.id, 'reservation', { name: 'specialRequests', label: 'Special requests', type: 'text' });
}

/** Seatings a restaurant takes bookings for: lunch and dinner, on the quarter hour. */
const LUNCH = ['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30'];
const DINNER = [
  '17:30',
  '17:45',
  '18:00',
  '18:00',
  '18:30',
  '18:30',
  '18:45',
  '19:00',
  '19:00',
  '19:15',
  '19:30',
  '19:30',
  '20:00',
  '20:15',
  '20:30',
  '21:00',
];
/** Party sizes as they come: mostly couples and fours, now and then a larger table. */
const PARTY_SIZES = [2, 2, 2, 2, 3, 4, 4, 4, 5, 6, 2, 8];

/** A realistic week of bookings: yesterday (some arrived, a no-show) to six days ahead, busier at the weekend, for random guests. */
function seedReservations(ctx: SandboxContext, account: Account, random: () => number): void {
  const guests = sql(
    ctx.db,
    "SELECT id, json_extract(data, '$.PatronName') AS first, json_extract(data, '$.PatronSurname') AS last FROM contacts WHERE account_id = ? ORDER BY id LIMIT 400",
  ).all(account.id) as {
    id: number;
    first: string;
    last: string;
  }[];
  if (guests.length === 0) return;
  const nowMs = ctx.now().getTime();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  let serial = 1;
  for (let day = -1; day < 7; day++) {
    const date = formatServiceDate(new Date(nowMs + day * DAY_MS), account.timezone);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 5 || weekday === 6;
    const perDay = day === 0 ? 12 : (weekend ? 16 : 7) + Math.floor(random() * 5);
    for (let n = 0; n < perDay; n++) {
      const guest = pick(guests);
      const size = pick(PARTY_SIZES);
      const time = random() < 0.25 ? pick(LUNCH) : pick(DINNER);
      const names = [
        `${guest.first} ${guest.last}`,
        ...Array.from({ length: Math.min(size - 1, 2) }, (_, i) => `Guest ${i + 2}`),
      ];
      const status =
        day < 0
          ? random() < 0.1
            ? 'No-show'
            : 'Arrived'
          : pick(
              day < 2
                ? ['Confirmed', 'Confirmed', 'Pending', 'Unconfirmed']
                : ['Confirmed', 'Pending', 'Unconfirmed', 'Unconfirmed'],
            );
      upsertReservation(
        ctx.db,
        account.id,
        `R${100000 + serial}`,
        guest.id,
        {
          total_attendees: size,
          attendee_names: names,
          bookingStatus: status,
          Date: date,
          Time: `${time}:00`,
          tableArea: pick(TABLE_AREAS),
          ...(random() < 0.15
            ? {
                specialRequests: pick([
                  'Birthday cake at dessert',
                  'High chair please',
                  'Window table if possible',
                  'Gluten free',
                  'Anniversary',
                ]),
              }
            : {}),
        },
        nowMs - Math.floor(random() * 5) * DAY_MS,
      );
      serial += 1;
    }
  }
  for (const status of ['Arrived', 'No-show']) ensureOption(ctx.db, account.id, 'reservation', 'bookingStatus', status);
}

/** A fortnight of sent SMS and email with counts, and guests' replies. */
function seedHistory(ctx: SandboxContext, account: Account, random: () => number): void {
  const nowMs = ctx.now().getTime();
  const mobiles = sql(
    ctx.db,
    'SELECT mobile_key FROM contacts WHERE account_id = ? AND mobile_key IS NOT NULL ORDER BY id LIMIT 50',
  ).all(account.id) as { mobile_key: string }[];
  const smsTexts = [
    'Hi! Your table at Harbour Lights is confirmed for tonight. Reply YES to confirm or call us to change.',
    'Happy birthday from Harbour Lights! Enjoy a free dessert this week.',
    'Trivia night is back this Thursday from 7pm. Book a table by replying to this message.',
    'Thanks for visiting Harbour Lights. We hope to see you again soon!',
  ];
  const replies = [
    'YES',
    'Yes please, see you at 7',
    'Can we make it 8 instead?',
    'STOP',
    'Thanks!',
    'Table for 4 please',
  ];
  const insertItem = sql(
    ctx.db,
    `INSERT INTO sent_items (account_id, reference_id, type, timestamp, count, message, from_name, subject, count_optout, count_open, count_bounced, count_spam)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLog = sql(
    ctx.db,
    `INSERT INTO message_log (account_id, channel, kind, reference_id, to_address, from_address, subject, message, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertReply = sql(
    ctx.db,
    'INSERT INTO sms_replies (account_id, timestamp, number, to_number, reference_id, message) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < 10 && mobiles.length > 0; i++) {
    const at = nowMs - (14 - i) * DAY_MS + Math.floor(random() * 8) * 3_600_000;
    const to = mobiles[(i * 7) % mobiles.length]!.mobile_key;
    const reference = `demosms${i + 1}`;
    const text = smsTexts[i % smsTexts.length]!;
    insertItem.run(account.id, reference, 'sms', at, 1, text, account.replyNumber, null, i === 3 ? 1 : 0, 0, 0, 0);
    insertLog.run(account.id, 'sms', 'sms', reference, to, account.replyNumber, null, text, at);
    if (i % 2 === 0)
      insertReply.run(
        account.id,
        at + 20 * 60_000,
        to,
        account.replyNumber,
        reference,
        replies[(i / 2) % replies.length]!,
      );
  }
  const emails: [string, number][] = [
    ['Our new spring menu', 1840],
    ['Trivia night returns', 2210],
    ['Your birthday treat', 140],
  ];
  emails.forEach(([subject, count], i) => {
    const at = nowMs - (10 - i * 3) * DAY_MS;
    const html = `<html><body><h1>${subject}</h1><p>News from Harbour Lights.</p><p><a href="#unsubscribe#">Unsubscribe</a></p></body></html>`;
    insertItem.run(
      account.id,
      `demoemail${i + 1}`,
      'email',
      at,
      count,
      html,
      'Harbour Lights',
      subject,
      Math.floor(count * 0.004),
      Math.floor(count * (0.3 + random() * 0.2)),
      Math.floor(count * 0.02),
      Math.floor(count * 0.001),
    );
  });
}

/** Fills the demo venue once (a file database keeps it across runs). */
export function seedDemoVenue(ctx: SandboxContext, demo: DemoAccount, guests = 3000): void {
  const found = findAccountByClientId(ctx.db, demo.clientId);
  if (!found) throw new Error('seedDemoVenue: create the demo account first');
  // The seeded venue is Australian, on Sydney's clock (venues seeded before it had a real zone were on UTC);
  // the bare demo account that tests use without the venue stays on UTC.
  const account =
    found.timezone === 'UTC' ? (updateAccount(ctx.db, found.id, { timezone: DEMO_TIME_ZONE }) ?? found) : found;
  if (getMeta(ctx.db, 'demo_seeded') === 'yes') return;
  const random = seededRandom(7);
  ctx.db.transaction(() => {
    addVenueFields(ctx, account);
    ensureCategories(ctx.db, account.id, CATEGORY_NAMES);
    generateGuests(ctx.db, guests, { accountId: account.id, nowMs: ctx.now().getTime() });
    seedReservations(ctx, account, random);
    seedHistory(ctx, account, random);
    setMeta(ctx.db, 'demo_seeded', 'yes');
  })();
}
