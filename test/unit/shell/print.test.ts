// The printPage channel's Electron side (issue 22, item 6), with a fake window: what it asks of webContents and what it answers.
import { describe, expect, it } from 'vitest';
import { createAppHandlers } from '../../../electron/core/app/handlers';
import { createPrinter, type PrinterDeps } from '../../../electron/shell/print';
import { BROWSER_MODE_REASON } from '../../../shared/bridge/channels/app';

type Contents = NonNullable<ReturnType<PrinterDeps['contents']>>;

/** A window whose print answers as given and whose printToPDF gives these bytes; records what it was asked. */
function fakeWindow(printAnswer: [boolean, string] = [true, '']) {
  const asked: unknown[] = [];
  const contents: Contents = {
    print: (options, callback) => {
      asked.push({ print: options });
      callback?.(...printAnswer);
    },
    printToPDF: async (options) => {
      asked.push({ printToPDF: options });
      return Buffer.from('%PDF-1.7 run sheet');
    },
  };
  return { contents, asked };
}

describe('printing the window (Electron)', () => {
  it('prints through the system dialog with backgrounds, and says when staff cancelled', async () => {
    const window = fakeWindow();
    const print = createPrinter({
      contents: () => window.contents,
      chooseFile: async () => undefined,
      writeFile: async () => undefined,
    });
    expect(await print({ to: 'printer', name: 'Bookings 2026-11-25' })).toEqual({ printed: true });
    expect(window.asked).toEqual([{ print: { silent: false, printBackground: true } }]);

    const cancelled = fakeWindow([false, 'cancelled']);
    const printCancelled = createPrinter({
      contents: () => cancelled.contents,
      chooseFile: async () => undefined,
      writeFile: async () => undefined,
    });
    expect(await printCancelled({ to: 'printer', name: 'x' })).toEqual({
      printed: false,
      reason: 'Printing was cancelled.',
    });
    const failed = fakeWindow([false, 'Printer is out of paper']);
    const printFailed = createPrinter({
      contents: () => failed.contents,
      chooseFile: async () => undefined,
      writeFile: async () => undefined,
    });
    expect(await printFailed({ to: 'printer', name: 'x' })).toEqual({
      printed: false,
      reason: 'The page could not be printed (Printer is out of paper).',
    });
  });

  it('saves an A4 PDF where staff chose, offering the name given; writes nothing when they cancel', async () => {
    const window = fakeWindow();
    const written: [string, string][] = [];
    const offered: string[] = [];
    let answer: string | undefined = '/home/desk/Documents/Bookings 2026-11-25.pdf';
    const print = createPrinter({
      contents: () => window.contents,
      chooseFile: async (name) => (offered.push(name), answer),
      writeFile: async (path, data) => void written.push([path, Buffer.from(data).toString()]),
    });
    expect(await print({ to: 'pdf', name: 'Bookings 2026-11-25' })).toEqual({
      printed: true,
      savedTo: '/home/desk/Documents/Bookings 2026-11-25.pdf',
    });
    expect(offered).toEqual(['Bookings 2026-11-25.pdf']);
    expect(window.asked).toEqual([{ printToPDF: { pageSize: 'A4', printBackground: true, preferCSSPageSize: true } }]);
    expect(written).toEqual([['/home/desk/Documents/Bookings 2026-11-25.pdf', '%PDF-1.7 run sheet']]);

    answer = undefined;
    expect(await print({ to: 'pdf', name: 'Bookings 2026-11-25' })).toEqual({
      printed: false,
      reason: 'Not saved: no file was chosen.',
    });
    expect(written).toHaveLength(1);
  });

  it('answers without a window, and in browser mode the core says the page prints itself', async () => {
    const print = createPrinter({
      contents: () => undefined,
      chooseFile: async () => undefined,
      writeFile: async () => undefined,
    });
    expect(await print({ to: 'printer', name: 'x' })).toEqual({
      printed: false,
      reason: 'There is no window to print.',
    });
    const handlers = createAppHandlers({
      mode: 'browser',
      version: '0',
      status: () => ({ account: { state: 'none' }, online: true }),
      databaseFile: '/tmp/none.sqlite',
      mayOpenLink: () => false,
    });
    expect(await handlers.printPage({ to: 'printer', name: 'x' })).toEqual({
      printed: false,
      reason: BROWSER_MODE_REASON,
    });
  });
});
