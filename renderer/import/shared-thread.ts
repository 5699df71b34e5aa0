// The import worker's thread, shared between reading the guest cache and checking the file.

/** A job done a slice at a time: each call does a little and answers whether more is left. */
export type SlicedJob = () => boolean;

/** Runs sliced jobs in the waits of a read under way, or in stretches that let the worker's other tasks in when none is. */
export interface SharedThread {
  /** Runs `job` until it says it is done: a slice per step of a read under way, else a stretch of slices per task. */
  run(job: SlicedJob): Promise<void>;
  /** Marks a read under way: it calls `step` from each of its callbacks, and `done` once at its end. */
  reading(): { step(): void; done(): void };
}

/** How long sliced work runs before the worker's other tasks (answers of IndexedDB reads, messages) get in. */
const STRETCH_MS = 16;

/**
 * IndexedDB answers a key cursor from another process, so between two steps of a walk over the
 * guest cache the worker mostly waits (100,000 steps take about the same time with a few hundred
 * microseconds of other work done at each). Work handed here while a walk is under way is done in
 * those waits, a slice per step, so checking a file does not wait for the walk, nor the walk for it.
 * With no walk under way, the work runs in stretches of about 16 ms, each its own task: the answers of
 * other reads (the identity log, guests' records) are taken in between instead of after all of it.
 */
export function createSharedThread(): SharedThread {
  const queued: Array<{ job: SlicedJob; finished: () => void; failed: (error: unknown) => void }> = [];
  let reads = 0;
  let running = false;

  /** Runs one slice of the first queued job; settles it when it is done or throws. */
  const slice = () => {
    const first = queued[0];
    if (!first) return;
    try {
      if (first.job()) return;
      queued.shift();
      first.finished();
    } catch (error) {
      queued.shift();
      first.failed(error);
    }
  };

  /** Runs the queued jobs in stretches while no read is under way, letting other tasks in between. */
  const runStretches = async () => {
    if (running) return;
    running = true;
    const tasks = taskQueue();
    try {
      while (queued.length > 0 && reads === 0) {
        const until = performance.now() + STRETCH_MS;
        do slice();
        while (queued.length > 0 && reads === 0 && performance.now() < until);
        if (queued.length > 0 && reads === 0) await tasks.next();
      }
    } finally {
      tasks.close();
      running = false;
    }
  };

  return {
    run(job) {
      return new Promise((finished, failed) => {
        queued.push({ job, finished, failed });
        if (reads === 0) void runStretches();
      });
    },
    reading() {
      reads += 1;
      let open = true;
      return {
        step: slice,
        done() {
          if (!open) return;
          open = false;
          reads -= 1;
          if (reads === 0) void runStretches();
        },
      };
    },
  };
}

/**
 * Turns in the worker's task queue: `next` resolves in a task of its own, after the tasks already
 * queued (a message to itself; timers are clamped to 4 ms once nested). Closed when no longer needed.
 */
function taskQueue(): { next(): Promise<void>; close(): void } {
  let channel: MessageChannel | null = null;
  let resume: () => void = () => undefined;
  return {
    next() {
      if (!channel) {
        channel = new MessageChannel();
        channel.port1.onmessage = () => resume();
      }
      const sent = channel;
      return new Promise((resolve) => {
        resume = resolve;
        sent.port2.postMessage(null);
      });
    },
    close() {
      channel?.port1.close();
      channel = null;
    },
  };
}
