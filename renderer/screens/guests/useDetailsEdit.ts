import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { categoriesOf, FIELD, optionsOf, SYSTEM_FIELDS, type ContactRecord } from '../../db/contact';
import type { FieldRow, MultiselectChange } from '../../db/guest-types';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { clearDraft, guestDraftId, useDraft } from '../../stores/guests-drafts';
import { guestEditBase } from '../../sync/edit-base';
import { saveGuestEdit, type GuestEdit } from '../../stores/guests-writes';
import type { GuestProfileData } from './useGuestProfile';
import { toInputValue, typedGuestValue } from './field-values';

interface DetailsDraft extends Record<string, unknown> {
  values: Record<string, string>;
  checks: Record<string, Record<string, boolean>>;
  categories?: string[];
  /** Each field as staff saw it when they first changed it, and when the guests were last pulled then (issue 20). */
  base?: ContactRecord;
  baseAt?: string;
}

/** The fields a profile edits: the account's definitions in order, then any other field the record has. */
export function editableFields(
  fields: FieldRow[],
  record: ContactRecord,
): Pick<FieldRow, 'name' | 'type' | 'options'>[] {
  const known = new Set(fields.map((field) => field.name));
  const extra = Object.keys(record)
    .filter((name) => !known.has(name) && !SYSTEM_FIELDS.has(name))
    .map((name) => ({ name, type: 'string' }));
  return [...fields.filter((field) => !SYSTEM_FIELDS.has(field.name)), ...extra];
}

/** The profile's edit: typed values kept as a draft (nothing typed is lost), checked against the field types, queued on save. */
export function useDetailsEdit(profile: GuestProfileData) {
  const { row, shown } = profile;
  const country = useAccount((state) => state.account?.defaultPhoneCountry);
  const format = useVenueFormat();
  const [draft, setDraft] = useDraft<DetailsDraft>(guestDraftId('profile', row), { values: {}, checks: {} });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = editableFields(profile.fields, shown);

  /** A field's stored value as its editor shows it: the mobile in the venue's form (0412 345 678), as the results list shows it. */
  const storedInput = (field: Pick<FieldRow, 'name' | 'type'>) => {
    const value = toInputValue(field.type, shown[field.name]);
    return field.name === FIELD.mobile ? format.phone(value) : value;
  };
  const valueOf = (field: Pick<FieldRow, 'name' | 'type'>) => draft.values[field.name] ?? storedInput(field);
  const checkedOf = (name: string) => {
    const checks = draft.checks[name] ?? {};
    const current = optionsOf(shown, name).filter((option) => checks[option] !== false);
    return [...current, ...Object.keys(checks).filter((option) => checks[option] && !current.includes(option))];
  };
  const categories = draft.categories ?? categoriesOf(shown);

  const edit = (): GuestEdit => {
    const changes: GuestEdit['changes'] = {};
    for (const field of fields) {
      const typed = draft.values[field.name];
      if (typed !== undefined && typed !== storedInput(field)) changes[field.name] = typed;
    }
    const multiselect: MultiselectChange[] = [];
    for (const [field, checks] of Object.entries(draft.checks)) {
      const current = optionsOf(shown, field);
      for (const [option, checked] of Object.entries(checks))
        if (checked !== current.includes(option)) multiselect.push({ field, option, checked });
    }
    const changedCategories =
      draft.categories && !sameSet(draft.categories, categoriesOf(shown)) ? draft.categories : undefined;
    return { changes, multiselect, ...(changedCategories ? { categories: changedCategories } : {}) };
  };

  /** The draft with the base of `field` taken now, when staff first change it. */
  const withBase = (field: string, patch: Partial<DetailsDraft>): Partial<DetailsDraft> => {
    if (draft.base && field in draft.base) return patch;
    const baseAt = draft.baseAt ?? useGuests.getState().status.lastPullStartedAt;
    return { ...patch, base: { ...draft.base, [field]: shown[field] ?? null }, ...(baseAt ? { baseAt } : {}) };
  };
  /** The edit's base: the fields it sets as staff first saw them (none for a guest only this desk has). */
  const deskEditOf = (edit: GuestEdit) => {
    const set = [...Object.keys(edit.changes), ...(edit.categories ? ['svc_categories'] : [])];
    const base = Object.fromEntries(
      set.flatMap((field) => (draft.base && field in draft.base ? [[field, draft.base[field]]] : [])),
    );
    return guestEditBase(row.key, base, draft.baseAt, profile.fields);
  };

  const pending = edit();
  const dirty =
    Object.keys(pending.changes).length > 0 || pending.multiselect.length > 0 || pending.categories !== undefined;

  const save = useDeskAction(async () => {
    const problems: Record<string, string> = {};
    const changes: GuestEdit['changes'] = {};
    for (const [name, typed] of Object.entries(pending.changes)) {
      const field = fields.find((entry) => entry.name === name)!;
      const checked = typedGuestValue(field, String(typed), country);
      if ('problem' in checked) problems[name] = checked.problem;
      else changes[name] = checked.value;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) throw new Error('Check the marked fields: nothing was saved yet.');
    await saveGuestEdit(getDesk(), row.key, { ...pending, changes }, deskEditOf(pending));
    clearDraft(guestDraftId('profile', row));
    return true;
  }, 'Saved. The change goes to the service through the outbox.');

  return {
    fields,
    valueOf,
    setValue: (name: string, value: string) => setDraft(withBase(name, { values: { ...draft.values, [name]: value } })),
    checkedOf,
    toggle: (field: string, option: string, checked: boolean) =>
      setDraft({ checks: { ...draft.checks, [field]: { ...draft.checks[field], [option]: checked } } }),
    categories,
    setCategories: (next: string[]) => setDraft(withBase('svc_categories', { categories: next })),
    errors,
    failure: save.error,
    dirty,
    busy: save.busy,
    save: save.run,
    revert: () => (clearDraft(guestDraftId('profile', row)), setErrors({}), save.clearError()),
  };
}

/** Two lists with the same items in any order. */
function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
