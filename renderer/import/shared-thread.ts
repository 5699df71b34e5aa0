// The import worker's thread, shared between reading the guest cache and checking the file.

/** A job done a slice at a time: each call does a little and answers whether more is left. */
export type SlicedJob = () => boolean;

/** Runs sliced jobs in the waits of a read under way, or straight through when none is. */
export interface SharedThread {
  /** Runs `job` until it says it is done: a slice per step of a read under way, else all at once. */
  run(job: SlicedJob): Promise<void>;
  /** Marks a read under way: it calls `step` from each of its callbacks, and `done` once at its end. */
  reading(): { step(): void; done(): void };
}

/**
 * IndexedDB answers a key cursor from another process, so between two steps of a walk over the
 * guest cache the worker mostly waits (100,000 steps take about the same time with a few hundred
 * microseconds of other work done at each). Work handed here while a walk is under way is done in
 * those waits, a slice per step, so checking a file does not wait for the walk, nor the walk for it.
 */
export function createSharedThread(): SharedThread {
  const queued: Array<{ job: SlicedJob; finished: () => void; failed: (error: unknown) => void }> = [];
  let reads = 0;

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

  return {
    run(job) {
      return new Promise((finished, failed) => {
        queued.push({ job, finished, failed });
        if (reads === 0) while (queued.length > 0) slice();
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
          if (reads === 0) while (queued.length > 0) slice();
        },
      };
    },
  };
}
