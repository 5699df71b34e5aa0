// What the import worker does with each request; the worker file wires it to its messages (tests run it in-process).
import { isLocalGuestId } from '../../shared/rules/guest-id';
import { GuestDatabase } from '../db/guest-db';
import { guestExportRow } from './csv-out';
import { createPhoneKey } from '../search/phone';
import { ImportFileError } from './limits';
import { ImportSession } from './session';
import { readIdentities } from './identities';
import { createSharedThread } from './shared-thread';
import type { WorkerAnswers, WorkerMessage, WorkerRequest } from './protocol';
import { cachedGuestsOf, guestCategories, guestsOnFile, readCachedIdentities, type OutboxGuest } from './snapshot';

/**
 * Requests that change the open file or its checked rows, taken in turn; the others only read. (Opening
 * starts a new session: a check still running finishes on the old one, which nothing reads any more.)
 */
const CHANGES: ReadonlySet<WorkerRequest['type']> = new Set(['load', 'reread', 'check', 'edit', 'delete', 'conflict']);

/** A worker's state and its answer to each request; `post` sends messages to the page. */
export function createWorkerHandler(
  post: (message: WorkerMessage) => void,
): (request: WorkerRequest & { id: number }) => Promise<void> {
  let session: ImportSession | null = null;
  let guests: GuestDatabase | null = null;
  let categoriesOfUpdated: Map<string, string[]> | null = null;
  /** The guests the desk's outbox queued or sent, handed over by the page after `open` (the cache is read meanwhile). */
  let outboxGuests: Deferred<OutboxGuest[]> = deferred();

  /** The session of the open import. */
  const requireSession = (): ImportSession => {
    if (!session) throw new ImportFileError('The import is not ready yet; try again in a moment.');
    return session;
  };

  /**
   * The requests that change the file or its checked rows, one after the other: a check runs in slices, and a
   * file read again (or edited) meanwhile would otherwise get the rest of its results on rows it never checked.
   */
  let changes: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = changes.then(work);
    changes = turn.catch(() => undefined); // the refusal goes to its own request (below), not to the next in line
    return turn;
  };

  return async (request) => {
    try {
      const answer = CHANGES.has(request.type) ? await inTurn(() => handle(request)) : await handle(request);
      post({ type: 'answer', id: request.id, answer });
    } catch (error) {
      post({ type: 'refused', id: request.id, message: refusalOf(error) });
    }
  };

  /** Opens the account's guest cache and a new session (the previous cache closed). */
  async function open(request: Extract<WorkerRequest, { type: 'open' }>): Promise<WorkerAnswers['open']> {
    guests?.close();
    guests = request.guestDatabase ? new GuestDatabase(request.guestDatabase) : null;
    outboxGuests = deferred();
    if (!request.withOutboxGuests) outboxGuests.resolve([]);
    session = openSession(request, guests, outboxGuests.promise);
    return { guests: guests ? await guests.guestCount() : 0 };
  }

  /** Answers one request. */
  async function handle(request: WorkerRequest & { id: number }): Promise<WorkerAnswers[keyof WorkerAnswers]> {
    switch (request.type) {
      case 'open':
        return open(request);
      case 'outboxGuests':
        outboxGuests.resolve(request.guests);
        return { guests: request.guests.length };
      case 'load':
        return requireSession().load(request.fileName, request.buffer);
      case 'reread':
        return requireSession().reread(request.options);
      case 'check':
        categoriesOfUpdated = null;
        return requireSession().check(request.setup, (done, total) =>
          post({ type: 'progress', id: request.id, done, total }),
        );
      case 'shownRows':
        return requireSession().shownRows(request.from, request.count, request.onlyProblems);
      // The grid reads the rows in view again after a change: only the counts travel back.
      case 'edit':
        categoriesOfUpdated = null;
        return { counts: (await requireSession().edit(request.line, request.column, request.value)).counts };
      case 'delete':
        categoriesOfUpdated = null;
        return { counts: (await requireSession().deleteRows(request.lines)).counts };
      case 'conflict':
        categoriesOfUpdated = null;
        return { counts: (await requireSession().chooseConflict(request.choice, request.line)).counts };
      case 'queueRows': {
        const current = requireSession();
        categoriesOfUpdated ??= guests ? await guestCategories(guests, current.updatedGuests()) : new Map();
        return current.queueRows(request.from, request.count, categoriesOfUpdated, request.maxBytes);
      }
      case 'positionAfter':
        return { position: requireSession().positionAfter(request.line) };
      case 'problemRows':
        return requireSession().problemRows();
      case 'exportGuests':
        return {
          rows: guests ? await exportRows(guests, request.fields) : [request.fields],
        };
    }
  }
}

/** A new session that starts reading the guests on file at once: the file is read and checked meanwhile. */
function openSession(
  request: Extract<WorkerRequest, { type: 'open' }>,
  guests: GuestDatabase | null,
  outboxGuests: Promise<OutboxGuest[]>,
): ImportSession {
  const phoneKey = createPhoneKey(request.country);
  const thread = createSharedThread();
  const session = new ImportSession(phoneKey, request.country, thread);
  const cache = guests && cachedGuestsOf(guests);
  const identities = guests ? readIdentities(guests, thread) : readCachedIdentities(null);
  const reading = Promise.all([identities, outboxGuests]).then(([cached, fromOutbox]) =>
    guestsOnFile(cached, cache, fromOutbox, phoneKey),
  );
  session.compareWith(reading);
  // A refusal surfaces at the check, which waits for the guests; logged here for whoever reads the console.
  reading.catch((error: unknown) => console.error('[import] reading the guests on file failed:', error));
  return session;
}

/** The sentence a failed request answers with: a file's refusal as it is, anything else as a read that failed. */
function refusalOf(error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  return `The file could not be read: ${error instanceof Error ? error.message : String(error)}`;
}

/** Every cached guest as rows of the given fields (with categories last), the header first. */
async function exportRows(db: GuestDatabase, fields: string[]): Promise<string[][]> {
  const rows: string[][] = [[...fields, 'Categories']];
  await db.guests.each((guest) => {
    if (isLocalGuestId(guest.key)) return;
    rows.push(guestExportRow(guest.record, fields));
  });
  return rows;
}

/** A promise with its resolve at hand. */
interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

/** A promise to resolve later. */
function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
