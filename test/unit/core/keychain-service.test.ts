import { describe, expect, it } from 'vitest';
import { keychainServiceFor } from '../../../electron/core/data-dir';

describe('the keychain entry of a data folder', () => {
  it('is "Venue Desk" for the usual folder, and one of its own for any other (two desks on one machine)', () => {
    expect(keychainServiceFor('/home/ann/.config/Venue Desk', '/home/ann/.config/Venue Desk')).toBe('Venue Desk');
    expect(keychainServiceFor('/home/ann/.config/Venue Desk/', '/home/ann/.config/Venue Desk')).toBe('Venue Desk');
    const door = keychainServiceFor('/tmp/door', '/home/ann/.config/Venue Desk');
    const bar = keychainServiceFor('/tmp/bar', '/home/ann/.config/Venue Desk');
    expect(door).toBe('Venue Desk (/tmp/door)');
    expect(bar).not.toBe(door);
  });
});
