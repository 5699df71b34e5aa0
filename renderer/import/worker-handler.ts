// What the import worker does with each request; the worker file wires it to its messages (tests run it in-process).
import { isLocalGuestId } from '../../shared/rules/guest-id';
import { GuestDatabase } from '../db/guest-db';
import { guestExportRow } from './csv-out';
import { createPhoneKey } from '../search/phone';
import type { GridRow } from './session';
import { ImportFileError, ImportSession } from './session';
import type { WorkerAnswers, WorkerMessage, WorkerRequest } from './protocol';
import { guestCategories, loadGuestsOnFile } from './snapshot';

/** Rows per message to the page: small enough that receiving one never holds the page up. */
const ROWS_PER_MESSAGE = 2000;

/** A worker's state and its answer to each request; `post` sends messages to the page. */
export function createWorkerHandler(
  post: (message: WorkerMessage) => void,
): (request: WorkerRequest & { id: number }) => Promise<void> {
  let session: ImportSession | null = null;
  let guests: GuestDatabase | null = null;
  let categoriesOfUpdated: Map<string, string[]> | null = null;
  /** The guests on file, read while the file is read and its columns matched; the check waits for them. */
  let guestsReady: Promise<unknown> = Promise.resolve();

  /** The session of the open import. */
  const requireSession = (): ImportSession => {
    if (!session) throw new ImportFileError('The import is not ready yet; try again in a moment.');
    return session;
  };

  return async (request) => {
    try {
      post({ type: 'answer', id: request.id, answer: await handle(request) });
    } catch (error) {
      const message =
        error instanceof ImportFileError
          ? error.message
          : `The file could not be read: ${error instanceof Error ? error.message : String(error)}`;
      post({ type: 'refused', id: request.id, message });
    }
  };

  /** Answers one request. */
  async function handle(request: WorkerRequest & { id: number }): Promise<WorkerAnswers[keyof WorkerAnswers]> {
    switch (request.type) {
      case 'open': {
        guests?.close();
        guests = request.guestDatabase ? new GuestDatabase(request.guestDatabase) : null;
        const phoneKey = createPhoneKey(request.country);
        const current = new ImportSession(phoneKey, request.country);
        session = current;
        const onFile = loadGuestsOnFile(guests, request.outboxGuests, phoneKey);
        guestsReady = onFile.then((loaded) => current.setGuests(loaded.snapshot, (ids) => loaded.records(ids)));
        // Not awaited here: reading the guests overlaps reading the file (a refusal surfaces at the check).
        guestsReady.catch((error: unknown) => console.error('[import] reading the guests on file failed:', error));
        return { guests: guests ? await guests.guestCount() : 0 };
      }
      case 'load':
        return requireSession().load(request.fileName, request.buffer);
      case 'reread':
        return requireSession().reread(request.options);
      case 'check': {
        categoriesOfUpdated = null;
        await guestsReady;
        const current = requireSession();
        const summary = await current.check(request.setup, (done, total) =>
          post({ type: 'progress', id: request.id, done, total }),
        );
        // In order, a chunk at a time: the page appends them.
        for (let start = 0; start < current.size(); start += ROWS_PER_MESSAGE) {
          const rows: GridRow[] = current.gridRows(start, start + ROWS_PER_MESSAGE);
          post({ type: 'rows', id: request.id, start, rows });
        }
        return summary;
      }
      case 'edit':
        categoriesOfUpdated = null;
        return requireSession().edit(request.line, request.column, request.value);
      case 'delete':
        categoriesOfUpdated = null;
        return requireSession().deleteRows(request.lines);
      case 'conflict':
        categoriesOfUpdated = null;
        return requireSession().chooseConflict(request.choice, request.line);
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

/** Every cached guest as rows of the given fields (with categories last), the header first. */
async function exportRows(db: GuestDatabase, fields: string[]): Promise<string[][]> {
  const rows: string[][] = [[...fields, 'Categories']];
  await db.guests.each((guest) => {
    if (isLocalGuestId(guest.key)) return;
    rows.push(guestExportRow(guest.record, fields));
  });
  return rows;
}
