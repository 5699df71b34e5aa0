import { create } from 'zustand';
import type { ScreenId } from '../app/screens';

interface NavigationState {
  screen: ScreenId;
  /** Bumped by Ctrl+K; the guest search focuses itself whenever it changes. */
  searchFocusRequest: number;
  go(screen: ScreenId): void;
  focusGuestSearch(): void;
}

/** Which screen is showing, and requests to focus the guest search from anywhere. */
export const useNavigation = create<NavigationState>((set) => ({
  screen: 'guests',
  searchFocusRequest: 0,
  go: (screen) => set({ screen }),
  focusGuestSearch: () => set((state) => ({ screen: 'guests', searchFocusRequest: state.searchFocusRequest + 1 })),
}));
