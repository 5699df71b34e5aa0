// Contact rules of push_contact that can be checked without the database.

/** Keys of a pushed contact that are not contact information. */
export const CONTACT_SYSTEM_KEYS = ['client_id', 'contact_id', 'svc_categories', 'svc_multiselect_modify'] as const;

/** A contact as pushed: system keys plus custom fields by name. */
export type ContactInput = Record<string, unknown>;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether the contact carries anything to store besides its ids: a custom field, categories (even '' to clear them) or select changes. */
export function hasContactInformation(contact: ContactInput): boolean {
  return Object.entries(contact).some(([key, value]) => {
    if (key === 'client_id' || key === 'contact_id') return false;
    if (key === 'svc_categories') return typeof value === 'string';
    if (key === 'svc_multiselect_modify') return Array.isArray(value) && value.length > 0;
    return true;
  });
}

/** Checks a contact that has no contact_id yet: null when it can be added, else the service's message. */
export function validateNewContact(contact: ContactInput): string | null {
  if (!hasContactInformation(contact)) return 'No contact information to add/update';
  if (isBlank(contact.PatronEmail) && isBlank(contact.PatronMobile)) return 'No email or mobile information';
  return null;
}
