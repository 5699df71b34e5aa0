import { useEffect, useMemo, useState } from 'react';
import {
  buildAudienceIndex,
  countAudienceIndexed,
  type Audience,
  type AudienceIndex,
} from '../../shared/rules/campaign-audience';
import { formatServiceDate } from '../../shared/rules/datetime';
import { categoryNamesById, loadAudienceFacts } from '../db/audience-facts';
import type { CategoryRow } from '../db/guest-types';
import { useAccount } from './account';
import { reportBackgroundFailure } from './background-failures';
import { useGuests } from './guests';

/** What the audience picker reads from the guest cache: every guest's facts in columns, and the categories. */
interface AudienceSource {
  index: AudienceIndex;
  categories: CategoryRow[];
  names: Map<string, string>;
}

/** The audience source, or why the guest cache could not be read for it. */
export type AudienceReading = { source: AudienceSource } | { failed: string } | null;

/** The cached guests' audience facts and the categories, read again when the cache changes (null while reading). */
export function useAudienceSource(): AudienceReading {
  const cache = useGuests((state) => state.cache);
  const dataVersion = useGuests((state) => state.dataVersion);
  const [reading, setReading] = useState<AudienceReading>(null);
  useEffect(() => {
    if (!cache) return;
    let live = true;
    Promise.all([
      loadAudienceFacts(cache.db),
      categoryNamesById(cache.db),
      cache.db.categories.orderBy('name').toArray(),
    ]).then(
      ([facts, names, categories]) =>
        live && setReading({ source: { index: buildAudienceIndex(facts), names, categories } }),
      (error: unknown) => {
        reportBackgroundFailure('Counting the campaign audience', error);
        if (live) setReading({ failed: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [cache, dataVersion]);
  return reading;
}

/** The estimated recipients of an audience from the cache (null while the cache loads), today in the account's zone. */
export function useAudienceEstimate(reading: AudienceReading, audience: Audience): number | null {
  const timeZone = useAccount((state) => state.account?.timeZone ?? 'UTC');
  const today = formatServiceDate(new Date(), timeZone);
  const source = reading && 'source' in reading ? reading.source : null;
  return useMemo(
    () => (source ? countAudienceIndexed(source.index, audience, source.names, today) : null),
    [source, audience, today],
  );
}
