import { describe, expect, it } from 'vitest';
import * as transitions from '../../../electron/core/outbox/transitions';
import {
  outboxRow,
  type OutboxKind,
  type OutboxPayloads,
  type OutboxRow,
  type OutboxRowFacts,
} from '../../../electron/core/outbox/types';

const NOW = 1_000_000;

/** A payload of each kind, as queued. */
const PAYLOADS: OutboxPayloads = {
  sms: { from: 'Venue', to: '+61412345678', message: 'Hi' },
  email: {
    to_email: 'ann@example.com',
    from_email: 'desk@example.com',
    from_name: 'Desk',
    subject: 'Hi',
    html: '<p>Hi</p>',
  },
  push_contact: { client_id: 'c', PatronEmail: 'ann@example.com' },
  add_purchase: { client_id: 'c', contact_id: '1', tx_id: 'tx1', item_desc: 'Negroni', price: 16 },
  push_reservations: { reservation: { id: 'R1' }, contact: { client_id: 'c', contact_id: '1' } },
  campaign_send: {
    desk_campaign_id: 'cmp-1',
    draft: { campaign_name: 'Autumn', type: 'email', html: '<p>Hi #unsubscribe#</p>' },
    send: { category_id: ['all'] },
  },
};

/** A queued row of a kind. */
function row(overrides: Partial<OutboxRowFacts> & { kind?: OutboxKind } = {}): OutboxRow {
  const { kind = 'sms', seq = 1, ...facts } = overrides;
  return outboxRow(
    kind,
    PAYLOADS[kind],
    null,
    {
      id: 'a',
      state: 'queued',
      account: 'c',
      guestKey: 'g',
      referenceId: 'r1',
      createsLocalId: null,
      needsLocalId: null,
      attempts: 0,
      nextAttemptAt: null,
      waitingReason: null,
      outcomeUnknownAt: null,
      problem: null,
      hold: null,
      createdAt: 0,
      updatedAt: 0,
      sentAt: null,
      ...facts,
    },
    seq,
  );
}

const ctx: transitions.TransitionContext = {
  now: NOW,
  maxAttempts: 3,
  reconcileAfterMs: 5000,
  delay: (attempts, retryAfter) => Math.max(attempts * 100, retryAfter ?? 0),
};

describe('outbox state transitions', () => {
  it('sent clears every problem and records the result', () => {
    const next = transitions.applyOutcome(
      row({ state: 'sending', outcomeUnknownAt: 5, waitingReason: 'x' }),
      { type: 'sent', result: { contact_id: '9' } },
      ctx,
    );
    expect(next).toMatchObject({
      state: 'sent',
      attempts: 1,
      sentAt: NOW,
      outcomeUnknownAt: null,
      waitingReason: null,
      result: { contact_id: '9' },
    });
  });

  it('a transient failure waits for the backoff, honouring Retry-After', () => {
    expect(transitions.applyOutcome(row({ attempts: 1 }), { type: 'retry', reason: 'busy' }, ctx)).toMatchObject({
      state: 'waiting',
      attempts: 2,
      nextAttemptAt: NOW + 200,
      waitingReason: 'busy',
    });
    expect(
      transitions.applyOutcome(row(), { type: 'retry', reason: 'slow down', retryAfterMs: 9000 }, ctx).nextAttemptAt,
    ).toBe(NOW + 9000);
  });

  it('offline and paused spend no attempt and put the entry back in line', () => {
    for (const outcome of [{ type: 'offline' as const }, { type: 'paused' as const, reason: 'credits' }]) {
      expect(transitions.applyOutcome(row({ state: 'sending', attempts: 2 }), outcome, ctx)).toMatchObject({
        state: 'queued',
        attempts: 2,
      });
    }
  });

  it('an unknown outcome is marked for reconciliation and waits at least reconcileAfterMs', () => {
    const next = transitions.applyOutcome(row(), { type: 'unknown', reason: 'dropped' }, ctx);
    expect(next).toMatchObject({ state: 'waiting', outcomeUnknownAt: NOW, nextAttemptAt: NOW + 5000 });
  });

  it('an unknown outcome of a purchase holds it for a decision with the facts', () => {
    const next = transitions.applyOutcome(
      row({ kind: 'add_purchase' }),
      { type: 'unknown', reason: 'The outcome is unknown: the connection dropped after it was sent.' },
      ctx,
    );
    expect(next.state).toBe('needs_attention');
    expect(next.hold).toMatchObject({ txId: 'tx1', at: NOW });
    expect(next.problem?.message).toContain('the connection dropped');
    expect(next.problem?.message).toContain('tx1');
    expect(next.problem?.whatToDo).toContain('It was recorded');
  });

  it('gives up after maxAttempts with the last reason', () => {
    const next = transitions.applyOutcome(row({ attempts: 2 }), { type: 'retry', reason: 'HTTP 503' }, ctx);
    expect(next.state).toBe('needs_attention');
    expect(next.problem?.message).toContain('HTTP 503');
  });

  it('an interrupted send is recovered as outcome unknown, looked up after the reconcile delay; a purchase is held', () => {
    expect(transitions.recoverInterrupted(row({ state: 'sending', updatedAt: 77 }), NOW, 5000)).toMatchObject({
      state: 'waiting',
      outcomeUnknownAt: 77,
      nextAttemptAt: NOW + 5000,
    });
    const purchase = transitions.recoverInterrupted(
      row({ kind: 'add_purchase', state: 'sending', updatedAt: 77 }),
      NOW,
      5000,
    );
    expect(purchase).toMatchObject({ state: 'needs_attention', hold: { txId: 'tx1', at: 77 } });
  });

  it('resend keeps the reconciliation mark, refuses held and sent entries', () => {
    const failed = row({
      state: 'needs_attention',
      attempts: 3,
      outcomeUnknownAt: 5,
      problem: { message: 'm', whatToDo: 'w' },
    });
    expect(transitions.resend(failed, NOW, 5000)).toMatchObject({
      state: 'queued',
      attempts: 0,
      outcomeUnknownAt: 5,
      problem: null,
    });
    expect(() => transitions.resend(row({ state: 'sent' }), NOW, 5000)).toThrow(/already sent/);
    expect(() =>
      transitions.resend(row({ state: 'needs_attention', hold: { txId: 't', whatHappened: 'w', at: 1 } }), NOW, 5000),
    ).toThrow(/decision/);
  });

  it('resend of an entry whose try just ended unknown waits the reconcile delay before the look-up', () => {
    const unknown = row({
      state: 'waiting',
      attempts: 1,
      outcomeUnknownAt: NOW - 1000,
      updatedAt: NOW - 1000,
      nextAttemptAt: NOW + 60_000,
    });
    expect(transitions.resend(unknown, NOW, 5000)).toMatchObject({
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: NOW + 4000,
      outcomeUnknownAt: NOW - 1000,
    });
  });

  it('edit applies to messages and guests that have not gone out', () => {
    expect(transitions.edit(row({ state: 'needs_attention' }), { ...PAYLOADS.sms, message: 'new' }, NOW)).toMatchObject(
      { state: 'queued', payload: { message: 'new' } },
    );
    expect(() => transitions.edit(row({ kind: 'add_purchase' }), PAYLOADS.add_purchase, NOW)).toThrow(
      /Only messages and guests/,
    );
    expect(() => transitions.edit(row({ state: 'sending' }), PAYLOADS.sms, NOW)).toThrow(/being sent/);
  });

  it('discard refuses entries in flight or sent', () => {
    expect(transitions.discard(row(), NOW).state).toBe('discarded');
    expect(() => transitions.discard(row({ state: 'sending' }), NOW)).toThrow();
    expect(() => transitions.discard(row({ state: 'sent' }), NOW)).toThrow();
  });

  it('a decision on a held purchase records it as sent or sends it again', () => {
    const held = row({
      kind: 'add_purchase',
      state: 'needs_attention',
      outcomeUnknownAt: 1,
      hold: { txId: 'tx1', whatHappened: 'w', at: 1 },
    });
    expect(transitions.decide(held, 'it-was-recorded', NOW)).toMatchObject({
      state: 'sent',
      hold: null,
      result: { confirmedBy: 'staff', tx_id: 'tx1' },
    });
    expect(transitions.decide(held, 'send-again', NOW)).toMatchObject({
      state: 'queued',
      hold: null,
      outcomeUnknownAt: null,
      attempts: 0,
    });
    expect(() => transitions.decide(row(), 'send-again', NOW)).toThrow(/not waiting/);
  });
});
