import { Alert, Badge, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { CAMPAIGN_CODE_EXPLANATIONS } from '../../../shared/rules/campaign-codes';
import type { CampaignFinding, CampaignFix } from '../../../shared/rules/campaign-checks';
import type { ResponseOf } from '../../../shared/bridge/contract';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import type { CampaignContent } from '../../stores/campaigns';

const FIX_LABELS: Record<CampaignFix, string> = {
  'insert-unsubscribe': 'Insert the unsubscribe link',
  'remove-scripts': 'Remove the scripts',
  'remove-inline-images': 'Remove pasted images',
  'go-subject': 'Go to the subject',
  'go-from': 'Go to the sender',
  'go-body': 'Go to the body',
  'replace-old-unsubscribe': 'Point it at #unsubscribe#',
};

type VerifyResult = ResponseOf<'verifyCampaign'>;

/** The send checklist: the desk's own check as staff type, then the service's campaign_verify, each explained. */
export function CheckPanel({
  campaignId,
  content,
  findings,
  onFix,
  beforeServiceCheck,
}: {
  campaignId: string;
  content: CampaignContent;
  /** The desk's own check of the content on screen (run once per change, by the editor). */
  findings: readonly CampaignFinding[];
  onFix: (fix: CampaignFix) => void;
  /** Saves what was typed so the service checks the latest content; throws when it cannot be saved. */
  beforeServiceCheck: () => Promise<void>;
}) {
  const [serviceResult, setServiceResult] = useState<VerifyResult | null>(null);
  const verify = useDeskAction(async () => {
    await beforeServiceCheck();
    const result = await getDesk().verifyCampaign({ id: campaignId });
    setServiceResult(result);
    return result;
  });

  return (
    <Stack gap="sm" aria-label="Send checklist">
      <Group justify="space-between">
        <Text fw={600}>Checklist</Text>
        {findings.length === 0 ? (
          <Badge color="teal">No problems found here</Badge>
        ) : (
          <Badge color="red">{findings.length} to fix</Badge>
        )}
      </Group>
      {findings.length > 0 && (
        <List spacing="xs" listStyleType="none" aria-label="Problems found">
          {findings.map((finding, index) => (
            <FindingItem key={`${finding.code}-${index}`} finding={finding} onFix={onFix} />
          ))}
        </List>
      )}
      {content.body.kind === 'url' && (
        <Text size="xs" c="dimmed">
          The page's content is checked by the service when it reads it.
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={() => void verify.run()} loading={verify.busy}>
          Check with the service
        </Button>
        <Text size="xs" c="dimmed">
          Sends nothing: the service says whether it would accept the campaign.
        </Text>
      </Group>
      {verify.error && (
        <Alert color="orange" role="alert">
          {verify.error}
        </Alert>
      )}
      {serviceResult?.ok && (
        <Alert color="teal" title="The service accepts this campaign">
          It can be tested and sent.
        </Alert>
      )}
      {serviceResult && !serviceResult.ok && serviceResult.problem && (
        <Alert color="red" title={`The service refused it: ${serviceResult.problem.title}`} role="alert">
          <Text size="sm">{serviceResult.problem.whatToDo}</Text>
          <Text size="xs" c="dimmed">
            The service said: "{serviceResult.problem.message}"
            {serviceResult.problem.code !== undefined ? ` (code ${serviceResult.problem.code})` : ''}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/** One problem: what is wrong, what to do, and a button that fixes it where the desk can. */
function FindingItem({ finding, onFix }: { finding: CampaignFinding; onFix: (fix: CampaignFix) => void }) {
  const explained = CAMPAIGN_CODE_EXPLANATIONS[finding.code];
  return (
    <List.Item
      icon={
        <ThemeIcon color="red" size={18} radius="xl">
          !
        </ThemeIcon>
      }
    >
      <Text size="sm" fw={600}>
        {explained?.title ?? `Code ${finding.code}`}
      </Text>
      <Text size="sm">
        {finding.detail} {explained?.whatToDo}
      </Text>
      {finding.fix && (
        <Button size="compact-xs" variant="light" mt={4} onClick={() => onFix(finding.fix!)}>
          {FIX_LABELS[finding.fix]}
        </Button>
      )}
    </List.Item>
  );
}
