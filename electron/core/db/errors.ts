/** Why the desk's database cannot be used as it is. */
export type DatabaseProblem = 'cut-short' | 'not-a-database' | 'corrupted' | 'too-new';

const WHAT_TO_DO: Record<DatabaseProblem, string> = {
  'cut-short':
    'The file was left untouched. Restore it from a backup, or move it aside to start with an empty outbox (entries not yet sent would then be lost).',
  'not-a-database':
    'The file was left untouched. Restore it from a backup, or move it aside to start with an empty outbox (entries not yet sent would then be lost).',
  corrupted:
    'The file was left untouched. Restore it from a backup, or move it aside to start with an empty outbox (entries not yet sent would then be lost).',
  'too-new': 'It was written by a newer Venue Desk. Install that version again; this one will not change the file.',
};

const HEADLINE: Record<DatabaseProblem, string> = {
  'cut-short': 'The desk database is cut short',
  'not-a-database': 'The desk database file is not a database',
  corrupted: 'The desk database is damaged',
  'too-new': 'The desk database is from a newer version',
};

/**
 * The desk's database file failed its start-up checks. The app reports it and stops: replacing the
 * file with an empty one would silently lose every entry still waiting to be sent.
 */
export class DeskDatabaseError extends Error {
  override readonly name = 'DeskDatabaseError';
  readonly whatToDo: string;

  constructor(
    readonly problem: DatabaseProblem,
    readonly file: string,
    /** What the check found, for the log and the details pane. */
    readonly details: string,
  ) {
    super(`${HEADLINE[problem]} (${file}): ${details}`);
    this.whatToDo = WHAT_TO_DO[problem];
  }
}
