import { describe, expect, it } from 'vitest';
import { IMPORT_BATCH_LIMIT, importChannels } from '../../../shared/bridge/channels/import';

const schema = importChannels.stageImportRows.request;
const importId = 'imp_0123456789abcdef';
const ready = {
  line: 2,
  action: 'new',
  contact: { FirstName: 'Ann', PatronEmail: 'ann@example.com' },
  original: ['Ann'],
};
const held = { line: 3, reason: 'The email is not an address.', original: ['Bo', 'bo@'] };

const accepts = (rows: unknown[], heldRows: unknown[] = []) =>
  schema.safeParse({ importId, afterLine: 0, rows, held: heldRows }).success;

describe('a hand-over batch where it enters the desk core', () => {
  it('takes ready and held rows as the page makes them, unchanged', () => {
    const parsed = schema.parse({ importId, afterLine: 1, rows: [ready], held: [held] });
    expect(parsed).toEqual({ importId, afterLine: 1, rows: [ready], held: [held] });
    expect(accepts([{ ...ready, contact: {}, original: [] }])).toBe(true);
    expect(accepts([{ ...ready, action: 'update', contact: { ['x'.repeat(100)]: 'y'.repeat(10_000) } }])).toBe(true);
  });

  it('refuses a ready row that is not exactly line, action, contact and original within their bounds', () => {
    const bad: unknown[] = [
      null,
      [],
      'row',
      { ...ready, extra: 1 },
      { line: 2, action: 'new', contact: {} },
      { ...ready, line: 0 },
      { ...ready, line: 2.5 },
      { ...ready, line: '2' },
      { ...ready, line: Number.MAX_SAFE_INTEGER + 1 },
      { ...ready, action: 'delete' },
      { ...ready, contact: null },
      { ...ready, contact: ['Ann'] },
      { ...ready, contact: new Map([['FirstName', 'Ann']]) },
      { ...ready, contact: new Date(0) },
      { ...ready, contact: { '': 'Ann' } },
      { ...ready, contact: { ['x'.repeat(101)]: 'Ann' } },
      { ...ready, contact: { FirstName: 1 } },
      { ...ready, contact: { Notes: 'y'.repeat(10_001) } },
      { ...ready, original: 'Ann' },
      { ...ready, original: [1] },
      { ...ready, original: ['z'.repeat(20_201)] },
      { ...ready, original: Array.from({ length: 501 }, () => '') },
    ];
    for (const row of bad) expect(accepts([ready, row]), JSON.stringify(row)?.slice(0, 80)).toBe(false);
    const result = schema.safeParse({ importId, afterLine: 0, rows: [ready, { ...ready, extra: 1 }], held: [] });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path)).toEqual([['rows', 1]]);
  });

  it('refuses a held row that is not exactly line, reason and original within their bounds', () => {
    const bad: unknown[] = [
      { ...held, action: 'new' },
      { line: 3, original: [] },
      { ...held, line: -1 },
      { ...held, reason: '' },
      { ...held, reason: 'r'.repeat(2001) },
      { ...held, original: [null] },
    ];
    for (const row of bad) expect(accepts([], [held, row]), JSON.stringify(row)).toBe(false);
  });

  it('refuses a batch that does not say which row came before it, as a whole number', () => {
    for (const afterLine of [undefined, -1, 1.5, '3', null])
      expect(schema.safeParse({ importId, afterLine, rows: [ready], held: [] }).success, String(afterLine)).toBe(false);
  });

  it('refuses more than IMPORT_BATCH_LIMIT rows of either kind in one batch', () => {
    expect(accepts(Array.from({ length: IMPORT_BATCH_LIMIT }, (_, i) => ({ ...ready, line: i + 2 })))).toBe(true);
    expect(accepts(Array.from({ length: IMPORT_BATCH_LIMIT + 1 }, (_, i) => ({ ...ready, line: i + 2 })))).toBe(false);
    expect(
      accepts(
        [],
        Array.from({ length: IMPORT_BATCH_LIMIT + 1 }, (_, i) => ({ ...held, line: i + 2 })),
      ),
    ).toBe(false);
  });
});
