import { validateNewContact } from '../../../shared/rules/contact';
import { isValidEmail, emailKey } from '../../../shared/rules/email';
import { validateFieldValue } from '../../../shared/rules/fields';
import { normalizePhone, type CountryCode } from '../../../shared/rules/phone';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { FIELD, type FieldValue } from '../../db/contact';
import type { FieldRow, GuestRow } from '../../db/guest-db';
import { TERM } from '../../search/terms';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { clearDraft, useDraft } from '../../stores/guests-drafts';
import { openGuest } from '../../stores/guests-panel';
import { createGuest } from '../../stores/guests-writes';
import { toServiceValue } from './field-values';
import { useCacheQuery } from '../../hooks/useCacheQuery';

const DRAFT_ID = 'new-guest';

interface NewGuestDraft extends Record<string, unknown> {
  values: Record<string, string>;
  categories: string[];
  /** The duplicate warning was seen and staff chose to record anyway. */
  duplicateAccepted: boolean;
}

/** A likely duplicate already cached: who, and what they share. */
export interface LikelyDuplicate {
  row: GuestRow;
  same: 'email' | 'mobile';
}

/** The new-guest form's state: typed values kept as a draft, the duplicate check against the cache, and queueing under a local id. */
export function useNewGuest() {
  const country = useAccount((state) => state.account?.defaultPhoneCountry) as CountryCode | undefined;
  const cache = useGuests((state) => state.cache);
  const [draft, update] = useDraft<NewGuestDraft>(DRAFT_ID, { values: {}, categories: [], duplicateAccepted: false });
  const value = (name: string) => draft.values[name] ?? '';
  const email = value(FIELD.email).trim();
  const mobile = value(FIELD.mobile).trim() ? normalizePhone(value(FIELD.mobile), country) : null;

  const duplicates = useCacheQuery(async (): Promise<LikelyDuplicate[]> => {
    if (!cache) return [];
    const byEmail = email && isValidEmail(email) ? await cache.db.guestsWithTerm(TERM.email + emailKey(email)) : [];
    const byMobile = mobile ? await cache.db.guestsWithTerm(TERM.phone + mobile.slice(1)) : [];
    return [...byEmail.map((row) => ({ row, same: 'email' as const })), ...byMobile.map((row) => ({ row, same: 'mobile' as const }))];
  }, [cache, email, mobile]) ?? [];

  const fieldError = (field: Pick<FieldRow, 'name' | 'type'>): string | undefined => {
    const typed = value(field.name);
    if (!typed.trim()) return undefined;
    if (field.name === FIELD.email) return isValidEmail(typed.trim()) ? undefined : 'Not a valid email address.';
    if (field.name === FIELD.mobile) return mobile ? undefined : 'Not a valid mobile number (add the country code if it is abroad).';
    return validateFieldValue(field.type, typed) ?? undefined;
  };

  const action = useDeskAction(async (fields: Pick<FieldRow, 'name' | 'type'>[]) => {
    const record: Record<string, FieldValue> = {};
    for (const field of fields) {
      const typed = value(field.name);
      if (typed.trim()) record[field.name] = field.name === FIELD.mobile && mobile ? mobile : toServiceValue(field.type, typed);
    }
    const problem = validateNewContact(record);
    if (problem) throw new Error(problem === 'No email or mobile information' ? 'Enter an email or a mobile: the service needs one of them.' : problem);
    const invalid = fields.map(fieldError).find(Boolean);
    if (invalid) throw new Error(`Check the marked fields: ${invalid}`);
    if (duplicates.length > 0 && !draft.duplicateAccepted) throw new Error('This looks like a guest already on file (see above). Open them, or choose "Record anyway".');
    const localId = await createGuest(getDesk(), record, draft.categories);
    clearDraft(DRAFT_ID);
    openGuest(localId);
    return localId;
  }, 'Guest recorded. They go to the service through the outbox.');

  return {
    value,
    setValue: (name: string, next: string) => update({ values: { ...draft.values, [name]: next }, duplicateAccepted: false }),
    categories: draft.categories,
    setCategories: (categories: string[]) => update({ categories }),
    duplicates,
    acceptDuplicate: () => (update({ duplicateAccepted: true }), action.clearError()),
    duplicateAccepted: draft.duplicateAccepted,
    fieldError,
    submit: action.run,
    busy: action.busy,
    error: action.error,
    clear: () => (clearDraft(DRAFT_ID), action.clearError()),
  };
}
