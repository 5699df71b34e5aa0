// Purchase item rules of add_purchase, with the service's own failure messages.
import { parseServiceDateTime } from './datetime';

/** The item fields of section 2.5 that carry purchase information (ids excluded). */
const PURCHASE_ITEM_FIELDS = [
  'tx_id',
  'item_cat',
  'item_dep',
  'item_store',
  'item_brand',
  'item_code',
  'item_desc',
  'item_adj',
  'item_qty',
  'price',
  'purchased_at',
] as const;

/** A purchase item as sent to add_purchase; values arrive as JSON, so any type is possible. */
export type PurchaseItemInput = Record<string, unknown>;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether a JSON value is a finite number or a numeric string. */
function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** The item's checks in the service's order: null when valid, else the service's message ("No item price provided"…). */
export function validatePurchaseItem(item: PurchaseItemInput): string | null {
  if (PURCHASE_ITEM_FIELDS.every((field) => isBlank(item[field]))) return 'No purchase information to add';
  const desc = item.item_desc;
  if (!(typeof desc === 'string' || typeof desc === 'number') || isBlank(desc)) return 'No item description provided';
  if (!isNumeric(item.price)) return 'No item price provided';
  const at = item.purchased_at;
  if (typeof at !== 'string' || parseServiceDateTime(at) === null) return 'No purchase date and time provided';
  // Not in the reference's table: the sandbox refuses a quantity that is not a number rather than guess (see sandbox/README.md).
  if (!isBlank(item.item_qty) && !isNumeric(item.item_qty)) return 'Invalid item quantity provided';
  return null;
}

/** The item as the service stores it: item_qty set to 1 when blank, numeric strings of qty and price as numbers. */
export function normalizePurchaseItem<T extends PurchaseItemInput>(item: T): T & { item_qty: number } {
  const qty = isBlank(item.item_qty) ? 1 : Number(item.item_qty);
  const normalized: PurchaseItemInput = { ...item, item_qty: qty };
  if (isNumeric(item.price)) normalized.price = Number(item.price);
  return normalized as T & { item_qty: number };
}
