import { describe, expect, it } from 'vitest';
import { describeClockSkew } from '../../../electron/core/account/explain-error';
import { normaliseServiceAddress } from '../../../electron/core/account/service-address';

describe('normaliseServiceAddress', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['api.example.com', 'https://api.example.com'],
    ['https://api.example.com/v1', 'https://api.example.com'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
  ])('%s → %s', (input, expected) => expect(normaliseServiceAddress(input)).toBe(expected));

  it.each([
    'http://api.example.com',
    'https://user:pw@api.example.com',
    'https://api.example.com/?key=1',
    'https://not a host',
  ])('refuses %s', (input) => expect(() => normaliseServiceAddress(input)).toThrow());
});

describe('describeClockSkew', () => {
  const server = new Date('2026-11-21T10:00:00Z');
  it('says ahead or behind, in minutes', () => {
    expect(describeClockSkew(server, new Date('2026-11-21T10:03:10Z'))).toContain('3 minutes ahead of');
    expect(describeClockSkew(server, new Date('2026-11-21T09:58:00Z'))).toContain('2 minutes behind');
  });
  it('still explains without a Date header', () => {
    expect(describeClockSkew(undefined, server)).toContain('off by more than a minute');
  });
});
