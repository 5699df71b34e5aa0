// How the file writes dates and decimals, judged over its rows before they are checked.
import type { ColumnTarget, ImportField } from './matching';
import type { Delimiter } from './parse';
import { dateOrderEvidence, type DateEvidence, type DateOrder } from './values';

/** Countries that write the month first (03/04 is March 4th). */
const MONTH_FIRST_COUNTRIES = new Set(['US', 'CA', 'PH', 'FM', 'MH', 'PW']);

/** What the styles are judged by: the column targets, the fields, and the date order if staff chose one. */
export interface StyleSetup {
  targets: readonly ColumnTarget[];
  fields: readonly ImportField[];
  dateOrder?: DateOrder;
}

/** How the file writes dates and decimals. */
export interface FileStyles {
  /** Which part of d/m/y dates is the day, as the file's dates show it. */
  evidence: DateEvidence;
  /** The date order used: staff's choice, else the dates' evidence, else the venue's country's habit. */
  dateOrder: DateOrder;
  decimalComma: boolean;
}

/** The file's date order and decimal style (a semicolon-delimited file writes decimals with a comma). */
export function fileStyles(
  rows: ReadonlyArray<{ cells: readonly string[] }>,
  setup: StyleSetup,
  country: string,
  delimiter: Delimiter,
): FileStyles {
  const evidence = dateEvidence(rows, setup);
  const dateOrder =
    setup.dateOrder ??
    (evidence === 'dmy' || evidence === 'mdy' ? evidence : MONTH_FIRST_COUNTRIES.has(country) ? 'mdy' : 'dmy');
  const decimalComma = delimiter === ';' || seesDecimalCommas(rows, setup);
  return { evidence, dateOrder, decimalComma };
}

/** Which part of d/m/y dates is the day, judged over every date column. */
function dateEvidence(rows: ReadonlyArray<{ cells: readonly string[] }>, setup: StyleSetup): DateEvidence {
  const fields = new Map(setup.fields.map((field) => [field.name, field.type]));
  const columns = setup.targets.flatMap((target, column) =>
    target.kind === 'field' && ['date', 'datetime'].includes(fields.get(target.field) ?? '') ? [column] : [],
  );
  if (columns.length === 0) return 'none';
  return dateOrderEvidence(columns.flatMap((column) => rows.map((row) => row.cells[column] ?? '')));
}

/** Whether number columns write decimals with a comma (1,5 or 12,50). */
function seesDecimalCommas(rows: ReadonlyArray<{ cells: readonly string[] }>, setup: StyleSetup): boolean {
  const numbers = new Set(setup.fields.filter((field) => field.type === 'number').map((field) => field.name));
  const columns = setup.targets.flatMap((target, column) =>
    target.kind === 'field' && numbers.has(target.field) ? [column] : [],
  );
  return columns.some((column) =>
    rows.slice(0, 2000).some((row) => /^-?\d+,\d{1,2}$/.test((row.cells[column] ?? '').trim())),
  );
}
