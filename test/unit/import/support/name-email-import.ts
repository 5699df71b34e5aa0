import type { RequestOf } from '../../../../shared/bridge/contract';

/** An import of a file of names and emails, every row ready (a new guest). */
export function nameEmailImport(rows: number): RequestOf<'startImport'> {
  return {
    fileName: 'guests.csv',
    delimiter: ',',
    encoding: 'utf-8',
    bom: false,
    header: ['Name', 'Email'],
    mapping: { Name: { kind: 'field', field: 'PatronName' }, Email: { kind: 'field', field: 'PatronEmail' } },
    categories: ['Imported'],
    matchPolicy: 'update',
    totalRows: rows,
    readyRows: rows,
    leftRows: 0,
    heldRows: 0,
  };
}

/** The ready rows numbered `first` to `first + count - 1` (on the file's lines from `first + 2`). */
export function nameEmailRows(first: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    line: first + i + 2,
    action: 'new' as const,
    contact: { PatronName: `Guest ${first + i}`, PatronEmail: `guest${first + i}@example.com` },
    original: [`Guest ${first + i}`, `guest${first + i}@example.com`],
  }));
}
