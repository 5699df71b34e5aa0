import { useEffect } from 'react';
import { useNavigation } from '../stores/navigation';
import { SCREENS } from './screens';

/** Desk-wide keys: Ctrl/Cmd+K focuses guest search; Alt+1…7 switch screens. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        useNavigation.getState().focusGuestSearch();
        return;
      }
      if (event.altKey && !mod && /^[1-9]$/.test(event.key)) {
        const screen = SCREENS[Number(event.key) - 1];
        if (screen) {
          event.preventDefault();
          useNavigation.getState().go(screen.id);
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
