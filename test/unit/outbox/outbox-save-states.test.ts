import { describe, expect, it } from 'vitest';
import { createOutboxStore } from '../../../electron/core/outbox/store';
import { isRowOfKind, type OutboxRow } from '../../../electron/core/outbox/types';
import { createHarness, sms } from './support/outbox-harness';

describe("the outbox store's saveStates", () => {
  it("writes each entry's own state, facts and result in one statement, and leaves other entries and payloads be", () => {
    const { outbox, db } = createHarness({ start: false });
    const ids = ['one', 'two', 'three'].map((body) => outbox.enqueue('sms', sms(body)).id);
    const store = createOutboxStore(db);
    const claimed = store.claim(ids.slice(0, 2), 10);
    const sent = claimedSms(claimed.get(ids[0]!));
    const waiting = claimedSms(claimed.get(ids[1]!));
    store.saveStates([
      { ...sent, state: 'sent', attempts: 1, result: { reference_id: 'r-1' }, updatedAt: 20, sentAt: 20 },
      {
        ...waiting,
        state: 'waiting',
        attempts: 1,
        nextAttemptAt: 5020,
        waitingReason: 'The service is busy.',
        problem: { message: 'The service is busy.', whatToDo: 'It is sent again on its own.' },
        updatedAt: 20,
      },
    ]);
    expect(store.get(ids[0]!)).toMatchObject({
      state: 'sent',
      attempts: 1,
      result: { reference_id: 'r-1' },
      sentAt: 20,
      nextAttemptAt: null,
      payload: sent.payload,
    });
    expect(store.get(ids[1]!)).toMatchObject({
      state: 'waiting',
      attempts: 1,
      nextAttemptAt: 5020,
      waitingReason: 'The service is busy.',
      problem: { message: 'The service is busy.', whatToDo: 'It is sent again on its own.' },
      result: null,
      sentAt: null,
      payload: waiting.payload,
    });
    expect(store.get(ids[2]!)).toMatchObject({ state: 'queued', attempts: 0, updatedAt: expect.any(Number) });
    // The counts follow each entry's change (the triggers run for every row the statement wrote).
    expect(outbox.summary().counts).toEqual({ queued: 1, sending: 0, waiting: 1, needs_attention: 0, sent: 1 });
  });
});

/** A claimed entry, as the SMS it was queued as. */
function claimedSms(row: OutboxRow | undefined): OutboxRow<'sms'> {
  if (!row || !isRowOfKind(row, 'sms')) throw new Error('The entry was not claimed as an SMS.');
  return row;
}
