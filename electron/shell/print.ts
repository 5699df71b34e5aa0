// Printing in the Electron window: the renderer lays the page out for print (the day's run sheet under
// @media print) and asks through the printPage channel; this prints the window's webContents through the
// system's print dialog, or renders it with printToPDF into a file staff choose.
import type { WebContents } from 'electron';
import type { PrintWindow } from '../core/app/handlers';

/** What printing needs from the shell: the window's contents, a save dialog and a file write. */
export interface PrinterDeps {
  /** The main window's contents, while there is a window. */
  contents: () => Pick<WebContents, 'print' | 'printToPDF'> | undefined;
  /** Asks staff where to save the PDF (a save dialog with the name filled in); undefined when they cancel. */
  chooseFile: (defaultName: string) => Promise<string | undefined>;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
}

/** Prints the window on paper (the system's dialog) or saves it as an A4 PDF: the printPage channel's Electron side. */
export function createPrinter(deps: PrinterDeps): PrintWindow {
  return async ({ to, name }) => {
    const contents = deps.contents();
    if (!contents) return { printed: false, reason: 'There is no window to print.' };
    if (to === 'printer') {
      return new Promise((resolve) =>
        contents.print({ silent: false, printBackground: true }, (success, failureReason) =>
          resolve(
            success
              ? { printed: true }
              : {
                  printed: false,
                  reason:
                    failureReason === 'cancelled'
                      ? 'Printing was cancelled.'
                      : `The page could not be printed (${failureReason || 'no reason given'}).`,
                },
          ),
        ),
      );
    }
    const path = await deps.chooseFile(`${name}.pdf`);
    if (!path) return { printed: false, reason: 'Not saved: no file was chosen.' };
    const pdf = await contents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
    await deps.writeFile(path, pdf);
    return { printed: true, savedTo: path };
  };
}
