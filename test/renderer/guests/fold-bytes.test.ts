// fold keeps what it returns, and an accented name folded is held one byte a character, as plain text is: the
// search log stores a page's hits as one JSON string, which one two-byte sort key would make twice as large.
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { fold } from '../../../renderer/search/terms';

/** The bytes of a value as the structured clone (IndexedDB's, V8's serializer) writes it. */
const clonedBytes = (value: unknown) => serialize(value).length;

describe('folding accented names', () => {
  it('folds as before, and an accented name folded costs what the same plain text costs to store', () => {
    expect(fold("Zoë O'Brien")).toBe("zoe o'brien");
    expect(fold('Harper MÜLLER harper.muller@icloud.com')).toBe('harper muller harper.muller@icloud.com');
    expect(fold('Łukasz Żółć')).toBe('łukasz zołc');
    const folded = fold('Müller Harper');
    expect(clonedBytes(folded)).toBe(clonedBytes('muller harper'));
    expect(clonedBytes(JSON.stringify([folded, 'x']))).toBe(clonedBytes(JSON.stringify(['muller harper', 'x'])));
  });
});
