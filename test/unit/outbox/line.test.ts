import { describe, expect, it } from 'vitest';
import { createLineWalker, type LineEntry, type LineRules } from '../../../electron/core/outbox/line';

let seq = 0;
/** An entry of the line; due now unless told otherwise. */
const entry = (guestKey: string, overrides: Partial<LineEntry> = {}): LineEntry => ({
  seq: ++seq,
  id: `e${seq}`,
  kind: 'sms',
  guestKey,
  account: 'c1',
  nextAttemptAt: null,
  needsLocalId: null,
  outcomeUnknown: false,
  ...overrides,
});

/** The ids the walker admits from a line, in order. */
function admitted(line: LineEntry[], rules: Partial<LineRules> = {}): string[] {
  const mayGo = createLineWalker({ account: 'c1', now: 1000, pausedKinds: new Set(), busyGuests: new Set(), ...rules });
  return line.filter(mayGo).map((item) => item.id);
}

describe('who in the line may go now', () => {
  it('the first entry of each guest', () => {
    const line = [entry('a'), entry('b'), entry('a'), entry('c')];
    expect(admitted(line)).toEqual([line[0]!.id, line[1]!.id, line[3]!.id]);
  });

  it('a guest backing off or waiting for a new guest id holds back the rest of that guest', () => {
    const line = [
      entry('a', { nextAttemptAt: 5000 }),
      entry('a'),
      entry('b', { needsLocalId: 'local-x' }),
      entry('b'),
      entry('c', { nextAttemptAt: 999 }),
    ];
    expect(admitted(line)).toEqual([line[4]!.id]);
  });

  it('a guest with a call in flight waits for it', () => {
    const line = [entry('a'), entry('b')];
    expect(admitted(line, { busyGuests: new Set(['a']) })).toEqual([line[1]!.id]);
  });

  it('a paused kind holds back only that kind of the guest', () => {
    const line = [entry('a', { kind: 'sms' }), entry('a', { kind: 'add_purchase' }), entry('a', { kind: 'sms' })];
    expect(admitted(line, { pausedKinds: new Set(['sms']) })).toEqual([line[1]!.id]);
  });

  it('entries of another account neither go nor hold anyone back', () => {
    const line = [entry('a', { account: 'other' }), entry('a')];
    expect(admitted(line)).toEqual([line[1]!.id]);
  });
});
