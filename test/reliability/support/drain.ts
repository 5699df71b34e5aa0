import type { Outbox } from '../../../electron/core/outbox/outbox';

/** Waits until the outbox has nothing queued, waiting or sending; fails after `timeoutMs`. */
export async function drainOutbox(outbox: Outbox, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await outbox.settle();
    const { counts } = outbox.summary();
    if (counts.queued + counts.waiting + counts.sending === 0) return;
    if (Date.now() > deadline)
      throw new Error(`The outbox did not drain in ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
