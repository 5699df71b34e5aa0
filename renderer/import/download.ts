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
export function derivedFileName(fileName: string, what: string): string {
  const base = fileName.replace(/\.[^.]+$/, '');
  return `${base} - ${what}.csv`;
}
