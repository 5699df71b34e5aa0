// Printing the page as it is laid out for print: the desk core asks the Electron shell (the system's
// print dialog, or a PDF file); in browser mode the page uses the browser's own print.
import { BROWSER_MODE_REASON } from '../../shared/bridge/channels/app';
import { getDesk } from './desk';

/** Prints on paper or into a PDF named `name`; resolves to what staff are told (done, where it was saved, or why not). */
export async function printPage(
  to: 'printer' | 'pdf',
  name: string,
): Promise<{ done: boolean; message: string | null }> {
  const { printed, reason, savedTo } = await getDesk().printPage({ to, name });
  if (printed) return { done: true, message: savedTo ? `Saved as ${savedTo}.` : null };
  if (reason !== BROWSER_MODE_REASON) return { done: false, message: reason ?? 'The page could not be printed.' };
  window.print(); // the browser's print dialog: paper, or "Save as PDF" as its destination
  return { done: true, message: null };
}
