import { describe, expect, it } from 'vitest';
import { createVenueFormat, displayPhone, localeForCountry } from '../../../shared/format/venue-format';

// Intl's output has narrow no-break spaces in some locales (10:00 am); compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the venue formats', () => {
  const at = '2026-11-24T23:00:00Z'; // 10:00 on 25 November in Sydney, 23:00 on 24 November in London

  it('writes an Australian account as en-AU in Sydney time: 25/11/2026, 10:00 am', () => {
    const format = createVenueFormat({ country: 'AU', timeZone: 'Australia/Sydney' });
    expect(format.locale).toBe('en-AU');
    expect(plain(format.dateTime(at))).toBe('25/11/2026, 10:00 am');
    expect(format.date('2026-11-25')).toBe('25/11/2026');
    expect(plain(format.time('19:30:00'))).toBe('7:30 pm');
    expect(plain(format.timeOfDay(new Date(at)))).toBe('10:00 am');
    expect(format.longDate('2026-11-25')).toBe('Wednesday 25 November 2026');
    expect(format.shortDate('2026-11-25')).toBe('Wed 25');
    expect(format.number(1234567)).toBe('1,234,567');
    expect(format.percent(0.125)).toBe('12.5%');
    expect(format.percent(null)).toBe('–');
    expect(format.money(12.5)).toBe('$12.50');
    expect(format.phone('+61412345678')).toBe('0412 345 678');
    expect(format.phone('0412345678')).toBe('0412 345 678');
    expect(format.phone('+447911123456')).toBe('+44 7911 123456');
  });

  it('writes a British account as en-GB in London time, on a 24-hour clock in pounds', () => {
    const format = createVenueFormat({ country: 'GB', timeZone: 'Europe/London' });
    expect(format.locale).toBe('en-GB');
    expect(plain(format.dateTime(at))).toBe('24/11/2026, 23:00');
    expect(format.time('19:30')).toBe('19:30');
    expect(format.longDate('2026-11-25')).toBe('Wednesday, 25 November 2026');
    expect(format.money(12.5)).toBe('£12.50');
    expect(format.phone('+447911123456')).toBe('07911 123456');
    expect(format.phone('+61412345678')).toBe('+61 412 345 678');
  });

  it('writes an American account as en-US: month first, AM/PM, dollars, (212) numbers', () => {
    const format = createVenueFormat({ country: 'US', timeZone: 'America/New_York' });
    expect(format.locale).toBe('en-US');
    expect(plain(format.dateTime(at))).toBe('11/24/2026, 6:00 PM');
    expect(format.date('2026-11-25')).toBe('11/25/2026');
    expect(plain(format.time('07:05:00'))).toBe('7:05 AM');
    expect(format.longDate('2026-11-25')).toBe('Wednesday, November 25, 2026');
    expect(format.money(1234.5)).toBe('$1,234.50');
    expect(format.phone('+12125550123')).toBe('(212) 555-0123');
  });

  it('writes the service’s own datetimes (the account’s clock) and another zone’s instants in the venue’s order', () => {
    const au = createVenueFormat({ country: 'AU', timeZone: 'Australia/Sydney' });
    const gb = createVenueFormat({ country: 'GB', timeZone: 'Europe/London' });
    const us = createVenueFormat({ country: 'US', timeZone: 'America/New_York' });
    expect(plain(au.serviceDateTime('2026-11-19 05:08:38'))).toBe('19/11/2026, 5:08 am');
    expect(plain(gb.serviceDateTime('2026-11-19 17:08:00'))).toBe('19/11/2026, 17:08');
    expect(plain(us.serviceDateTime('2026-11-19 17:08'))).toBe('11/19/2026, 5:08 PM');
    expect(au.serviceDateTime('soon')).toBe('soon');
    // The desk in London, the venue in Sydney: the same instant read on the desk's clock, in the venue's order.
    expect(plain(au.dateTimeIn(at, 'Europe/London'))).toBe('24/11/2026, 11:00 pm');
    expect(plain(us.dateTimeIn(at, 'Australia/Sydney'))).toBe('11/25/2026, 10:00 AM');
  });

  it('reads a typed date in the venue’s order, and ISO dates everywhere; refuses dates that do not exist', () => {
    const au = createVenueFormat({ country: 'AU', timeZone: 'Australia/Sydney' });
    const gb = createVenueFormat({ country: 'GB', timeZone: 'Europe/London' });
    const us = createVenueFormat({ country: 'US', timeZone: 'America/New_York' });
    expect(au.readDate('25/11/2026')).toBe('2026-11-25');
    expect(au.readDate('5.3.26')).toBe('2026-03-05');
    expect(gb.readDate('05/03/2026')).toBe('2026-03-05');
    expect(us.readDate('11/25/2026')).toBe('2026-11-25');
    expect(us.readDate('25/11/2026')).toBeNull();
    expect(au.readDate('2026-11-25')).toBe('2026-11-25');
    expect(au.readDate('31/02/2026')).toBeNull();
    expect(au.readDate('tomorrow')).toBeNull();
  });

  it('knows how the venue’s clock reads: am/pm in Australia, AM/PM in the US, 24 hours in Britain', () => {
    expect(createVenueFormat({ country: 'AU', timeZone: 'Australia/Sydney' }).clock).toEqual({
      hour12: true,
      am: 'am',
      pm: 'pm',
    });
    expect(createVenueFormat({ country: 'US', timeZone: 'America/New_York' }).clock).toEqual({
      hour12: true,
      am: 'AM',
      pm: 'PM',
    });
    expect(createVenueFormat({ country: 'GB', timeZone: 'Europe/London' }).clock.hour12).toBe(false);
  });

  it('shows wall dates and times as written, whatever the zone', () => {
    const format = createVenueFormat({ country: 'AU', timeZone: 'Pacific/Kiritimati' });
    expect(format.date('2026-01-01')).toBe('01/01/2026');
    expect(plain(format.time('00:00'))).toBe('12:00 am');
  });

  it('falls back instead of failing on an unknown zone, country, date or phone', () => {
    const format = createVenueFormat({ country: 'ZZ', timeZone: 'Mars/Olympus' });
    expect(format.timeZone).toBe('UTC');
    expect(format.locale).toBe('en-001');
    expect(plain(format.dateTime(at))).toBe('24/11/2026, 11:00 pm');
    expect(format.money(3)).toBe('3.00');
    expect(format.date('not a date')).toBe('not a date');
    expect(format.dateTime('never')).toBe('never');
    expect(format.phone('  ask at the bar ')).toBe('ask at the bar');
    expect(format.phone('+61412345678')).toBe('+61 412 345 678');
    expect(displayPhone('', 'AU')).toBe('');
  });

  it('uses the country’s own English where Intl has one and world English where it has none', () => {
    expect(localeForCountry('nz')).toBe('en-NZ');
    expect(localeForCountry('BR')).toBe('en-001');
  });
});
