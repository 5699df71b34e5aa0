import { useMemo } from 'react';
import { venueFormatFor, type VenueFormat } from '../../shared/format/venue-format';
import { useAccount, type AccountView } from '../stores/account';

/** The venue's formats for an account (or, before one is connected, this computer's zone and the default country), built once per country and zone. */
function venueFormatOf(account: Pick<AccountView, 'defaultPhoneCountry' | 'timeZone'> | null): VenueFormat {
  const country = account?.defaultPhoneCountry ?? 'AU';
  const timeZone = account?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  return venueFormatFor(country, timeZone);
}

/** The connected account's formats (shared/format/venue-format.ts): every date, time, number, amount and phone a screen shows. */
export function useVenueFormat(): VenueFormat {
  const country = useAccount((state) => state.account?.defaultPhoneCountry);
  const timeZone = useAccount((state) => state.account?.timeZone);
  return useMemo(
    () => venueFormatOf(country && timeZone ? { defaultPhoneCountry: country, timeZone } : null),
    [country, timeZone],
  );
}
