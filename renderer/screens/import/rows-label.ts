/** "1 row", "100,000 rows": a count of the file's rows in staff words. */
export function rowsLabel(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'row' : 'rows'}`;
}
