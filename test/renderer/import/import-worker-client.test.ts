import { afterEach, describe, expect, it, vi } from 'vitest';
import { wrapWorker, type WorkerLike } from '../../../renderer/import/worker-client';

/** A worker that answers nothing by itself: the test fires its events. */
function silentWorker() {
  const listeners = new Map<string, Array<(event: unknown) => void>>();
  let terminated = 0;
  const worker: WorkerLike = {
    postMessage: () => {},
    terminate: () => void (terminated += 1),
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      if (typeof listener === 'function')
        listeners.set(type, [...(listeners.get(type) ?? []), listener as (event: unknown) => void]);
    },
  };
  return {
    worker,
    fire: (type: string, event: unknown) => listeners.get(type)?.forEach((listener) => listener(event)),
    terminated: () => terminated,
  };
}

afterEach(() => vi.useRealTimers());

describe('every request to the import worker ends, with a sentence', () => {
  it('gives up on a worker that says nothing within its time limit, and stops it', async () => {
    vi.useFakeTimers();
    const { worker, terminated } = silentWorker();
    const client = wrapWorker(worker);
    const answer = client.request({ type: 'problemRows' }, { timeLimitMs: 5000 });
    const caught = answer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    expect(terminated()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(String(await caught)).toMatch(/gave no sign of life for 5 seconds and was stopped/);
    expect(terminated()).toBe(1);
    await expect(client.request({ type: 'problemRows' })).rejects.toThrow(/gave no sign of life/);
  });

  it('keeps waiting while the worker reports progress', async () => {
    vi.useFakeTimers();
    const { worker, fire } = silentWorker();
    const progress: number[] = [];
    const answer = wrapWorker(worker).request(
      { type: 'problemRows' },
      { timeLimitMs: 5000, onProgress: (done) => progress.push(done) },
    );
    for (let i = 1; i <= 3; i++) {
      await vi.advanceTimersByTimeAsync(4000);
      fire('message', { data: { type: 'progress', id: 1, done: i, total: 3 } });
    }
    fire('message', { data: { type: 'answer', id: 1, answer: { header: [], rows: [] } } });
    await expect(answer).resolves.toEqual({ header: [], rows: [] });
    expect(progress).toEqual([1, 2, 3]);
  });

  it('says what happened when the worker dies, whether it gives a message or not', async () => {
    const first = silentWorker();
    const failing = wrapWorker(first.worker).request({ type: 'problemRows' });
    first.fire('error', { message: 'Uncaught RangeError: Invalid array length' });
    await expect(failing).rejects.toThrow(/The import stopped unexpectedly: Uncaught RangeError: Invalid array length/);
    const second = silentWorker();
    const unloaded = wrapWorker(second.worker).request({ type: 'problemRows' });
    second.fire('error', { message: '' });
    await expect(unloaded).rejects.toThrow(/could not start its reader \(its script did not load\)/);
    const third = silentWorker();
    const garbled = wrapWorker(third.worker).request({ type: 'problemRows' });
    third.fire('messageerror', {});
    await expect(garbled).rejects.toThrow(/lost a message from its reader/);
  });
});
