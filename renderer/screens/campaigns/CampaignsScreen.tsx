import { Alert, Button, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useAccount } from '../../stores/account';
import {
  blankCampaign,
  followCampaigns,
  newCampaignId,
  selectCampaign,
  upsertCampaign,
  useCampaigns,
} from '../../stores/campaigns';
import { CampaignEditor, StateBadge } from './CampaignEditor';
import { NoAccount } from '../../components/NoAccount';

/** Email campaigns: the list the desk keeps (the service cannot list them) beside the open one. */
export function CampaignsScreen() {
  const account = useAccount((state) => state.account);
  const format = useVenueFormat();
  const { campaigns, selectedId, loadError } = useCampaigns();
  const selected = campaigns.find((campaign) => campaign.id === selectedId) ?? null;
  const create = useDeskAction(async () => {
    const view = await getDesk().saveCampaignDraft({
      id: newCampaignId(),
      content: blankCampaign(account?.defaultEmailSender),
    });
    upsertCampaign(view);
    selectCampaign(view.id);
  });
  const copy = useDeskAction(async (id: string) => {
    const view = await getDesk().copyCampaign({ id, newId: newCampaignId() });
    upsertCampaign(view);
    selectCampaign(view.id);
  });

  useEffect(() => followCampaigns(getDesk()), [account?.clientId]);

  if (account?.state === 'none') return <NoAccount screen="Campaigns" toDo="write campaigns" />;

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between">
        <Title order={2}>Campaigns</Title>
        <Group gap="xs">
          {selected?.state === 'sent' && (
            <Button variant="default" onClick={() => void copy.run(selected.id)} loading={copy.busy}>
              Copy to a new draft
            </Button>
          )}
          <Button onClick={() => void create.run()} loading={create.busy}>
            New campaign
          </Button>
        </Group>
      </Group>
      {(loadError ?? create.error ?? copy.error) && (
        <Alert color="red" role="alert">
          {loadError ?? create.error ?? copy.error}
        </Alert>
      )}
      <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <ScrollArea w={260} h="100%" aria-label="Campaign list">
          {campaigns.length === 0 && (
            <Text size="sm" c="dimmed">
              No campaigns yet. Start with "New campaign".
            </Text>
          )}
          {campaigns.map((campaign) => (
            <NavLink
              component="button"
              key={campaign.id}
              active={campaign.id === selectedId}
              onClick={() => selectCampaign(campaign.id)}
              label={campaign.name || campaign.subject || 'Untitled campaign'}
              description={
                <Group gap={6}>
                  <StateBadge state={campaign.state} />
                  {campaign.sendAt && campaign.state === 'scheduled' && (
                    <Text size="xs">{format.serviceDateTime(campaign.sendAt)}</Text>
                  )}
                </Group>
              }
            />
          ))}
        </ScrollArea>
        {selected ? (
          <CampaignEditor key={selected.id} campaign={selected} />
        ) : (
          <Text c="dimmed">Open a campaign from the list, or start a new one.</Text>
        )}
      </Group>
    </Stack>
  );
}
