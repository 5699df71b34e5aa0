import type { OutboxClock } from '../../../../electron/core/outbox/types';

/** A clock the test moves by hand: timers fire only inside advance(). */
export function createFakeClock(start = Date.UTC(2025, 5, 1, 12, 0, 0)) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: OutboxClock & {
    advance(ms: number): void;
    pendingTimers(): number;
  } = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return () => void timers.delete(id);
    },
    /** Moves time forward, firing due timers in time order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
      }
      now = until;
    },
    pendingTimers: () => timers.size,
  };
  return clock;
}

export type FakeClock = ReturnType<typeof createFakeClock>;
