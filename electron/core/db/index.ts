// The desk database: one SQLite file per desk, one numbered migration sequence shared by every desk-core module.
export { openDeskDatabase, moveAsideDamagedDatabase } from './open-database';
export { DeskDatabaseError, type DatabaseProblem } from './errors';
export { migrate, schemaVersion, type Migration, type MigrationReport } from './migrate';
export { deskMigrations } from './migrations';
