import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SentItemRow } from '../../db/guest-types';
import { getDesk } from '../../bridge/desk';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useGuests } from '../../stores/guests';
import { SentFigures } from '../messages/SentFigures';
import type { CampaignView } from '../../stores/campaigns';

/** A sent campaign's report: its sent item (sent_items by the campaign's id), from the cache, refreshed when the line allows. */
export function CampaignReport({ campaign }: { campaign: CampaignView }) {
  const cache = useGuests((state) => state.cache);
  const format = useVenueFormat();
  const count = (value: number | undefined) => (value === undefined ? '?' : format.number(value));
  const [item, setItem] = useState<SentItemRow | null>(null);
  const [refreshProblem, setRefreshProblem] = useState<string | null>(null);
  useEffect(() => {
    const campaignId = campaign.campaignId;
    if (!cache || !campaignId) return;
    let live = true;
    void cache.db.sentItems.get(campaignId).then((cached) => live && cached && setItem(cached));
    getDesk()
      .listSentItems({ referenceId: campaignId, type: 'email' })
      .then(async ({ items }) => {
        const found = items.find((entry) => entry.reference_id === campaignId);
        if (!found) return;
        await cache.db.sentItems.put(found);
        if (live) setItem(found);
      })
      .catch((error: unknown) => live && setRefreshProblem(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [cache, campaign.campaignId]);

  return (
    <Paper withBorder p="sm" aria-label="Campaign report">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Sent {campaign.sentAt ? format.dateTime(campaign.sentAt) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          Estimate {count(campaign.estimate)} · service's count {count(campaign.recipients)}
        </Text>
      </Group>
      {item ? (
        <SentFigures item={item} />
      ) : (
        <Text size="sm" c="dimmed">
          The figures appear once the service lists this campaign in its sent items.
        </Text>
      )}
      {refreshProblem && (
        <Text size="xs" c="dimmed">
          {item ? 'Figures as last read; ' : ''}the service could not be asked for new ones: {refreshProblem}
        </Text>
      )}
    </Paper>
  );
}
