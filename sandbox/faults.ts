// Fault injection: rules per API method that break calls on purpose, by probability (seeded) or for the next N calls.
import { z } from 'zod';
import { seededRandom } from './context';

/** What a fault does to a call. */
const FAULT_KINDS = [
  'refuse', // the connection is refused: nothing is read or done
  'latency', // the answer is delayed by latencyMs (combines with one other fault)
  'http_error', // an HTTP 5xx (status, default 503) without doing the work
  'rate_limit', // HTTP 429 with Retry-After (retryAfterSeconds) without doing the work
  'drop_before_commit', // the request is read, then the connection drops: nothing done
  'drop_after_commit', // the work is done and committed, then the connection drops before the answer
  'malformed_json', // the work is done; the answer body is cut short (invalid JSON), status 200
  'queue_failure', // email / sms answer "Unable To Queue Message" (a service failure, nothing sent)
  'store_failure', // bulk methods fail every item with their store message; categories "An error occured"
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

/** A rule as the operator gives it. */
export const faultRuleSchema = z.strictObject({
  /** API method name (e.g. "sms", "push_contact", "request_token", "signin"), or "*" for every call under /v1. */
  method: z.string().min(1),
  kind: z.enum(FAULT_KINDS),
  /** Chance per matching call, 0–1 (default 1); drawn from the seeded generator. Ignored when count is set. */
  probability: z.number().min(0).max(1).optional(),
  /** Fire on the next N matching calls, then remove the rule. */
  count: z.number().int().positive().optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(500).max(599).optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
});

export type FaultRule = z.infer<typeof faultRuleSchema>;

/** A rule in force, with how often it fired and what is left of its count. */
export interface ActiveFault extends FaultRule {
  id: string;
  fired: number;
  remaining?: number;
}

/** What to do to one call. */
export interface FaultDecision {
  latencyMs: number;
  fault?: ActiveFault;
}

/** Holds the rules and decides, call by call, which fire. */
export class FaultInjector {
  private rules: ActiveFault[] = [];
  private random: () => number;
  private nextId = 1;

  constructor(seed = 1) {
    this.random = seededRandom(seed);
  }

  /** Restarts the random sequence, so a run with probabilities can be replayed. */
  reseed(seed: number): void {
    this.random = seededRandom(seed);
  }

  /** Adds a rule (validated); returns it with its id. */
  add(input: unknown): ActiveFault {
    const rule = faultRuleSchema.parse(input);
    const active: ActiveFault = { ...rule, id: `f${this.nextId++}`, fired: 0 };
    if (rule.count !== undefined) active.remaining = rule.count;
    this.rules.push(active);
    return active;
  }

  /** The rules in force. */
  list(): ActiveFault[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Removes one rule; false when there was none with that id. */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** Whether a rule fires on this call; spends one of its count when it does. */
  private fires(rule: ActiveFault): boolean {
    const fire = rule.remaining !== undefined ? rule.remaining > 0 : this.random() < (rule.probability ?? 1);
    if (!fire) return false;
    rule.fired += 1;
    if (rule.remaining !== undefined) {
      rule.remaining -= 1;
      if (rule.remaining === 0) this.rules = this.rules.filter((other) => other !== rule);
    }
    return true;
  }

  /** Decides the faults of one call: latencies add up; the first other rule that fires wins. */
  decide(method: string, applies: (kind: FaultKind) => boolean = () => true): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0 };
    for (const rule of [...this.rules]) {
      if (rule.method !== '*' && rule.method !== method) continue;
      if (rule.kind === 'latency') {
        if (this.fires(rule)) decision.latencyMs += rule.latencyMs ?? 1000;
        continue;
      }
      if (decision.fault || !applies(rule.kind)) continue;
      if (this.fires(rule)) decision.fault = rule;
    }
    return decision;
  }
}
