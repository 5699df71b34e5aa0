import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useVenueFormat } from '../../../renderer/hooks/useVenueFormat';
import { useAccount, type AccountView } from '../../../renderer/stores/account';

const account = (country: string, timeZone: string): AccountView => ({
  state: 'demo',
  timeZone,
  defaultPhoneCountry: country,
  canOpenDashboard: false,
  keychain: { available: true, description: 'test keyring' },
});

describe('useVenueFormat', () => {
  afterEach(() => useAccount.setState({ account: null }));

  it('formats in the connected account’s locale and zone, and follows a change of account settings', () => {
    useAccount.setState({ account: account('AU', 'Australia/Sydney') });
    const { result } = renderHook(() => useVenueFormat());
    expect(result.current.locale).toBe('en-AU');
    expect(result.current.date('2026-11-25')).toBe('25/11/2026');
    act(() => useAccount.setState({ account: account('US', 'America/Chicago') }));
    expect(result.current.locale).toBe('en-US');
    expect(result.current.timeZone).toBe('America/Chicago');
    expect(result.current.date('2026-11-25')).toBe('11/25/2026');
  });
});
