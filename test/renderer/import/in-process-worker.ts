import readXlsxFile from 'read-excel-file/universal';
import type { WorkerMessage, WorkerRequest } from '../../../renderer/import/protocol';
import { createWorkerHandler } from '../../../renderer/import/worker-handler';
import { wrapWorker, type ImportWorker } from '../../../renderer/import/worker-client';

/** The import worker's handler run in the test's own thread (jsdom has no Worker), answering on later turns as a worker would. */
export function inProcessWorker(): ImportWorker {
  const listeners: Array<(event: MessageEvent<WorkerMessage>) => void> = [];
  const handle = createWorkerHandler(
    (message) =>
      setTimeout(() => listeners.forEach((listener) => listener({ data: message } as MessageEvent<WorkerMessage>))),
    async (buffer) => (await readXlsxFile(sameRealm(buffer))) as Array<{ sheet: string; data: unknown[][] }>,
  );
  return wrapWorker({
    postMessage: (message: WorkerRequest & { id: number }) => void setTimeout(() => void handle(message)),
    terminate: () => {},
    addEventListener: (type: string, listener: (event: MessageEvent<WorkerMessage>) => void) => {
      if (type === 'message') listeners.push(listener);
    },
  } as unknown as Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>);
}

/** The bytes in an ArrayBuffer of the test environment's own realm (read-excel-file checks instanceof ArrayBuffer; Node's Buffer belongs to another). */
function sameRealm(buffer: ArrayBuffer): ArrayBuffer {
  const copy = new ArrayBuffer(buffer.byteLength);
  new Uint8Array(copy).set(new Uint8Array(buffer));
  return copy;
}
