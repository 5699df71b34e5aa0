import { describe, expect, it } from 'vitest';
import { detailsPush, detailsToAdd, guestIdentity, holdsSameIdentity } from '../../../shared/rules/contact-identity';

describe('who a guest is (names, email, mobile as normalised)', () => {
  it('compares emails in any case and mobiles in any format', () => {
    expect(
      guestIdentity({ PatronName: ' Ada ', PatronEmail: 'ADA@Example.com', PatronMobile: '0412 345 678' }, 'AU'),
    ).toEqual({
      firstName: 'Ada',
      surname: '',
      email: 'ada@example.com',
      mobile: '+61412345678',
    });
    expect(
      holdsSameIdentity(
        { PatronName: 'Ada', PatronEmail: 'ada@example.com', PatronMobile: '+61412345678' },
        { PatronName: 'Ada', PatronEmail: 'ADA@example.com', PatronMobile: '0412 345 678' },
        'AU',
      ),
    ).toBe(true);
  });

  it('a guest with a name where none was sent, or another name, does not hold what was sent', () => {
    expect(
      holdsSameIdentity({ PatronName: 'Ada', PatronEmail: 'ada@example.com' }, { PatronEmail: 'ada@example.com' }),
    ).toBe(false);
    expect(
      holdsSameIdentity(
        { PatronName: 'Ada', PatronEmail: 'ada@example.com' },
        { PatronName: 'Grace', PatronEmail: 'ada@example.com' },
      ),
    ).toBe(false);
    expect(
      holdsSameIdentity(
        { PatronName: 'Ada', PatronEmail: 'ada@example.com', PatronMobile: '+61412345678' },
        { PatronName: 'Ada', PatronEmail: 'ada@example.com' },
      ),
    ).toBe(false);
  });
});

describe('adding a new guest’s details to a guest on file', () => {
  const onFile = {
    contact_id: '7',
    client_id: 'c',
    PatronName: 'Ada',
    PatronSurname: 'Lovelace',
    PatronEmail: 'ada@example.com',
    PatronMobile: '+61412345678',
    svc_categories: 'VIP,Locals',
  };

  it('lists only values that are not blank and differ; the same email or mobile in another form is no change', () => {
    const incoming = {
      client_id: 'c',
      contact_id: 'local-x',
      PatronName: 'Augusta',
      PatronSurname: '',
      PatronEmail: 'ADA@example.com',
      PatronMobile: '0412 345 678',
      MemberNumber: 'M9',
      CardNumber: null,
    };
    expect(detailsToAdd(onFile, incoming, 'AU')).toEqual([
      { field: 'PatronName', from: 'Ada', to: 'Augusta' },
      { field: 'MemberNumber', from: '', to: 'M9' },
    ]);
  });

  it('adds categories to the guest’s own instead of replacing them', () => {
    expect(detailsToAdd(onFile, { svc_categories: 'Locals,Regular' })).toEqual([
      { field: 'svc_categories', from: 'VIP,Locals', to: 'VIP,Locals,Regular' },
    ]);
    expect(detailsToAdd(onFile, { svc_categories: 'VIP' })).toEqual([]);
  });

  it('builds the push of the chosen changes to the guest’s contact_id, nothing else', () => {
    const incoming = { client_id: 'c', PatronName: 'Augusta', MemberNumber: 'M9', svc_categories: 'Regular' };
    const chosen = detailsToAdd(onFile, incoming).filter((change) => change.field !== 'PatronName');
    expect(detailsPush('7', incoming, chosen)).toEqual({
      contact_id: '7',
      client_id: 'c',
      MemberNumber: 'M9',
      svc_categories: 'VIP,Locals,Regular',
    });
  });
});
