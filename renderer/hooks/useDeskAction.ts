import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';

/**
 * Runs a desk call for a form: tracks busy, keeps the last error message for the form to show
 * (what was typed stays in the form), and toasts a success message when given one.
 */
export function useDeskAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  successMessage?: string | ((result: Result) => string),
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (...args: Args): Promise<Result | undefined> => {
      setBusy(true);
      setError(null);
      try {
        const result = await action(...args);
        if (successMessage) {
          notifications.show({
            color: 'teal',
            message: typeof successMessage === 'function' ? successMessage(result) : successMessage,
          });
        }
        return result;
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [action, successMessage],
  );
  return { run, busy, error, clearError: () => setError(null) };
}
