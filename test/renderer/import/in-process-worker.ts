import type { WorkerMessage, WorkerRequest } from '../../../renderer/import/protocol';
import { createWorkerHandler } from '../../../renderer/import/worker-handler';
import { wrapWorker, type ImportWorker, type WorkerLike } from '../../../renderer/import/worker-client';

/** The import worker's handler run in the test's own thread (jsdom has no Worker), answering on later turns as a worker would. */
export function inProcessWorker(): ImportWorker {
  const listeners: Array<(event: MessageEvent<WorkerMessage>) => void> = [];
  const handle = createWorkerHandler((message) =>
    setTimeout(() => listeners.forEach((listener) => listener(new MessageEvent('message', { data: message })))),
  );
  const worker: WorkerLike = {
    postMessage: (message: WorkerRequest & { id: number }) => void setTimeout(() => void handle(message)),
    terminate: () => {},
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      if (type === 'message' && typeof listener === 'function')
        listeners.push(listener as (event: MessageEvent<WorkerMessage>) => void);
    },
  };
  return wrapWorker(worker);
}
