import { describe, expect, it } from 'vitest';
import { formatServiceDateTime, parseServiceDateTime } from '../../../shared/rules/datetime';

describe('formatServiceDateTime', () => {
  it('writes UTC by default', () => {
    expect(formatServiceDateTime(new Date('2025-03-04T05:06:07.890Z'))).toBe('2025-03-04 05:06:07');
  });

  it('writes the wall time of another zone, across midnight', () => {
    expect(formatServiceDateTime(new Date('2025-01-31T20:00:00Z'), 'Australia/Sydney')).toBe('2025-02-01 07:00:00');
  });
});

describe('parseServiceDateTime', () => {
  it('reads the service form as UTC by default', () => {
    expect(parseServiceDateTime('2025-03-04 05:06:07')?.toISOString()).toBe('2025-03-04T05:06:07.000Z');
  });

  it('reads the service form as wall time of a zone, DST included', () => {
    expect(parseServiceDateTime('2025-01-15 09:00:00', 'Australia/Sydney')?.toISOString()).toBe(
      '2025-01-14T22:00:00.000Z',
    );
    expect(parseServiceDateTime('2025-07-15 09:00:00', 'Australia/Sydney')?.toISOString()).toBe(
      '2025-07-14T23:00:00.000Z',
    );
  });

  it('honours ISO-8601 offsets and Z whatever the zone', () => {
    expect(parseServiceDateTime('2025-03-04T05:06:07+10:00', 'Europe/London')?.toISOString()).toBe(
      '2025-03-03T19:06:07.000Z',
    );
    expect(parseServiceDateTime('2025-03-04T05:06:07.5Z')?.toISOString()).toBe('2025-03-04T05:06:07.500Z');
    expect(parseServiceDateTime('2025-03-04 05:06:07 -0130')?.toISOString()).toBe('2025-03-04T06:36:07.000Z');
  });

  it('reads a date alone as its midnight', () => {
    expect(parseServiceDateTime('2025-03-04')?.toISOString()).toBe('2025-03-04T00:00:00.000Z');
  });

  it.each([
    '',
    'yesterday',
    '2025-02-30 10:00:00',
    '2025-13-01 00:00:00',
    '2025-01-01 24:00:00',
    '2025-01-01 10:61:00',
    '2025-01-01T10:00:00+15:00',
  ])('refuses %j', (text) => {
    expect(parseServiceDateTime(text)).toBeNull();
  });

  it('refuses an unknown zone', () => {
    expect(parseServiceDateTime('2025-01-01 10:00:00', 'Mars/Olympus')).toBeNull();
  });

  it('round-trips with formatServiceDateTime', () => {
    const date = new Date('2025-10-05T16:30:00Z');
    expect(parseServiceDateTime(formatServiceDateTime(date, 'America/New_York'), 'America/New_York')?.getTime()).toBe(
      date.getTime(),
    );
  });
});
