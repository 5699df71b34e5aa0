// Contact and reservation field definitions and the options of select fields.
import { sql, type SandboxDatabase } from './schema';

export type FieldScope = 'contact' | 'reservation';

/** A field definition as stored. */
export interface FieldDefinition {
  name: string;
  label: string;
  type: string;
}

/** A field with its options, as push and pull use them. */
export interface FieldInfo extends FieldDefinition {
  options: string[];
}

/** The account's fields of a scope, in display order. */
export function listFields(db: SandboxDatabase, accountId: number, scope: FieldScope): FieldDefinition[] {
  return sql(db, 'SELECT name, label, type FROM fields WHERE account_id = ? AND scope = ? ORDER BY position').all(
    accountId,
    scope,
  ) as FieldDefinition[];
}

/** The options of one select field, in the order they were created. */
export function listOptions(db: SandboxDatabase, accountId: number, scope: FieldScope, fieldName: string): string[] {
  return (
    sql(
      db,
      'SELECT option FROM field_options WHERE account_id = ? AND scope = ? AND field_name = ? ORDER BY position',
    ).all(accountId, scope, fieldName) as {
      option: string;
    }[]
  ).map((row) => row.option);
}

/** Every field of a scope with its options, by name: loaded once per request, then used for each pushed item. */
export function loadFieldMap(db: SandboxDatabase, accountId: number, scope: FieldScope): Map<string, FieldInfo> {
  const map = new Map<string, FieldInfo>();
  for (const field of listFields(db, accountId, scope)) map.set(field.name, { ...field, options: [] });
  const rows = sql(
    db,
    'SELECT field_name, option FROM field_options WHERE account_id = ? AND scope = ? ORDER BY position',
  ).all(accountId, scope) as {
    field_name: string;
    option: string;
  }[];
  for (const row of rows) map.get(row.field_name)?.options.push(row.option);
  return map;
}

/** Adds a field at the end, or right after `appendAfter`, with initial options (standard fields only). */
export function addField(
  db: SandboxDatabase,
  accountId: number,
  scope: FieldScope,
  field: FieldDefinition,
  options: readonly string[] = [],
  appendAfter?: string,
): void {
  let position: number;
  if (appendAfter) {
    const after = sql(db, 'SELECT position FROM fields WHERE account_id = ? AND scope = ? AND name = ?').get(
      accountId,
      scope,
      appendAfter,
    ) as { position: number };
    const next = sql(
      db,
      'SELECT MIN(position) AS position FROM fields WHERE account_id = ? AND scope = ? AND position > ?',
    ).get(accountId, scope, after.position) as {
      position: number | null;
    };
    // Positions are reals, so a field fits between two others without renumbering.
    position = next.position === null ? after.position + 1 : (after.position + next.position) / 2;
  } else {
    const last = sql(db, 'SELECT MAX(position) AS position FROM fields WHERE account_id = ? AND scope = ?').get(
      accountId,
      scope,
    ) as { position: number | null };
    position = (last.position ?? 0) + 1;
  }
  sql(db, 'INSERT INTO fields (account_id, scope, name, label, type, position) VALUES (?, ?, ?, ?, ?, ?)').run(
    accountId,
    scope,
    field.name,
    field.label,
    field.type,
    position,
  );
  for (const option of options) ensureOption(db, accountId, scope, field.name, option);
}

/** Whether a field of that name exists. */
export function fieldExists(db: SandboxDatabase, accountId: number, scope: FieldScope, name: string): boolean {
  return (
    sql(db, 'SELECT 1 FROM fields WHERE account_id = ? AND scope = ? AND name = ?').get(accountId, scope, name) !==
    undefined
  );
}

/** Creates a select option when it does not exist yet (pushes create options, section 4.12). */
export function ensureOption(
  db: SandboxDatabase,
  accountId: number,
  scope: FieldScope,
  fieldName: string,
  option: string,
  known?: FieldInfo,
): void {
  if (known?.options.includes(option)) return;
  sql(
    db,
    `INSERT OR IGNORE INTO field_options (account_id, scope, field_name, option, position)
    VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM field_options WHERE account_id = ? AND scope = ? AND field_name = ?))`,
  ).run(accountId, scope, fieldName, option, accountId, scope, fieldName);
  known?.options.push(option);
}
