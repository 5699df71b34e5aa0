// What every part of the sandbox shares: the database, the clock, seeded randomness and the background services.
import type { PageImportOptions } from './campaigns/page-import';
import type { SandboxDatabase } from './store/schema';

/** A webhook to deliver: the event name (for the operator log), the receiver and the JSON body. */
export interface WebhookRequest {
  event: string;
  url: string;
  body: Record<string, unknown>;
}

/** The sandbox's running parts, passed to every route and store function. */
export interface SandboxContext {
  db: SandboxDatabase;
  /** The sandbox clock; tests inject one to make scheduled sends and nonces deterministic. */
  now(): Date;
  /** Seeded randomness in [0, 1), for faults and generated data. */
  random(): number;
  /** Queues a webhook for delivery with the staggered attempts. */
  sendWebhook(request: WebhookRequest): void;
  /** Asks the scheduler to look again at what is due (after a scheduled send was queued). */
  wakeScheduler(): void;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  /** How campaign_create reads a page given as url (public addresses only, no redirects, a bounded body). */
  pageImport: PageImportOptions;
}

/** A small seeded generator (mulberry32): same seed, same sequence, so fault runs can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
