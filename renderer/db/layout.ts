// The guest cache's IndexedDB layout, assembled from one file per feature (as GitHub Desktop's
// lib/databases keeps one typed database with explicit versions and upgrades).
//
// To add a feature's tables: write renderer/db/tables/<feature>.ts exporting a `TableLayout`
// (its tables at its own version number: reservations 10, campaigns and messages 20, import 30; a later
// change takes a number above every version already shipped, since a cache only runs the versions above
// its own: the guests' search log is 40), its row types and its queries as
// functions of the database (`db.table<Row, Key>('name')`), then add it to CACHE_LAYOUT below: one line.
// An upgrade function gets a test that opens the database at the version before (`layoutUpTo`),
// writes rows, reopens it with the full layout and checks them. Never edit a version that shipped.
import type Dexie from 'dexie';
import type { TableLayout, TableVersion } from './table-layout';
import { guestTables } from './tables/guests';
import { importTables } from './tables/import';
import { messagesTables } from './tables/messages';
import { reservationTables } from './tables/reservations';

/** Every feature's tables in the guest cache. Add a feature here. */
export const CACHE_LAYOUT: readonly TableLayout[] = [guestTables, reservationTables, messagesTables, importTables];

/**
 * Declares the layout's versions on a database, in ascending order: the stores of every feature at
 * a version are declared together and their upgrades run in the order of the layout. Two features
 * may not declare the same table.
 */
export function declareLayout(db: Dexie, layout: readonly TableLayout[]): void {
  const owners = new Map<string, string>();
  const byVersion = new Map<number, TableVersion[]>();
  for (const { feature, versions } of layout) {
    for (const version of versions) {
      for (const table of Object.keys(version.stores)) {
        const owner = owners.get(table);
        if (owner && owner !== feature)
          throw new Error(`The cache table "${table}" is declared by both ${owner} and ${feature}.`);
        owners.set(table, feature);
      }
      byVersion.set(version.version, [...(byVersion.get(version.version) ?? []), version]);
    }
  }
  for (const number of [...byVersion.keys()].sort((a, b) => a - b)) {
    const parts = byVersion.get(number)!;
    const declared = db.version(number).stores(Object.assign({}, ...parts.map((part) => part.stores)));
    const upgrades = parts.flatMap((part) => (part.upgrade ? [part.upgrade] : []));
    if (upgrades.length > 0) {
      declared.upgrade(async (tx) => {
        for (const upgrade of upgrades) await upgrade(tx);
      });
    }
  }
}

/** The layout as it was at `version` (its later versions left out): tests open a database as an older desk left it. */
export function layoutUpTo(layout: readonly TableLayout[], version: number): TableLayout[] {
  return layout.map(({ feature, versions }) => ({
    feature,
    versions: versions.filter((entry) => entry.version <= version),
  }));
}
