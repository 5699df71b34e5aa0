import { validateNewContact } from '../../../shared/rules/contact';
import type { DetailChange } from '../../../shared/rules/contact-identity';
import { isValidEmail, emailKey } from '../../../shared/rules/email';
import { normalizePhone } from '../../../shared/rules/phone';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { FIELD, type FieldValue } from '../../db/contact';
import type { FieldRow, GuestRow } from '../../db/guest-types';
import { TERM } from '../../search/terms';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { clearDraft, useDraft } from '../../stores/guests-drafts';
import { openGuest } from '../../stores/guests-panel';
import { createGuest, saveGuestEdit, type GuestEdit } from '../../stores/guests-writes';
import { typedGuestValue } from './field-values';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import type { LikelyDuplicate } from '../../components/DuplicateOffer';

interface NewGuestDraft extends Record<string, unknown> {
  values: Record<string, string>;
  categories: string[];
}

/** Where a new guest is recorded from: the Guests screen (the defaults) or the booking form. */
export interface NewGuestPlace {
  /** The draft the typed values are kept in while staff look elsewhere. */
  draftId: string;
  /** What staff may do with a guest on file instead, for the refusal ("Open them"). */
  instead: string;
  /** Told once a guest is recorded (default: nothing more). */
  successMessage?: string;
  /** After the guest is queued under a local id: open them, or book for them. */
  onRecorded: (localId: string, record: Record<string, FieldValue>) => void;
  /** After the details went to a guest on file: open them, or book for them. */
  onAddedTo: (row: GuestRow) => void;
}

/** The Guests screen's new-guest form: its draft, and the guest opened once recorded. */
const GUESTS_SCREEN: NewGuestPlace = {
  draftId: 'new-guest',
  instead: 'Open them',
  successMessage: 'Guest recorded. They go to the service through the outbox.',
  onRecorded: (localId) => openGuest(localId),
  onAddedTo: (row) => openGuest(row.key),
};

/**
 * The new-guest form's state: typed values kept as a draft, the duplicate check against the cache,
 * and queueing under a local id. The service keeps one guest per email and one per mobile, so a
 * guest with the email or mobile of one on file is not recorded again: staff open that guest or add
 * these details to them.
 */
export function useNewGuest(place: NewGuestPlace = GUESTS_SCREEN) {
  const country = useAccount((state) => state.account?.defaultPhoneCountry);
  const cache = useGuests((state) => state.cache);
  const [draft, update] = useDraft<NewGuestDraft>(place.draftId, { values: {}, categories: [] });
  const value = (name: string) => draft.values[name] ?? '';
  const email = value(FIELD.email).trim();
  const mobile = value(FIELD.mobile).trim() ? normalizePhone(value(FIELD.mobile), country) : null;

  const duplicates =
    useCacheQuery(async (): Promise<LikelyDuplicate[]> => {
      if (!cache) return [];
      const byEmail = email && isValidEmail(email) ? await cache.db.guestsWithTerm(TERM.email + emailKey(email)) : [];
      const byMobile = mobile ? await cache.db.guestsWithTerm(TERM.phone + mobile.slice(1)) : [];
      return [
        ...byEmail.map((row) => ({ row, same: 'email' as const })),
        ...byMobile.map((row) => ({ row, same: 'mobile' as const })),
      ];
    }, [cache, email, mobile]) ?? [];

  const fieldError = (field: Pick<FieldRow, 'name' | 'type'>): string | undefined => {
    const checked = typedGuestValue(field, value(field.name), country);
    return 'problem' in checked ? checked.problem : undefined;
  };

  /** The typed values as the service takes them (blanks, and values with a problem, left out). */
  const typedRecord = (fields: Pick<FieldRow, 'name' | 'type'>[]): Record<string, FieldValue> => {
    const record: Record<string, FieldValue> = {};
    for (const field of fields) {
      const checked = typedGuestValue(field, value(field.name), country);
      if ('value' in checked && checked.value !== '') record[field.name] = checked.value;
    }
    return record;
  };

  /** The new guest's details as they would be added to a guest on file (categories as the service lists them). */
  const newDetails = (fields: Pick<FieldRow, 'name' | 'type'>[]): Record<string, unknown> => ({
    ...typedRecord(fields),
    ...(draft.categories.length ? { svc_categories: draft.categories.join(',') } : {}),
  });

  const action = useDeskAction(async (fields: Pick<FieldRow, 'name' | 'type'>[]) => {
    const invalid = fields.map(fieldError).find(Boolean);
    if (invalid) throw new Error(`Check the marked fields: ${invalid}`);
    const record = typedRecord(fields);
    const problem = validateNewContact(record);
    if (problem)
      throw new Error(
        problem === 'No email or mobile information'
          ? 'Enter an email or a mobile: the service needs one of them.'
          : problem,
      );
    if (duplicates.length > 0) {
      const onFile = duplicates.map(({ row, same }) => `${row.label} already has this ${same}`).join(' and ');
      throw new Error(
        `The service keeps one guest per email and one per mobile, and ${onFile}. ${place.instead}, add these details to them, or change the email or mobile.`,
      );
    }
    const localId = await createGuest(getDesk(), record, draft.categories);
    clearDraft(place.draftId);
    place.onRecorded(localId, record);
    return localId;
  }, place.successMessage);

  /** A person's choice: the details (of `newDetails`) picked field by field go to the guest on file as a profile edit. */
  const addToGuest = useDeskAction(async (row: GuestRow, changes: DetailChange[], details: Record<string, unknown>) => {
    const edit: GuestEdit = { changes: {}, multiselect: [] };
    for (const change of changes) {
      if (change.field === 'svc_categories') edit.categories = change.to.split(',');
      else edit.changes[change.field] = details[change.field] as FieldValue;
    }
    if (Object.keys(edit.changes).length > 0 || edit.categories) await saveGuestEdit(getDesk(), row.key, edit);
    clearDraft(place.draftId);
    place.onAddedTo(row);
    return true;
  }, 'Added to the guest on file. The change goes to the service through the outbox.');

  return {
    value,
    setValue: (name: string, next: string) => update({ values: { ...draft.values, [name]: next } }),
    categories: draft.categories,
    setCategories: (categories: string[]) => update({ categories }),
    duplicates,
    newDetails,
    addToGuest,
    fieldError,
    submit: action.run,
    busy: action.busy,
    error: action.error,
    clear: () => (clearDraft(place.draftId), action.clearError()),
  };
}
