import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventPayload } from '../../../shared/bridge/contract';
import { coalesceChanges, type OutboxChange } from '../../../electron/core/outbox/events';
import type { OutboxEntryChange, OutboxSummary } from '../../../electron/core/outbox/types';
import { startTestDeskCore } from '../../support/test-desk-core';

const summary = (queued: number, sent: number): OutboxSummary => ({
  counts: { queued, sending: 0, waiting: 0, needs_attention: 0, sent },
  paused: [],
  online: true,
});
const entry = (id: string, state: OutboxEntryChange['state']): OutboxEntryChange => ({
  id,
  kind: 'push_contact',
  state,
  createdAt: '2026-11-24T20:00:00.000Z',
});

/** A coalescer whose sent notices are kept; the clock is vitest's, so no test waits on real time. */
function bridge() {
  const sent: OutboxChange[] = [];
  return { sent, ...coalesceChanges((change) => sent.push(change), 100) };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the outbox's notices over the bridge", () => {
  it('sends the first notice after a quiet spell at once, as the outbox told it', () => {
    vi.useFakeTimers();
    const { sent, take } = bridge();
    const change = { summary: summary(1, 0), changed: [entry('a', 'queued')], removed: [] };
    take(change);
    expect(sent).toEqual([change]);
  });

  it('tells an entry changed several times within the gap once, as it is last, with the latest summary', () => {
    vi.useFakeTimers();
    const { sent, take } = bridge();
    take({ summary: summary(2, 0), changed: [entry('a', 'queued'), entry('b', 'queued')], removed: [] });
    take({ summary: summary(2, 0), changed: [entry('a', 'sending'), entry('b', 'sending')], removed: [] });
    take({ summary: summary(1, 1), changed: [entry('a', 'sent')], removed: [] });
    take({ summary: summary(0, 1), changed: [], removed: ['b'] });
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(99);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ summary: summary(0, 1), changed: [entry('a', 'sent')], removed: ['b'] });
  });

  it('tells an entry removed and then changed again as changed, not removed', () => {
    vi.useFakeTimers();
    const { sent, take } = bridge();
    take({ summary: summary(0, 0), changed: [], removed: [] });
    take({ summary: summary(0, 0), changed: [], removed: ['a'] });
    take({ summary: summary(1, 0), changed: [entry('a', 'queued')], removed: [] });
    vi.advanceTimersByTime(100);
    expect(sent.at(-1)).toEqual({ summary: summary(1, 0), changed: [entry('a', 'queued')], removed: [] });
  });

  it('sends what it holds at once when flushed (the core closing), and nothing twice', () => {
    vi.useFakeTimers();
    const { sent, take, flush } = bridge();
    take({ summary: summary(1, 0), changed: [entry('a', 'queued')], removed: [] });
    take({ summary: summary(0, 1), changed: [entry('a', 'sent')], removed: [] });
    flush();
    expect(sent.map((change) => change.changed)).toEqual([[entry('a', 'queued')], [entry('a', 'sent')]]);
    vi.advanceTimersByTime(1000);
    flush();
    expect(sent).toHaveLength(2);
  });
});

describe("the desk core's status over the bridge", () => {
  it('is sent when it says something new, never again the same after each outbox notice', async () => {
    const { core, call } = await startTestDeskCore(cleanups);
    const statuses: Array<EventPayload<'statusChanged'>> = [];
    let notices = 0;
    core.events.subscribe((name, payload) => {
      if (name === 'statusChanged') statuses.push(payload as EventPayload<'statusChanged'>);
      if (name === 'outboxChanged') notices += 1;
    });
    await call('startDemo', {});
    const sms = { from: 'Harbour', to: '+61412345678', message: 'Your table is ready' };
    for (let i = 0; i < 3; i += 1) {
      expect(await call('sendGuestSms', sms)).toMatchObject({ ok: true });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(notices).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(0);
    for (let i = 1; i < statuses.length; i += 1) expect(statuses[i]).not.toEqual(statuses[i - 1]);
    expect(await call('getStatus', {})).toEqual({ ok: true, value: statuses.at(-1) });
  });
});
