import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { setDesk } from '../../../renderer/bridge/desk';
import { ImportScreen } from '../../../renderer/screens/import/ImportScreen';
import { resetImport, setImportWorkerFactory } from '../../../renderer/import/controller';
import { useImport } from '../../../renderer/stores/import';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';
import { wrapWorker } from '../../../renderer/import/worker-client';
import { DEMO_FIELDS, setUpDemoImport } from './support';

const CSV = [
  'Prénom;Nom;Courriel;Portable;Sexe;Boisson',
  'Hélène;Lefèvre;helene@example.fr;0412 345 678;Femme;espresso',
  'Marc;Petit;marc(at)example.fr;;Homme;Kir',
  'Zoé;Roux;zoe@example.fr;;F;',
].join('\r\n');

function fakeImportDesk() {
  const queued: RequestOf<'stageImportRows'>['rows'] = [];
  // As the desk core says: every row reached it once the page has finished the hand-over.
  let handedOver = false;
  const view = (id: string) => ({
    id,
    fileName: 'guests.csv',
    createdAt: new Date().toISOString(),
    phase: 'delivering' as const,
    totalRows: 3,
    readyRows: queued.length,
    stagedRows: queued.length,
    queuedRows: queued.length,
    newGuests: 0,
    updated: 0,
    pending: queued.length,
    failed: 0,
    leftRows: 0,
    heldRows: 0,
    staged: handedOver,
    lastStagedLine: 0,
    mapping: {},
    categories: [],
  });
  const fieldsAdded: string[] = [];
  const desk = createFakeDesk(
    fakeHandlers({
      listContactFields: () =>
        DEMO_FIELDS.map(({ name, type, options }) => ({ name, type, ...(options ? { options } : {}) })),
      addContactField: ({ label, type }) => {
        if (label === 'Notes')
          throw new UserFacingError(
            'The service refused the field: A field already exists with the field key notes please choose another label',
          );
        fieldsAdded.push(label);
        return { name: label.toLowerCase(), label, type };
      },
      startImport: () => view('imp_12345678'),
      stageImportRows: ({ importId, rows }) => {
        queued.push(...rows);
        return view(importId);
      },
      finishImportStaging: ({ importId }) => {
        handedOver = true;
        return view(importId);
      },
      getImport: ({ importId }) => view(importId),
      listImports: () => ({ imports: [] }),
      importKnownGuests: () => ({ guests: [], next: null }),
    }),
  );
  return { desk, queued, fieldsAdded };
}

// jsdom lays nothing out: give elements a size so the virtualised grid renders the rows in view, and let Mantine scroll options into view.
const sizes = { offsetHeight: 600, offsetWidth: 1200, clientHeight: 600, clientWidth: 1200 };
const saved = Object.keys(sizes).map(
  (key) =>
    [
      key,
      Object.getOwnPropertyDescriptor(key.startsWith('client') ? Element.prototype : HTMLElement.prototype, key),
    ] as const,
);
beforeEach(() => {
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  Element.prototype.scrollIntoView ??= () => {};
  setUpDemoImport();
});
afterEach(() => {
  resetImport();
  for (const [key, descriptor] of saved)
    if (descriptor)
      Object.defineProperty(key.startsWith('client') ? Element.prototype : HTMLElement.prototype, key, descriptor);
});

/** Drops the CSV on the screen's file input and waits for the columns. */
async function chooseCsv() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  // jsdom's File cannot read itself; Chromium's can.
  const file = Object.assign(new File([CSV], 'guests.csv', { type: 'text/csv' }), {
    arrayBuffer: async () => new TextEncoder().encode(CSV).buffer,
  });
  fireEvent.change(input, { target: { files: [file] } });
  await waitFor(() => expect(useImport.getState().error ?? useImport.getState().step).toBe('match'), { timeout: 5000 });
  return screen.findByRole('table', { name: 'Columns of the file' });
}

describe('Import screen', () => {
  it('says so each time the reader cannot start (its script did not load), not only the first time', async () => {
    const { desk } = fakeImportDesk();
    setDesk(desk);
    let started = 0;
    // A worker whose script is missing (a build replaced the desk's files): an error event without a message.
    setImportWorkerFactory(() => {
      started += 1;
      const listeners: Array<(event: ErrorEvent) => void> = [];
      return wrapWorker({
        postMessage: () => queueMicrotask(() => listeners.forEach((listener) => listener(new ErrorEvent('error')))),
        terminate: () => {},
        addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
          if (type === 'error' && typeof listener === 'function')
            listeners.push(listener as (event: ErrorEvent) => void);
        },
      });
    });
    renderWithProviders(<ImportScreen />);
    for (const attempt of [1, 2]) {
      const input = document.querySelector('input[type=file]') as HTMLInputElement;
      const file = Object.assign(new File([CSV], 'guests.csv', { type: 'text/csv' }), {
        arrayBuffer: async () => new TextEncoder().encode(CSV).buffer,
      });
      fireEvent.change(input, { target: { files: [file] } });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        /could not start its reader \(its script did not load\)\..*reload the window \(Ctrl\+R\)/,
      );
      expect(started).toBe(attempt);
      expect(useImport.getState().busy).toBe(false);
    }
  });

  it("says in staff's words when the desk cannot list the guests it is sending, instead of waiting, and the next file opens", async () => {
    const { desk } = fakeImportDesk();
    let failOnce = true;
    setDesk({
      ...desk,
      importKnownGuests: async (request) => {
        if (!failOnce) return desk.importKnownGuests(request);
        failOnce = false;
        throw new UserFacingError('The desk cannot read its database: disk I/O error.');
      },
    });
    renderWithProviders(<ImportScreen />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = Object.assign(new File([CSV], 'guests.csv', { type: 'text/csv' }), {
      arrayBuffer: async () => new TextEncoder().encode(CSV).buffer,
    });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The desk could not list the guests it is sending (The desk cannot read its database: disk I/O error.), so this file's check for guests already on file could not start. Choose the file again.",
    );
    expect(useImport.getState().busy).toBe(false);
    await chooseCsv();
  });

  it('matches French headers to contact fields, and every match can be changed', async () => {
    const { desk } = fakeImportDesk();
    setDesk(desk);
    renderWithProviders(<ImportScreen />);
    const table = await chooseCsv();
    const select = (column: string) =>
      within(table).getByRole('combobox', { name: `What "${column}" becomes` }) as HTMLInputElement;
    expect(select('Prénom').value).toBe('First name');
    expect(select('Nom').value).toBe('Surname');
    expect(select('Courriel').value).toBe('Email');
    expect(select('Portable').value).toBe('Mobile');
    expect(select('Sexe').value).toBe('Sex');
    expect(select('Boisson').value).toBe('Ignore this column');
    expect(screen.getByRole('combobox', { name: 'Delimiter' })).toHaveValue('Semicolon (;) (detected)');
  });

  it("explains a refused new field in the service's words, and uses a field it adds", async () => {
    const { desk, fieldsAdded } = fakeImportDesk();
    setDesk(desk);
    renderWithProviders(<ImportScreen />);
    await chooseCsv();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'What "Boisson" becomes' });
    await user.click(box);
    await waitFor(() => expect(box.getAttribute('aria-controls')).toBeTruthy());
    await user.click(
      within(document.getElementById(box.getAttribute('aria-controls')!)!).getByRole('option', {
        name: 'New contact field…',
        hidden: true,
      }),
    );
    const label = screen.getByRole('textbox', { name: 'New field label' });
    await user.clear(label);
    await user.type(label, 'Notes');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A field already exists with the field key notes please choose another label',
    );
    await user.clear(label);
    await user.type(label, 'Boisson');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await waitFor(() => expect(useImport.getState().targets[5]).toEqual({ kind: 'field', field: 'boisson' }));
    expect(fieldsAdded).toEqual(['Boisson']);
  });

  it('shows problems per cell, re-checks an edited cell at once, and queues the ready rows', async () => {
    const { desk, queued } = fakeImportDesk();
    setDesk(desk);
    renderWithProviders(<ImportScreen />);
    await chooseCsv();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check 3 rows' }));
    const grid = await screen.findByRole('grid', { name: 'Rows of the file' }, { timeout: 5000 });
    expect(screen.getByLabelText('Counts')).toHaveTextContent(/3 rows.*2 ready.*1 with problems/i);
    const bad = within(grid).getByTitle('"marc(at)example.fr" is not a valid email address.');
    expect(bad).toHaveAttribute('aria-invalid', 'true');
    await user.click(bad);
    const editor = within(grid).getByRole('textbox', { name: 'Row 3, Courriel' });
    await user.clear(editor);
    await user.type(editor, 'marc@example.fr{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Counts')).toHaveTextContent(/3 ready.*0 with problems/i));
    // The mobile is shown as it will be sent.
    expect(within(grid).getByTitle('In the file: 0412 345 678')).toHaveTextContent('+61412345678');

    await user.click(screen.getByRole('button', { name: 'Queue 3 guests' }));
    await waitFor(() => expect(queued).toHaveLength(3));
    expect(queued[0]).toMatchObject({
      line: 2,
      action: 'new',
      contact: {
        PatronName: 'Hélène',
        PatronSurname: 'Lefèvre',
        PatronEmail: 'helene@example.fr',
        PatronMobile: '+61412345678',
        Sex: 'f',
      },
    });
    expect(queued[1]!.contact.PatronEmail).toBe('marc@example.fr');
    expect(await screen.findByRole('status')).toHaveTextContent(/Queued/);
  });

  it('brings the top of the screen (the counts) into view when the check ends, not only where Check was', async () => {
    const { desk } = fakeImportDesk();
    setDesk(desk);
    renderWithProviders(<ImportScreen />);
    await chooseCsv();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function scrollIntoView() {
      scrolled.push(this);
    };
    try {
      const heading = screen.getByRole('heading', { name: 'Import' });
      await userEvent.setup().click(screen.getByRole('button', { name: 'Check 3 rows' }));
      await screen.findByRole('grid', { name: 'Rows of the file' }, { timeout: 5000 });
      await waitFor(() => expect(scrolled.some((element) => element.contains(heading))).toBe(true));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('deletes selected rows and filters to rows with problems', async () => {
    const { desk } = fakeImportDesk();
    setDesk(desk);
    renderWithProviders(<ImportScreen />);
    await chooseCsv();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check 3 rows' }));
    const grid = await screen.findByRole('grid', { name: 'Rows of the file' }, { timeout: 5000 });
    await user.click(screen.getByRole('switch', { name: 'Only rows with problems' }));
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('row')
          .filter((row) => row.dataset.line),
      ).toHaveLength(1),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    await user.click(screen.getByRole('button', { name: /Delete 1 selected/ }));
    await waitFor(() => expect(screen.getByLabelText('Counts')).toHaveTextContent(/2 rows.*2 ready.*0 with problems/i));
  });
});

describe('Import screen: the import as it goes', () => {
  it('follows an import through importChanged events (no polling), splits "left as they are" from "rows with problems", and goes on with one click', async () => {
    const base = {
      id: 'imp_87654321',
      fileName: 'venue.csv',
      createdAt: '2026-11-25T04:28:39.000Z',
      totalRows: 10,
      readyRows: 6,
      stagedRows: 4,
      queuedRows: 0,
      newGuests: 0,
      updated: 0,
      pending: 0,
      failed: 0,
      leftRows: 3,
      heldRows: 1,
      staged: false,
      lastStagedLine: 5,
      mapping: {},
      categories: [],
    };
    const resumed: string[] = [];
    const handlers = fakeHandlers({
      listImports: () => ({ imports: [{ ...base, phase: 'interrupted' as const }] }),
      resumeImport: ({ importId }) => {
        resumed.push(importId);
        return { ...base, phase: 'queueing' as const };
      },
      importKnownGuests: () => ({ guests: [], next: null }),
    });
    const eventsDesk = createFakeDesk(handlers);
    setDesk(eventsDesk);
    renderWithProviders(<ImportScreen />);
    const user = userEvent.setup();
    // When, in the venue's zone and order (Sydney, day first, am/pm), not the computer's.
    expect(
      within(await screen.findByRole('table', { name: 'Past imports' })).getByText('25/11/2026, 3:28 pm'),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'venue.csv' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Queueing stopped before every row reached the desk/);
    await user.click(screen.getByRole('button', { name: 'Go on after row 5' }));
    await waitFor(() => expect(resumed).toEqual(['imp_87654321']));
    // The file is not open here: the desk says how far it got and what to do.
    expect(await screen.findByRole('alert')).toHaveTextContent(/Only 4 rows of "venue.csv" reached the desk/);
    eventsDesk.emit('importChanged', {
      ...base,
      phase: 'done',
      staged: true,
      stagedRows: 6,
      queuedRows: 6,
      newGuests: 4,
      updated: 1,
      failed: 1,
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Done/));
    const result = screen.getByLabelText('Result');
    expect(result).toHaveTextContent(/4New guests1Updated3Guests left as they are1Rows with problems1Failed/);
    expect(screen.getByRole('button', { name: 'Download 1 row with problems' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download 1 failed rows' })).toBeInTheDocument();
  });

  it('says so when every row reached the desk but queueing stopped (another venue was connected), and Go on queues the rest', async () => {
    const stopped = {
      id: 'imp_12345678',
      fileName: 'second-venue.csv',
      createdAt: '2026-11-25T04:28:39.000Z',
      phase: 'interrupted' as const,
      totalRows: 6,
      readyRows: 6,
      stagedRows: 6,
      queuedRows: 2,
      newGuests: 0,
      updated: 0,
      pending: 2,
      failed: 0,
      leftRows: 0,
      heldRows: 0,
      staged: true,
      lastStagedLine: 7,
      mapping: {},
      categories: [],
    };
    const resumed: string[] = [];
    setDesk(
      createFakeDesk(
        fakeHandlers({
          listImports: () => ({ imports: [stopped] }),
          resumeImport: ({ importId }) => {
            resumed.push(importId);
            return { ...stopped, phase: 'queueing' as const };
          },
          importKnownGuests: () => ({ guests: [], next: null }),
        }),
      ),
    );
    renderWithProviders(<ImportScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'second-venue.csv' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /Every row reached the desk, but putting them in the outbox stopped \(another venue was connected/,
    );
    await user.click(screen.getByRole('button', { name: 'Go on' }));
    await waitFor(() => expect(resumed).toEqual(['imp_12345678']));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Queueing into the outbox/));
  });
});

describe('Import screen: a refused hand-over', () => {
  it('shows Go on at once, and going on hands the rest of the open file over from where it stopped', async () => {
    const { desk, queued } = fakeImportDesk();
    let refuseOnce = true;
    const handlers = fakeHandlers({
      listContactFields: () =>
        DEMO_FIELDS.map(({ name, type, options }) => ({ name, type, ...(options ? { options } : {}) })),
      listImports: () => ({ imports: [] }),
      importKnownGuests: () => ({ guests: [], next: null }),
      startImport: (request) => desk.startImport(request),
      stageImportRows: (request) => {
        if (refuseOnce) {
          refuseOnce = false;
          throw new UserFacingError('The desk cannot write to its database: disk full.');
        }
        return desk.stageImportRows(request);
      },
      // Nothing reached the desk before the refusal.
      resumeImport: async ({ importId }) => ({
        ...(await desk.getImport({ importId })),
        staged: false,
        lastStagedLine: 0,
      }),
      finishImportStaging: (request) => desk.finishImportStaging(request),
      getImport: (request) => desk.getImport(request),
    });
    setDesk(createFakeDesk(handlers));
    renderWithProviders(<ImportScreen />);
    await chooseCsv();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check 3 rows' }));
    await screen.findByRole('grid', { name: 'Rows of the file' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Queue 2 guests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/disk full/);
    await user.click(await screen.findByRole('button', { name: 'Go on from the first row' }));
    await waitFor(() => expect(queued.map((row) => row.line)).toEqual([2, 4]));
  });
});
