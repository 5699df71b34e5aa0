import type { Migration } from '../migrate';
import { outboxMigration } from './001-outbox';
import { settingsMigration } from './002-settings';
import { importsMigration } from './003-imports';
import { campaignsMigration } from './004-campaigns';
import { importStagingMigration } from './005-import-staging';
import { outboxCountsMigration } from './006-outbox-counts';
import { knownGuestsMigration } from './007-known-guests';
import { outboxLeanIndexesMigration } from './008-outbox-lean-indexes';
import { outboxGuestIndexMigration } from './009-outbox-guest-index';
import { importCancelledRowsMigration } from './010-import-cancelled-rows';

/**
 * Every migration of the desk database, one shared numbered sequence for all desk-core modules.
 * To add one: a migration numbered after the last, in this folder as `NNN-what.ts` (one file each,
 * with a test that migrates a file of the version before), appended here. Never edit or reorder a migration that has shipped:
 * files in the field are at every version in between.
 */
export const deskMigrations: readonly Migration[] = [
  outboxMigration,
  settingsMigration,
  importsMigration,
  campaignsMigration,
  importStagingMigration,
  outboxCountsMigration,
  knownGuestsMigration,
  outboxLeanIndexesMigration,
  outboxGuestIndexMigration,
  importCancelledRowsMigration,
];
