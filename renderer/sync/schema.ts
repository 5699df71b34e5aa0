import type { DeskApi } from '../../shared/bridge/contract';
import type { GuestDatabase } from '../db/guest-db';

/** Refreshes the cached field definitions and categories from the service (the profile's editors follow them). */
export async function syncSchema(
  desk: Pick<DeskApi, 'listContactFields' | 'listCategories'>,
  db: GuestDatabase,
): Promise<void> {
  const [fields, categories] = await Promise.all([desk.listContactFields({}), desk.listCategories({})]);
  await db.replaceSchema(
    fields.map((field, position) => ({ ...field, position })),
    categories,
  );
}
