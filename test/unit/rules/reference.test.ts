import { describe, expect, it } from 'vitest';
import { isValidReferenceId, newReferenceId } from '../../../shared/rules/reference';

describe('isValidReferenceId', () => {
  it('accepts 1 to 41 letters and digits', () => {
    expect(isValidReferenceId('abc123')).toBe(true);
    expect(isValidReferenceId('a'.repeat(41))).toBe(true);
  });

  it('refuses empty, 42 characters or more, and anything not alphanumeric', () => {
    expect(isValidReferenceId('')).toBe(false);
    expect(isValidReferenceId('a'.repeat(42))).toBe(false);
    expect(isValidReferenceId('abc-123')).toBe(false);
    expect(isValidReferenceId('abc 123')).toBe(false);
    expect(isValidReferenceId('abcé')).toBe(false);
  });
});

describe('newReferenceId', () => {
  it('makes valid, distinct ids that start with the cleaned prefix', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newReferenceId('desk-1')));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(isValidReferenceId(id)).toBe(true);
      expect(id.startsWith('desk1')).toBe(true);
    }
  });

  it('cuts to 41 characters whatever the random part returns', () => {
    const id = newReferenceId('p', () => 'x'.repeat(100));
    expect(id).toHaveLength(41);
    expect(isValidReferenceId(id)).toBe(true);
  });
});
