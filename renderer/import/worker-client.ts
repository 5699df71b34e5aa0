// The page's side of the import worker: requests as promises with a time limit, progress as a callback.
import type { WorkerAnswers, WorkerMessage, WorkerRequest } from './protocol';

/** Hooks for what a long request reports before its answer. */
export interface RequestHooks {
  onProgress?: (done: number, total: number) => void;
  /** How long the request may go without an answer or any progress before it is given up (the worker is then stopped). */
  timeLimitMs?: number;
}

/** A refusal from the worker, or the worker stopped or silent: the sentence to show staff. */
class ImportWorkerError extends Error {}

/** The import worker, as the screen calls it. */
export interface ImportWorker {
  request<T extends WorkerRequest['type']>(
    request: Extract<WorkerRequest, { type: T }>,
    hooks?: RequestHooks,
    transfer?: Transferable[],
  ): Promise<WorkerAnswers[T]>;
  terminate(): void;
}

/** How long a request may stay silent by default (reading and checking report progress; the rest is quick). */
const DEFAULT_TIME_LIMIT_MS = 90_000;

/** Starts the import worker (a module worker Vite bundles on its own). */
export function startImportWorker(): ImportWorker {
  return wrapWorker(new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'import' }));
}

/** What the page sees of a worker (a real one, or the handler run in-process by tests). */
export type WorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>;

/**
 * Wraps a worker in promise-returning requests. Every request ends: with the answer, the worker's
 * refusal, the worker's death (an error, a message it could not read), or its time limit passing
 * with no word from the worker (then the worker is stopped: its state is no longer trusted).
 */
export function wrapWorker(worker: WorkerLike): ImportWorker {
  let nextId = 1;
  let dead: ImportWorkerError | null = null;
  const pending = new Map<
    number,
    {
      resolve: (answer: unknown) => void;
      reject: (error: Error) => void;
      hooks: RequestHooks;
      timer: ReturnType<typeof setTimeout> | null;
      arm: () => void;
    }
  >();
  const failAll = (error: ImportWorkerError) => {
    dead = error;
    for (const waiting of pending.values()) {
      if (waiting.timer) clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    pending.clear();
  };
  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    waiting.arm();
    if (message.type === 'progress') waiting.hooks.onProgress?.(message.done, message.total);
    else {
      if (waiting.timer) clearTimeout(waiting.timer);
      pending.delete(message.id);
      if (message.type === 'answer') waiting.resolve(message.answer);
      else waiting.reject(new ImportWorkerError(message.message));
    }
  });
  worker.addEventListener('error', (event: ErrorEvent) => {
    // An error event without a message is the worker's script failing to load (or the worker being killed).
    failAll(
      new ImportWorkerError(
        event.message
          ? `The import stopped unexpectedly: ${event.message}. Choose the file again; if it happens again, save it as CSV and import that.`
          : 'The import could not start its reader (its script did not load). Choose the file again.',
      ),
    );
  });
  worker.addEventListener('messageerror', () =>
    failAll(new ImportWorkerError('The import lost a message from its reader. Choose the file again.')),
  );
  return {
    request(request, hooks = {}, transfer = []) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      const limit = hooks.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
      return new Promise((resolve, reject) => {
        const entry = {
          resolve: resolve as (answer: unknown) => void,
          reject,
          hooks,
          timer: null as ReturnType<typeof setTimeout> | null,
          arm: () => {
            if (entry.timer) clearTimeout(entry.timer);
            entry.timer = setTimeout(() => {
              worker.terminate();
              failAll(
                new ImportWorkerError(
                  `The import's reader gave no sign of life for ${Math.round(limit / 1000)} seconds and was stopped. The file may be too large for this computer: split it, or save it as CSV, and choose it again.`,
                ),
              );
            }, limit);
          },
        };
        pending.set(id, entry);
        entry.arm();
        worker.postMessage({ ...request, id }, transfer);
      });
    },
    terminate: () => {
      worker.terminate();
      failAll(new ImportWorkerError('The import was closed.'));
    },
  };
}
