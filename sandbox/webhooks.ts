// Webhook delivery: JSON POSTs with at most six staggered attempts, until the receiver answers a body that is not empty and not "0".
import type { WebhookRequest } from './context';
import { sql, type SandboxDatabase } from './store/schema';

/** Delays before attempts 1–6 (the reference gives no intervals; see README). */
export const DEFAULT_WEBHOOK_DELAYS_MS = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/** The most attempts the service makes (section 6). */
const MAX_WEBHOOK_ATTEMPTS = 6;

/** A delivery as the operator API shows it. */
export interface WebhookDelivery {
  id: number;
  event: string;
  url: string;
  body: unknown;
  attempts: number;
  state: 'pending' | 'delivered' | 'failed';
  lastStatus: number | null;
  lastResponse: string | null;
  lastError: string | null;
}

/** Whether the receiver's answer counts as received: a 2xx with a body that is neither empty nor "0". */
export function isAcknowledged(status: number, body: string): boolean {
  const trimmed = body.trim();
  return status >= 200 && status < 300 && trimmed !== '' && trimmed !== '0';
}

/** Sends webhooks and retries them on their schedule; state lives in SQLite, timers in memory. */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Map<number, AbortController>();
  private closed = false;
  private readonly idle = new Set<() => void>();

  constructor(
    private readonly db: SandboxDatabase,
    private readonly now: () => Date,
    private readonly delaysMs: readonly number[] = DEFAULT_WEBHOOK_DELAYS_MS,
    private readonly timeoutMs = 10_000,
  ) {
    // Deliveries left pending by an earlier run (file database) resume on their schedule.
    const pending = sql(db, "SELECT id, next_attempt_at FROM webhook_deliveries WHERE state = 'pending'").all() as {
      id: number;
      next_attempt_at: number;
    }[];
    for (const row of pending) this.later(row.id, Math.max(0, row.next_attempt_at - this.now().getTime()));
  }

  /** The delay before attempt number `attempt` (1-based). */
  private delayBefore(attempt: number): number {
    return this.delaysMs[attempt - 1] ?? this.delaysMs[this.delaysMs.length - 1] ?? 0;
  }

  /** Queues a webhook; the first attempt follows the first delay. */
  send(request: WebhookRequest): number {
    const delay = this.delayBefore(1);
    const info = sql(
      this.db,
      'INSERT INTO webhook_deliveries (event, url, body, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(request.event, request.url, JSON.stringify(request.body), this.now().getTime() + delay, this.now().getTime());
    const id = Number(info.lastInsertRowid);
    this.later(id, delay);
    return id;
  }

  /** Runs an attempt after a real-time delay. */
  private later(id: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(id);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** One attempt: POST the body, record the answer, schedule the next attempt or stop. */
  private async attempt(id: number): Promise<void> {
    const row = sql(
      this.db,
      "SELECT url, body, attempts FROM webhook_deliveries WHERE id = ? AND state = 'pending'",
    ).get(id) as { url: string; body: string; attempts: number } | undefined;
    if (!row || this.closed || this.inFlight.has(id)) return;
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    const attempt = row.attempts + 1;
    let status: number | null = null;
    let text: string | null = null;
    let error: string | null = null;
    const timeout = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'venue-desk-sandbox-webhooks/1',
          'x-webhook-attempt': String(attempt),
        },
        body: row.body,
        signal: controller.signal,
      });
      status = response.status;
      text = (await response.text()).slice(0, 2000);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(id);
    }
    if (this.closed) return this.settle();
    const delivered = status !== null && text !== null && isAcknowledged(status, text);
    const state = delivered ? 'delivered' : attempt >= MAX_WEBHOOK_ATTEMPTS ? 'failed' : 'pending';
    const delay = this.delayBefore(attempt + 1);
    sql(
      this.db,
      'UPDATE webhook_deliveries SET attempts = ?, state = ?, last_status = ?, last_response = ?, last_error = ?, next_attempt_at = ? WHERE id = ?',
    ).run(attempt, state, status, text, error, state === 'pending' ? this.now().getTime() + delay : null, id);
    if (state === 'pending') this.later(id, delay);
    this.settle();
  }

  /** Wakes whoever waits for idleness when nothing is left to do. */
  private settle(): void {
    if (this.timers.size > 0 || this.inFlight.size > 0) return;
    for (const resolve of this.idle) resolve();
    this.idle.clear();
  }

  /** Resolves when no attempt is scheduled or running (tests wait on it). */
  whenIdle(): Promise<void> {
    if (this.timers.size === 0 && this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  /** Every delivery, newest last. */
  list(): WebhookDelivery[] {
    const rows = sql(this.db, 'SELECT * FROM webhook_deliveries ORDER BY id').all() as {
      id: number;
      event: string;
      url: string;
      body: string;
      attempts: number;
      state: WebhookDelivery['state'];
      last_status: number | null;
      last_response: string | null;
      last_error: string | null;
    }[];
    return rows.map((row) => ({
      id: row.id,
      event: row.event,
      url: row.url,
      body: JSON.parse(row.body) as unknown,
      attempts: row.attempts,
      state: row.state,
      lastStatus: row.last_status,
      lastResponse: row.last_response,
      lastError: row.last_error,
    }));
  }

  /** Stops every timer and aborts attempts in flight. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight.values()) controller.abort();
    this.settle();
  }
}
