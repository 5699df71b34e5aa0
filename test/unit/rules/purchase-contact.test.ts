import { describe, expect, it } from 'vitest';
import { hasContactInformation, validateNewContact } from '../../../shared/rules/contact';
import { normalizePurchaseItem, validatePurchaseItem } from '../../../shared/rules/purchase';

const item = { item_desc: 'Pint', price: 9.5, purchased_at: '2025-05-01 20:15:00' };

describe('validatePurchaseItem', () => {
  it('accepts a complete item, with ISO-8601 dates too', () => {
    expect(validatePurchaseItem(item)).toBeNull();
    expect(validatePurchaseItem({ ...item, purchased_at: '2025-05-01T20:15:00+10:00', price: '9.50' })).toBeNull();
  });

  it('answers with the service messages, in its order', () => {
    expect(validatePurchaseItem({})).toBe('No purchase information to add');
    expect(validatePurchaseItem({ ...item, item_desc: ' ' })).toBe('No item description provided');
    expect(validatePurchaseItem({ ...item, price: 'free' })).toBe('No item price provided');
    expect(validatePurchaseItem({ ...item, price: undefined })).toBe('No item price provided');
    expect(validatePurchaseItem({ ...item, purchased_at: 'last night' })).toBe('No purchase date and time provided');
    expect(validatePurchaseItem({ ...item, item_qty: 'two' })).toBe('Invalid item quantity provided');
  });

  it('normalizePurchaseItem sets a blank quantity to 1 and keeps a given one', () => {
    expect(normalizePurchaseItem(item).item_qty).toBe(1);
    expect(normalizePurchaseItem({ ...item, item_qty: '' }).item_qty).toBe(1);
    expect(normalizePurchaseItem({ ...item, item_qty: '3' }).item_qty).toBe(3);
    expect(normalizePurchaseItem({ ...item, price: '9.50' }).price).toBe(9.5);
  });
});

describe('validateNewContact', () => {
  it('needs some information, then email or mobile', () => {
    expect(validateNewContact({ client_id: '1' })).toBe('No contact information to add/update');
    expect(validateNewContact({ client_id: '1', PatronName: 'Sam' })).toBe('No email or mobile information');
    expect(validateNewContact({ client_id: '1', PatronEmail: ' ' })).toBe('No email or mobile information');
    expect(validateNewContact({ client_id: '1', PatronMobile: '0412345678' })).toBeNull();
    expect(validateNewContact({ client_id: '1', PatronEmail: 'sam@example.com' })).toBeNull();
  });

  it('counts categories (even empty, which clears them) and select changes as information', () => {
    expect(hasContactInformation({ client_id: '1', contact_id: '2', svc_categories: '' })).toBe(true);
    expect(hasContactInformation({ client_id: '1', contact_id: '2', svc_multiselect_modify: [] })).toBe(false);
    expect(hasContactInformation({ client_id: '1', contact_id: '2' })).toBe(false);
  });
});
