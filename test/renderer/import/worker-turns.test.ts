import { describe, expect, it } from 'vitest';
import { matchColumns } from '../../../renderer/import/matching';
import type { WorkerAnswers, WorkerMessage, WorkerRequest } from '../../../renderer/import/protocol';
import { createWorkerHandler } from '../../../renderer/import/worker-handler';
import { fieldLabel } from '../../../renderer/screens/guests/field-labels';
import { bufferOf, DEMO_FIELDS } from './support';

/** 3,000 rows, comma-separated (read with ';' as the delimiter, each row is one cell). */
const FILE = [
  'First Name,Last Name,Email',
  ...Array.from({ length: 3000 }, (_, i) => `Guest${i},Person,guest${i}@example.com`),
].join('\n');

/** The worker's handler in this thread: each request's answer (or refusal) by its id. */
function worker() {
  const answers = new Map<number, WorkerMessage>();
  const handle = createWorkerHandler((message) => {
    if (message.type !== 'progress') answers.set(message.id, message);
  });
  let nextId = 1;
  const send = (request: WorkerRequest) => {
    const id = nextId++;
    return { id, done: handle({ ...request, id }) };
  };
  const answerOf = <K extends keyof WorkerAnswers>(_type: K, id: number): WorkerAnswers[K] => {
    const message = answers.get(id);
    if (message?.type !== 'answer') throw new Error(`Request ${id} was not answered: ${JSON.stringify(message)}`);
    // The answer to a request of type K, paired by its id as renderer/import/worker-client.ts pairs them.
    return message.answer as WorkerAnswers[K];
  };
  return { send, answerOf };
}

describe('the import worker takes the requests that change the file in turn', () => {
  it('a file read again while its rows are checked is read after the check, and none of its rows carries that check', async () => {
    const { send, answerOf } = worker();
    await send({ type: 'open', country: 'AU', guestDatabase: null, withOutboxGuests: false }).done;
    const load = send({ type: 'load', fileName: 'guests.csv', buffer: bufferOf(FILE) });
    await load.done;
    const { columns } = answerOf('load', load.id);
    const check = send({
      type: 'check',
      setup: { targets: matchColumns(columns, DEMO_FIELDS, fieldLabel), fields: DEMO_FIELDS, policy: 'update' },
    });
    // Sent while the check runs (it checks a few rows at a time, between turns).
    const reread = send({ type: 'reread', options: { delimiter: ';' } });
    await Promise.all([check.done, reread.done]);

    expect(answerOf('check', check.id).counts).toMatchObject({ rows: 3000, ready: 3000, newGuests: 3000 });
    expect(answerOf('reread', reread.id).columns).toHaveLength(1);
    const shown = send({ type: 'shownRows', from: 0, count: 3000, onlyProblems: false });
    await shown.done;
    const { rows } = answerOf('shownRows', shown.id);
    expect(rows).toHaveLength(3000);
    // Read again, no row is checked yet: none carries a result of the check of the earlier reading.
    expect(rows.filter((row) => row.problems || row.notes || row.rowProblem)).toEqual([]);
  });

  it('a refused request does not hold up the next one in line', async () => {
    const { send, answerOf } = worker();
    await send({ type: 'open', country: 'AU', guestDatabase: null, withOutboxGuests: false }).done;
    const refused = send({ type: 'load', fileName: 'empty.csv', buffer: bufferOf('') });
    const load = send({ type: 'load', fileName: 'guests.csv', buffer: bufferOf(FILE) });
    await Promise.all([refused.done, load.done]);
    expect(() => answerOf('load', refused.id)).toThrow(/was not answered/);
    expect(answerOf('load', load.id).columns).toHaveLength(3);
  });
});
