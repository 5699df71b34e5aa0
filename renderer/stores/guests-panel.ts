import { create } from 'zustand';

/** What the right-hand side of the Guests screen shows. */
export type GuestPanel = { kind: 'none' } | { kind: 'guest'; key: string; tab?: GuestTab } | { kind: 'new' };

/** The tabs of a guest's profile. */
export type GuestTab = 'details' | 'purchase' | 'sms' | 'email' | 'history';

/** Which guest (or form) is open beside the search. */
export const useGuestPanel = create<{ panel: GuestPanel }>(() => ({ panel: { kind: 'none' } }));

/** Opens a guest's profile (on a tab). */
export function openGuest(key: string, tab: GuestTab = 'details'): void {
  useGuestPanel.setState({ panel: { kind: 'guest', key, tab } });
}

/** Shows another panel: the new-guest form, or nothing. */
export function showPanel(panel: GuestPanel): void {
  useGuestPanel.setState({ panel });
}
