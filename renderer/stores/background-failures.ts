import { create } from 'zustand';

/** The latest failure of work staff did not ask for (sync, following the outbox, reconnecting), for the status line. */
export interface BackgroundFailure {
  /** What the desk was doing, in staff's words ("Syncing guests"). */
  what: string;
  message: string;
  at: string;
}

/** Background failures: the latest one shows in the status line until dismissed or replaced. */
export const useBackgroundFailures = create<{ latest: BackgroundFailure | null }>(() => ({ latest: null }));

/** Reports a failure of background work: logged for support, and shown in the status line. Never swallow one. */
export function reportBackgroundFailure(what: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[desk] ${what} failed:`, error);
  useBackgroundFailures.setState({ latest: { what, message, at: new Date().toISOString() } });
}

/** Hides the status line's failure (staff read it). */
export function dismissBackgroundFailure(): void {
  useBackgroundFailures.setState({ latest: null });
}
