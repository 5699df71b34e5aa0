import type { TableLayout } from '../table-layout';

/**
 * One entry of the guests' identity log (renderer/db/identity-log.ts): who has which email and mobile,
 * as search terms hold them ('' for none). A base entry holds every cached guest (a complete picture
 * as of its place in the log); an entry after it holds only the guests one write put or deleted.
 */
export interface IdentityEntry {
  /** The log's order (IndexedDB's auto-increment; a base rewritten in place keeps the place of what it folds in). */
  seq?: number;
  base?: true;
  /** A write the log could not follow (a partial range deleted, a row without terms): the next read rebuilds it from the guests. */
  broken?: true;
  keys: string[];
  emails: string[];
  mobiles: string[];
  /** Guests deleted by the write. */
  gone?: string[];
}

/**
 * The import's table of the guest cache (version 30): the guests' emails and mobiles as a log of
 * compact entries, kept by every write to `guests` in its own transaction, so the import's duplicate
 * check reads who is on file in one go instead of walking 200,000 search-index entries.
 */
export const importTables: TableLayout = {
  feature: 'import',
  versions: [{ version: 30, stores: { identities: '++seq' } }],
};

/** The identity log's table name. */
export const IDENTITY_TABLE = 'identities';
