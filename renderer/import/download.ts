import { getDesk } from '../bridge/desk';
import { encodeText, toCsvText } from './csv-out';
import type { Encoding } from './decode';
import type { Delimiter } from './parse';

/** Hands bytes to the browser as a file download (Electron and Chromium save it where staff choose or to Downloads). */
export function saveFile(bytes: Uint8Array, fileName: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "guests.csv" → "guests - failed rows.csv". */
function derivedFileName(fileName: string, what: string): string {
  const base = fileName.replace(/\.[^.]+$/, '');
  return `${base} - ${what}.csv`;
}

/** Saves rows with their reason as CSV in the file's own delimiter and encoding, formulas neutralised. */
export function saveRowsWithReasons(
  file: { fileName: string; delimiter: Delimiter; encoding: Encoding; bom: boolean },
  header: readonly string[],
  rows: ReadonlyArray<{ original: readonly string[]; reason: string }>,
  what: string,
  reasonHeader: string,
): void {
  const text = toCsvText(
    [[...header, reasonHeader], ...rows.map((row) => [...row.original, row.reason])],
    file.delimiter,
  );
  saveFile(encodeText(text, file.encoding, file.bom), derivedFileName(file.fileName, what));
}

/** Downloads an import's failed rows, or its rows with problems, as the desk keeps them (mapped columns and the reason). */
export async function downloadImportRows(importId: string, kind: 'failed' | 'held'): Promise<void> {
  const answer = await getDesk().importFailedRows({ importId });
  saveRowsWithReasons(
    answer,
    answer.header,
    answer.rows.filter((row) => row.kind === kind),
    kind === 'failed' ? 'failed rows' : 'rows with problems',
    kind === 'failed' ? 'Reason' : 'Problem',
  );
}
