import { describe, expect, it } from 'vitest';
import { GuestValues } from '../../../renderer/import/guest-values';

describe('GuestValues (values by guest key, numeric keys held as numbers)', () => {
  it('keeps keys that read alike as numbers apart: "12", "012", "12.0" and a local id are four guests', () => {
    const values = new GuestValues([
      ['12', 'a@example.com'],
      ['012', 'b@example.com'],
      ['12.0', 'c@example.com'],
      ['local_5f2c', 'd@example.com'],
    ]);
    expect(values.size).toBe(4);
    expect(values.get('12')).toBe('a@example.com');
    expect(values.get('012')).toBe('b@example.com');
    expect(values.get('12.0')).toBe('c@example.com');
    expect(values.get('local_5f2c')).toBe('d@example.com');
    expect(values.has('0')).toBe(false);
  });

  it('answers keys as the strings they were given, in insertion order, the largest exact whole numbers too', () => {
    const largest = '999999999999999';
    const tooLong = '12345678901234567890';
    const values = new GuestValues();
    values.set('3', 'x').set(largest, 'y').set(tooLong, 'z').set('1', 'w');
    expect([...values.keys()]).toEqual(['3', largest, tooLong, '1']);
    const seen: Array<[string, string]> = [];
    values.forEach((value, key) => seen.push([key, value]));
    expect(seen).toEqual([
      ['3', 'x'],
      [largest, 'y'],
      [tooLong, 'z'],
      ['1', 'w'],
    ]);
    expect(values.delete('3')).toBe(true);
    expect(values.delete('3')).toBe(false);
    expect(values.get(tooLong)).toBe('z');
  });
});
