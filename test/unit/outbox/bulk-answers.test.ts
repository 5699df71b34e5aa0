import { describe, expect, it } from 'vitest';
import { pairBulkAnswers, unclaimedAnswers } from '../../../electron/core/outbox/senders/bulk-answers';

const byContact = (echo: Record<string, unknown>) => (echo.contact_id ? String(echo.contact_id) : undefined);
const fail = (contact_id: string, desc: string) => ({ contact_id, reason: { code: 1, desc } });

describe('pairing a bulk answer with the entries sent', () => {
  it('matches keyed entries wherever they appear in the answer', () => {
    const answers = pairBulkAnswers(
      ['a', 'b', 'c'],
      [{ contact_id: 'c' }, { contact_id: 'a' }],
      [fail('b', 'No such contact in database')],
      byContact,
    );
    expect(answers).toEqual([
      { ok: true, echo: { contact_id: 'a' } },
      { ok: false, desc: 'No such contact in database' },
      { ok: true, echo: { contact_id: 'c' } },
    ]);
  });

  it('gives the one new entry of a call the answer left over', () => {
    const answers = pairBulkAnswers(['a', undefined], [{ contact_id: 'a' }, { contact_id: 'n1' }], [], byContact);
    expect(answers.map((answer) => (answer.ok ? answer.echo.contact_id : answer.ok))).toEqual(['a', 'n1']);
  });

  it('does not guess which of several new entries got which id, even when all of them succeeded', () => {
    const answers = pairBulkAnswers(
      [undefined, 'a', undefined],
      [{ contact_id: 'a' }, { contact_id: 'n1' }, { contact_id: 'n2' }],
      [],
      byContact,
    );
    expect(answers.map((answer) => (answer.ok ? answer.echo.contact_id : answer.ok))).toEqual([null, 'a', null]);
    expect(
      unclaimedAnswers(
        [undefined, 'a', undefined],
        [{ contact_id: 'a' }, { contact_id: 'n1' }, { contact_id: 'n2' }],
        byContact,
      ),
    ).toEqual([{ contact_id: 'n1' }, { contact_id: 'n2' }]);
  });

  it('says it cannot tell when new entries partly succeeded', () => {
    const answers = pairBulkAnswers(
      [undefined, undefined],
      [{ contact_id: 'n1' }],
      [fail('', 'Duplicate check failed')],
      byContact,
    );
    expect(answers).toEqual([{ ok: null }, { ok: null }]);
  });

  it('an entry the answer does not mention is unknown', () => {
    expect(pairBulkAnswers(['a'], [], [], byContact)).toEqual([{ ok: null }]);
  });
});
