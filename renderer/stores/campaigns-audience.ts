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
import { useGuests } from './guests';

/** What the audience picker reads from the guest cache: every guest's facts in columns, and the categories. */
interface AudienceSource {
  index: AudienceIndex;
  categories: CategoryRow[];
  names: Map<string, string>;
}

/** The cached guests' audience facts and the categories, read again when the cache changes. */
export function useAudienceSource(): AudienceSource | null {
  const cache = useGuests((state) => state.cache);
  const dataVersion = useGuests((state) => state.dataVersion);
  const [source, setSource] = useState<AudienceSource | null>(null);
  useEffect(() => {
    if (!cache) return;
    let live = true;
    void (async () => {
      const [facts, names, categories] = await Promise.all([
        loadAudienceFacts(cache.db),
        categoryNamesById(cache.db),
        cache.db.categories.orderBy('name').toArray(),
      ]);
      if (live) setSource({ index: buildAudienceIndex(facts), names, categories });
    })();
    return () => {
      live = false;
    };
  }, [cache, dataVersion]);
  return source;
}

/** The estimated recipients of an audience from the cache (null while the cache loads), today in the account's zone. */
export function useAudienceEstimate(source: AudienceSource | null, audience: Audience): number | null {
  const timeZone = useAccount((state) => state.account?.timeZone ?? 'UTC');
  const today = formatServiceDate(new Date(), timeZone);
  return useMemo(
    () => (source ? countAudienceIndexed(source.index, audience, source.names, today) : null),
    [source, audience, today],
  );
}
