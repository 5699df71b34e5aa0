/// <reference lib="webworker" />
// The import's heavy work, off the page's thread: reading, parsing, checking and preparing rows to queue.
import type { WorkerRequest } from './protocol';
import { createWorkerHandler } from './worker-handler';

declare const self: DedicatedWorkerGlobalScope;

const handle = createWorkerHandler((message) => self.postMessage(message));

self.onmessage = (event: MessageEvent<WorkerRequest & { id: number }>) => void handle(event.data);
