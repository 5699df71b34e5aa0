// The page's side of the import worker: requests as promises, progress and row chunks as callbacks.
import type { GridRow } from './session';
import type { WorkerAnswers, WorkerMessage, WorkerRequest } from './protocol';

/** Hooks for what a long request reports before its answer. */
export interface RequestHooks {
  onProgress?: (done: number, total: number) => void;
  onRows?: (start: number, rows: GridRow[]) => void;
}

/** A refusal from the worker: the sentence to show staff. */
export class ImportWorkerError extends Error {}

/** The import worker, as the screen calls it. */
export interface ImportWorker {
  request<T extends WorkerRequest['type']>(
    request: Extract<WorkerRequest, { type: T }>,
    hooks?: RequestHooks,
    transfer?: Transferable[],
  ): Promise<WorkerAnswers[T]>;
  terminate(): void;
}

/** Starts the import worker (a module worker Vite bundles on its own). */
export function startImportWorker(): ImportWorker {
  return wrapWorker(new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'import' }));
}

/** Wraps a worker (or anything that speaks its protocol) in promise-returning requests. */
export function wrapWorker(worker: Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>): ImportWorker {
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (answer: unknown) => void; reject: (error: Error) => void; hooks: RequestHooks }
  >();
  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    if (message.type === 'progress') waiting.hooks.onProgress?.(message.done, message.total);
    else if (message.type === 'rows') waiting.hooks.onRows?.(message.start, message.rows);
    else {
      pending.delete(message.id);
      if (message.type === 'answer') waiting.resolve(message.answer);
      else waiting.reject(new ImportWorkerError(message.message));
    }
  });
  worker.addEventListener('error', (event: ErrorEvent) => {
    const error = new ImportWorkerError(
      `The import stopped unexpectedly${event.message ? `: ${event.message}` : ''}. The file may be too large for this computer; try a smaller one.`,
    );
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  return {
    request(request, hooks = {}, transfer = []) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (answer: unknown) => void, reject, hooks });
        worker.postMessage({ ...request, id }, transfer);
      });
    },
    terminate: () => worker.terminate(),
  };
}
