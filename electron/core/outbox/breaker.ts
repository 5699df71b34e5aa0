import type { OutboxClock } from './types';

/** The offline breaker: while open the dispatcher sends nothing and spends no attempts. */
export interface OfflineBreaker {
  readonly online: boolean;
  /** A call found no connection: stop sending and probe until the service answers. */
  trip(): void;
  /** The network is back (the OS said so): resume at once; a failing call trips it again for free. */
  notifyOnline(): void;
  stop(): void;
}

export interface OfflineBreakerOptions {
  clock: OutboxClock;
  /** A cheap call; true when the service answered at all (any answer proves the line works). */
  probe: () => Promise<boolean>;
  intervalMs: number;
  onChange: (online: boolean) => void;
}

/** Creates a breaker that starts closed (online) and probes every `intervalMs` while open. */
export function createOfflineBreaker(options: OfflineBreakerOptions): OfflineBreaker {
  let online = true;
  let stopped = false;
  let cancelProbe: (() => void) | null = null;
  let probing = false;

  const setOnline = (value: boolean) => {
    if (online === value) return;
    online = value;
    options.onChange(value);
  };

  const scheduleProbe = () => {
    cancelProbe?.();
    cancelProbe = stopped ? null : options.clock.setTimeout(() => void probeOnce(), options.intervalMs);
  };

  const probeOnce = async () => {
    cancelProbe = null;
    if (stopped || online || probing) return;
    probing = true;
    let answered: boolean;
    try {
      answered = await options.probe();
    } catch {
      answered = false;
    } finally {
      probing = false;
    }
    if (stopped || online) return;
    if (answered) setOnline(true);
    else scheduleProbe();
  };

  return {
    get online() {
      return online;
    },
    trip() {
      if (stopped || !online) return;
      setOnline(false);
      scheduleProbe();
    },
    notifyOnline() {
      if (stopped) return;
      cancelProbe?.();
      cancelProbe = null;
      setOnline(true);
    },
    stop() {
      stopped = true;
      cancelProbe?.();
      cancelProbe = null;
    },
  };
}
