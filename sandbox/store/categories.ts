// Categories and which contacts are in them.
import { sql, type SandboxDatabase } from './schema';

/** A category as the API lists it. */
export interface Category {
  id: string;
  name: string;
}

/** The account's categories, by name. */
export function listCategories(db: SandboxDatabase, accountId: number): Category[] {
  return (
    sql(db, 'SELECT id, name FROM categories WHERE account_id = ? ORDER BY name').all(accountId) as {
      id: number;
      name: string;
    }[]
  ).map((row) => ({
    id: String(row.id),
    name: row.name,
  }));
}

/** Splits svc_categories ("VIP, Regulars") into distinct names, case-insensitively. */
export function parseCategoryNames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** The categories of these names, created when missing (section 2.2); names keep the case first stored. */
export function ensureCategories(db: SandboxDatabase, accountId: number, names: readonly string[]): Category[] {
  return names.map((name) => {
    sql(db, 'INSERT OR IGNORE INTO categories (account_id, name) VALUES (?, ?)').run(accountId, name);
    const row = sql(db, 'SELECT id, name FROM categories WHERE account_id = ? AND name = ?').get(accountId, name) as {
      id: number;
      name: string;
    };
    return { id: String(row.id), name: row.name };
  });
}

/** Replaces a contact's categories and its svc_categories text. */
export function setContactCategories(db: SandboxDatabase, contactId: number, categories: readonly Category[]): void {
  sql(db, 'DELETE FROM contact_categories WHERE contact_id = ?').run(contactId);
  for (const category of categories)
    sql(db, 'INSERT OR IGNORE INTO contact_categories (contact_id, category_id) VALUES (?, ?)').run(
      contactId,
      Number(category.id),
    );
  sql(db, 'UPDATE contacts SET categories = ? WHERE id = ?').run(categories.map((c) => c.name).join(','), contactId);
}

/** Which of these ids are the account's categories. */
export function existingCategoryIds(db: SandboxDatabase, accountId: number, ids: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const id of ids) {
    if (!/^\d+$/.test(id)) continue;
    if (sql(db, 'SELECT 1 FROM categories WHERE account_id = ? AND id = ?').get(accountId, Number(id))) found.add(id);
  }
  return found;
}
