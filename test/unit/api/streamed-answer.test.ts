// pull_reservations read as its answer arrives (client.stream): the array split into elements at any piece
// boundary, each validated where it enters, a bad one left out, a cut-off or broken answer refused.
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { createArraySplitter, MalformedArrayError } from '../../../shared/api/array-stream';
import type { StreamedSummary } from '../../../shared/api/streamed-answer';
import {
  HttpStatusError,
  InvalidResponseError,
  OutcomeUnknownError,
  ServiceFailureError,
  type ReservationRecord,
} from '../../../shared/api';

const booking = (id: string, name: string) => ({
  reservation: { id, total_attendees: 2, bookingStatus: 'Confirmed', Date: '2026-12-24', Time: '19:30:00' },
  contact: { client_id: 'c1', contact_id: `${id}-guest`, PatronName: name },
});

/** Awkward text: escaped quotes and backslashes, brackets and commas inside strings, and multi-byte characters. */
const BOOKINGS = [
  booking('R1', 'Zoë "Zed" O\'Brien'),
  { ...booking('R2', 'back\\slash \\"[,]{}\\'), extra: [[1, 2], { nested: ['}', ']'] }] },
  booking('R3', '渡辺 🍷, table [4]'),
  booking('R4', ''),
];
const TEXT = ` \n[ ${BOOKINGS.map((item) => JSON.stringify(item)).join(' ,\r\n')} ]\n`;

/** A client whose service answers `pieces` as the body's chunks (a Response over a stream), with `status`. */
function clientAnswering(pieces: Uint8Array[], options: { status?: number; breakAfter?: boolean } = {}) {
  const fetch: typeof globalThis.fetch = async () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next < pieces.length) controller.enqueue(pieces[next++]!);
        else if (options.breakAfter) controller.error(new TypeError('terminated'));
        else controller.close();
      },
    });
    return new Response(body, { status: options.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return createServiceClient({ baseUrl: 'http://service.test', apiKey: 'k', fetch });
}

/** Reads pull_reservations through `client.stream`, collecting what the sink heard. */
async function streamed(client: ReturnType<typeof clientAnswering>) {
  const heard: { started: number; batches: ReservationRecord[][] } = { started: 0, batches: [] };
  const outcome: { summary?: StreamedSummary; error?: unknown } = await client.stream
    .pullReservations(
      { client_id: 'c1' },
      { started: () => heard.started++, items: (batch) => heard.batches.push(batch) },
    )
    .then(
      (summary) => ({ summary }),
      (error: unknown) => ({ error }),
    );
  return { ...heard, items: heard.batches.flat(), ...outcome };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the array splitter', () => {
  /** The elements of `pieces` fed in turn, read from the runs the splitter handed on. */
  const split = (pieces: string[]) => {
    const elements: unknown[] = [];
    const splitter = createArraySplitter((run) => elements.push(...(JSON.parse(`[${run}]`) as unknown[])));
    for (const piece of pieces) splitter.push(piece);
    splitter.end();
    return elements;
  };

  it('gives the same elements whatever the pieces: split in two at every character, and one character at a time', () => {
    for (let at = 0; at <= TEXT.length; at++) expect(split([TEXT.slice(0, at), TEXT.slice(at)])).toEqual(BOOKINGS);
    expect(split([...TEXT])).toEqual(BOOKINGS);
  });

  it('hands on the elements each piece completes, together, and nothing of an element not yet complete', () => {
    const runs: string[] = [];
    const splitter = createArraySplitter((run) => runs.push(run));
    splitter.push('[{"a":1}, {"b":[2,');
    splitter.push('3]} ,4, "x');
    splitter.push('"]');
    splitter.end();
    expect(runs).toEqual(['{"a":1}', '{"b":[2,3]} ,4', '"x"']);
  });

  it('reads an empty array, and refuses what is not one array', () => {
    expect(split([' [ ] '])).toEqual([]);
    for (const text of ['', '{"result":false}', '[1,]', '[,1]', '[1', '[1] [2]', '[{"a":1}}]'])
      expect(() => split([text]), text).toThrow(MalformedArrayError);
  });
});

describe('client.stream.pullReservations', () => {
  it('hands on every booking, in order, when the body arrives split at any byte (multi-byte characters too)', async () => {
    const body = bytes(TEXT);
    for (let at = 0; at <= body.length; at++) {
      const read = await streamed(clientAnswering([body.slice(0, at), body.slice(at)]));
      expect(read.items, `split at byte ${at}`).toEqual(BOOKINGS);
      expect(read).toMatchObject({ started: 1, summary: { items: BOOKINGS.length, skipped: 0 } });
    }
    const byteByByte = await streamed(clientAnswering([...body].map((byte) => Uint8Array.of(byte))));
    expect(byteByByte.items).toEqual(BOOKINGS);
  });

  it('hands on elements as the pieces complete them, before the answer has ended', async () => {
    const [first, second] = [JSON.stringify(BOOKINGS[0]), JSON.stringify(BOOKINGS[1])];
    const read = await streamed(clientAnswering([bytes(`[${first},`), bytes(`${second}]`)]));
    expect(read.batches.map((batch) => batch.map((item) => item.reservation.id))).toEqual([['R1'], ['R2']]);
  });

  it('leaves out a booking that does not match, counts it and says why without its values; the others all arrive', async () => {
    const bad = { reservation: { total_attendees: 2, secret: 'Private Person' }, contact: { client_id: 'c1' } };
    const text = JSON.stringify([BOOKINGS[0], bad, 'not a booking', BOOKINGS[2], null, BOOKINGS[3]]);
    const read = await streamed(clientAnswering([bytes(text)]));
    expect(read.items).toEqual([BOOKINGS[0], BOOKINGS[2], BOOKINGS[3]]);
    expect(read.summary).toMatchObject({ items: 3, skipped: 3 });
    expect(read.summary?.firstProblem).toMatch(/reservation\.id/);
    expect(read.summary?.firstProblem).not.toContain('Private Person');
  });

  it('refuses an answer cut off part way (the elements before it were handed on): in the text, or by the connection', async () => {
    const whole = bytes(TEXT);
    const cut = await streamed(clientAnswering([whole.slice(0, whole.length - 40)]));
    expect(cut.error).toBeInstanceOf(InvalidResponseError);
    expect((cut.error as Error).message).toMatch(/cut off/);
    expect(cut.items).toEqual(BOOKINGS.slice(0, 3));

    const broken = await streamed(clientAnswering([whole.slice(0, 200)], { breakAfter: true }));
    expect(broken.error).toBeInstanceOf(OutcomeUnknownError);
    expect(broken.error).toMatchObject({ reason: 'connection-lost' });
    expect(broken.started).toBe(1);
  });

  it('refuses an answer whose element is not JSON', async () => {
    const read = await streamed(clientAnswering([bytes(`[${JSON.stringify(BOOKINGS[0])}, {"reservation": tru}]`)]));
    expect(read.error).toBeInstanceOf(InvalidResponseError);
    expect((read.error as Error).message).toMatch(/not JSON/);
  });

  it('reads an answer that is not an array as the plain method does: the service’s failure, an HTTP status, an empty body', async () => {
    const refused = await streamed(
      clientAnswering([bytes('{"result":false,"message":"Reservations not setup for this account"}')]),
    );
    expect(refused.error).toBeInstanceOf(ServiceFailureError);
    expect(refused.started).toBe(0);
    const busy = await streamed(clientAnswering([bytes('[]')], { status: 503 }));
    expect(busy.error).toBeInstanceOf(HttpStatusError);
    const empty = await streamed(clientAnswering([bytes('   ')]));
    expect(empty.error).toBeInstanceOf(InvalidResponseError);
    const none = await streamed(clientAnswering([bytes(' [ ] ')]));
    expect(none).toMatchObject({ started: 1, items: [], summary: { items: 0, skipped: 0 } });
  });
});
