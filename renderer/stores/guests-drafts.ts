import { create } from 'zustand';

/** A form's typed values, by field. */
export type Draft = Record<string, unknown>;

/** What staff have typed into the Guests forms, kept while they look elsewhere and until it is queued. */
export const useGuestDrafts = create<{ drafts: Record<string, Draft> }>(() => ({ drafts: {} }));

/** Merges typed values into a form's draft. */
export function updateDraft(id: string, patch: Draft): void {
  useGuestDrafts.setState((state) => ({ drafts: { ...state.drafts, [id]: { ...state.drafts[id], ...patch } } }));
}

/** Forgets a form's draft (it was queued, or staff cleared it). */
export function clearDraft(id: string): void {
  useGuestDrafts.setState((state) => {
    const { [id]: _gone, ...rest } = state.drafts;
    return { drafts: rest };
  });
}

/** A form's draft, typed by the form (empty when nothing was typed). */
export function useDraft<T extends Draft>(id: string, initial: T): [T, (patch: Partial<T>) => void] {
  const draft = useGuestDrafts((state) => state.drafts[id]);
  return [{ ...initial, ...draft } as T, (patch) => updateDraft(id, patch)];
}

/** The draft id of a form about a guest; it survives the guest being confirmed under the service's id. */
export function guestDraftId(form: string, row: { key: string; localId?: string }): string {
  return `${form}:${row.localId ?? row.key}`;
}
