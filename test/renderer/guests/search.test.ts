import { describe, expect, it } from 'vitest';
import { phonePlanOf } from '../../../renderer/search/phone';
import { planSearch } from '../../../renderer/search/query';
import { narrowSearch, searchGuests, type AnsweredSearch } from '../../../renderer/search/search-guests';
import { nameTokens, searchTerms } from '../../../renderer/search/terms';
import { auPhoneKey, contact, GUESTS, seededDb } from './fixtures';

const context = phonePlanOf('AU');

/** The contact ids a query finds, best first. */
async function find(query: string, records = GUESTS) {
  const db = await seededDb(records);
  const result = await searchGuests(db, planSearch(query, context));
  db.close();
  return { keys: result.rows.map((row) => row.key), truncated: result.truncated };
}

describe('search terms', () => {
  it('folds accents and splits names into words and their joined form', () => {
    expect(nameTokens("Zoë O'Brien-Smith")).toEqual(['zoe', 'obriensmith', 'o', 'brien', 'smith']);
  });

  it('indexes mobiles as E.164 digits in the venue country, or their digits as stored when they cannot be read', () => {
    expect(searchTerms(contact('1', { PatronMobile: '0413 555 111' }), auPhoneKey)).toEqual(['p:61413555111']);
    expect(searchTerms(contact('1', { PatronMobile: '+61 (0)413 555 111' }), auPhoneKey)).toEqual(['p:61413555111']);
    expect(searchTerms(contact('1', { PatronMobile: '+44 7911 123456' }), auPhoneKey)).toEqual(['p:447911123456']);
    expect(searchTerms(contact('1', { PatronMobile: 'ext 12-34' }), auPhoneKey)).toEqual(['p:1234']);
  });
});

describe('search as you type', () => {
  it('finds a guest by part of the surname, ignoring case and accents', async () => {
    expect((await find('lovel')).keys).toEqual(['101', '104']);
    expect((await find('OBRI')).keys).toEqual(['103']);
    expect((await find('zoe')).keys).toEqual(['103']);
    expect((await find('smith')).keys).toEqual(['103']);
  });

  it('finds by first name and surname together, in any order', async () => {
    expect((await find('ada love')).keys).toEqual(['101']);
    expect((await find('lovelace ada')).keys).toEqual(['101']);
    expect((await find('grace lovelace')).keys).toEqual([]);
  });

  it('finds a mobile typed with spaces and a leading 0, with +61, and in part', async () => {
    expect((await find('0412 345 678')).keys).toEqual(['101']);
    expect((await find('+61 412 345 678')).keys).toEqual(['101']);
    expect((await find('0061412345678')).keys).toEqual(['101']);
    expect((await find('0413 555')).keys).toEqual(['102']);
    expect((await find('412 345')).keys).toEqual(['101']);
    expect((await find('+44 7700 900123')).keys).toEqual(['103']);
  });

  it('finds by member and card number, an exact member number first', async () => {
    expect((await find('M1001')).keys).toEqual(['101']);
    expect((await find('1001')).keys).toEqual(['104']);
    expect((await find('4000 1234 5678 9010')).keys).toEqual(['101']);
    expect((await find('2002')).keys).toEqual(['102']);
  });

  it('finds by email, whole or its start', async () => {
    expect((await find('grace.hopper@navy.example')).keys).toEqual(['102']);
    expect((await find('ada@')).keys).toEqual(['101']);
    expect((await find('lovisa')).keys).toEqual(['105']);
  });

  it('ranks exact names above names that only start with the word', async () => {
    const records = [
      contact('1', { PatronName: 'Sam', PatronSurname: 'Lovegrove' }),
      contact('2', { PatronName: 'Sam', PatronSurname: 'Love' }),
    ];
    expect((await find('love', records)).keys).toEqual(['2', '1']);
  });

  it('says when more guests match than it shows', async () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      contact(String(1000 + i), { PatronName: 'Sam', PatronSurname: `Taylor${i}` }),
    );
    const result = await find('taylor', many);
    expect(result.keys).toHaveLength(200);
    expect(result.truncated).toBe(true);
    const narrowed = await find('sam taylor249', many);
    expect(narrowed).toEqual({ keys: ['1249'], truncated: false });
  });

  it('answers a key that only narrows the last answer in memory, as the cache would; reads the cache otherwise', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      contact(String(2000 + i), { PatronName: i % 2 ? 'Lou' : 'Lovisa', PatronSurname: `Love${i}` }),
    );
    const db = await seededDb([...GUESTS, ...many]);
    const typing = [
      'l',
      'lo',
      'lov',
      'love',
      'lovel',
      'lovela',
      'lovelace',
      'lovelace@',
      '0',
      '04',
      '041',
      '0412 3',
      'a',
      'ad',
      'ada',
      'ada l',
    ];
    const narrowedAt: string[] = [];
    for (const limit of [200, 3]) {
      let last: AnsweredSearch | undefined;
      for (const query of typing) {
        const plan = planSearch(query, context);
        const read = await searchGuests(db, plan, limit);
        const narrowed = last && narrowSearch(last, plan, limit);
        if (narrowed) {
          narrowedAt.push(`${limit}:${query}`);
          expect({ query, keys: narrowed.rows.map((row) => row.key), truncated: narrowed.truncated }).toEqual({
            query,
            keys: read.rows.map((row) => row.key),
            truncated: read.truncated,
          });
        }
        last = { plan, result: read };
      }
    }
    db.close();
    // Longer words narrow; "04" → "041" adds phone prefixes, a second word and a truncated answer do not narrow.
    expect(narrowedAt).toEqual(
      expect.arrayContaining(['200:lo', '200:lovelace', '200:lovelace@', '200:ad', '200:ada', '3:lovelace']),
    );
    expect(narrowedAt).not.toContain('200:041');
    expect(narrowedAt).not.toContain('200:ada l');
    expect(narrowedAt).not.toContain('3:lo');
  });

  it('finds nothing for an empty query or an unknown name', async () => {
    expect((await find('   ')).keys).toEqual([]);
    expect((await find('nobody')).keys).toEqual([]);
  });
});
