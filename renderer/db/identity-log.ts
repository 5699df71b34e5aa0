// The guests' identity log: every write to the guest cache's `guests` table (the sync's pages, this desk's
// overlays, sweeps, a rebuilt index) also appends, in the same transaction, one compact entry saying which
// guests now have which email and mobile. The import's duplicate check (renderer/import/identities.ts)
// reads the log in one go, where walking the search index's email and mobile entries for 100,000 guests
// took 1.3–1.9 s. It is a Dexie DBCore middleware, so no caller of the cache has to remember it.
import type Dexie from 'dexie';
import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import { TERM } from '../search/terms';
import { mutateAndLog, WHOLE_RANGE } from './dbcore';
import { isGuestRow } from './guest-row';
import { IDENTITY_TABLE, type IdentityEntry } from './tables/import';

const GUESTS = 'guests';

/** A base with no guest: a cache created empty, or its guests cleared. */
function emptyBase(): IdentityEntry {
  return { base: true, keys: [], emails: [], mobiles: [] };
}

/** Keeps the identity log of this cache current: a new cache starts it empty, and every write to guests appends to it. */
export function logIdentities(db: Dexie): void {
  db.on('populate', (tx) => {
    void tx.table(IDENTITY_TABLE).add(emptyBase());
  });
  db.use(identityLogMiddleware);
}

const identityLogMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'guest-identity-log',
  create: (down) => ({
    ...down,
    // A transaction that may write guests may write the log too.
    transaction(stores, mode, options) {
      const widened =
        mode === 'readwrite' && stores.includes(GUESTS) && !stores.includes(IDENTITY_TABLE)
          ? [...stores, IDENTITY_TABLE]
          : stores;
      return down.transaction(widened, mode, options);
    },
    table(name) {
      const table = down.table(name);
      if (name !== GUESTS) return table;
      return {
        ...table,
        // Without the log (an upgrade from before its version) the import rebuilds it on its first read.
        mutate: (request) => mutateAndLog(down, table, request, IDENTITY_TABLE, entryOf(request)),
      };
    },
  }),
};

/** The log entry of one write to guests. */
function entryOf(request: DBCoreMutateRequest): IdentityEntry {
  switch (request.type) {
    case 'add':
    case 'put':
      return putEntry(request.values);
    case 'delete':
      return { keys: [], emails: [], mobiles: [], gone: request.keys.map(String) };
    case 'deleteRange':
      return request.range.type === WHOLE_RANGE ? emptyBase() : brokenEntry();
  }
}

/** The guests a put wrote, with the email and mobile of their search terms ('' for none). */
function putEntry(values: readonly unknown[]): IdentityEntry {
  const entry: IdentityEntry = { keys: [], emails: [], mobiles: [] };
  for (const value of values) {
    if (!isGuestRow(value)) return brokenEntry();
    let email = '';
    let mobile = '';
    for (const term of value.terms) {
      if (typeof term !== 'string') continue;
      if (!email && term.startsWith(TERM.email)) email = term.slice(TERM.email.length);
      else if (!mobile && term.startsWith(TERM.phone)) mobile = term.slice(TERM.phone.length);
    }
    entry.keys.push(value.key);
    entry.emails.push(email);
    entry.mobiles.push(mobile);
  }
  return entry;
}

/** A write the log cannot follow: the next read rebuilds the log from the guests themselves. */
function brokenEntry(): IdentityEntry {
  return { broken: true, keys: [], emails: [], mobiles: [] };
}
