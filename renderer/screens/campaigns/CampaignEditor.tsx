import { Alert, Badge, Grid, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import {
  insertUnsubscribeLink,
  precheckCampaign,
  removeInlineImages,
  removeScripts,
  replaceOldUnsubscribeLinks,
  type CampaignFix,
} from '../../../shared/rules/campaign-checks';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useAudienceEstimate, useAudienceSource } from '../../stores/campaigns-audience';
import { useCampaigns, type CampaignView } from '../../stores/campaigns';
import { AudiencePicker } from './AudiencePicker';
import { BodyEditor, initialBodyMode } from './BodyEditor';
import { CampaignPreview } from './CampaignPreview';
import { CampaignReport } from './CampaignReport';
import { CheckPanel } from './CheckPanel';
import { SendPanel } from './SendPanel';
import { TestSendForm } from './TestSendForm';
import { useCampaignDraft } from './useCampaignDraft';

/** One campaign: write it, check it, test it, choose who gets it, and send or schedule it. */
export function CampaignEditor({ campaign }: { campaign: CampaignView }) {
  const { content, update, save, flush, editable } = useCampaignDraft(campaign);
  const [tab, setTab] = useState<string | null>('write');
  const subjectRef = useRef<HTMLInputElement>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const [bodyVersion, setBodyVersion] = useState(0);
  const [bodyMode, setBodyMode] = useState(() => initialBodyMode(content.body));
  const campaigns = useCampaigns((state) => state.campaigns);
  const sentServiceIds = useMemo(
    () =>
      new Set(
        campaigns.filter((entry) => entry.state === 'sent' && entry.campaignId).map((entry) => entry.campaignId!),
      ),
    [campaigns],
  );
  const source = useAudienceSource();
  const estimate = useAudienceEstimate(source, content.audience);
  const html = content.body.kind === 'html' ? content.body.html : '';
  const findings = useMemo(
    () =>
      precheckCampaign(
        {
          subject: content.subject,
          fromName: content.fromName,
          fromEmail: content.fromEmail,
          ...(content.body.kind === 'html' ? { html } : { url: content.body.url }),
        },
        sentServiceIds,
      ),
    [content.subject, content.fromName, content.fromEmail, content.body, html, sentServiceIds],
  );

  const fixBody = (change: (html: string) => string) => {
    update({ body: { kind: 'html', html: change(html) } });
    setBodyVersion((version) => version + 1);
  };
  const onFix = (fix: CampaignFix) => {
    if (fix === 'insert-unsubscribe') fixBody(insertUnsubscribeLink);
    else if (fix === 'remove-scripts') fixBody(removeScripts);
    else if (fix === 'remove-inline-images') fixBody(removeInlineImages);
    else if (fix === 'replace-old-unsubscribe') fixBody(replaceOldUnsubscribeLinks);
    else {
      setTab('write');
      setTimeout(() => (fix === 'go-subject' ? subjectRef : fromRef).current?.focus(), 50);
    }
  };

  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={700} size="lg">
            {content.name || content.subject || 'New campaign'}
          </Text>
          <StateBadge state={campaign.state} />
        </Group>
        {editable && (
          <Text
            size="xs"
            c={save.kind === 'failed' ? 'red' : 'dimmed'}
            role={save.kind === 'failed' ? 'alert' : undefined}
          >
            {save.kind === 'saved'
              ? 'Draft saved on this desk'
              : save.kind === 'saving'
                ? 'Saving…'
                : `Not saved: ${save.message}`}
          </Text>
        )}
      </Group>
      {campaign.state === 'refused' && campaign.problem && (
        <Alert color="red" title={`The service did not send it: ${campaign.problem.title}`}>
          {campaign.problem.whatToDo}{' '}
          <Text span size="xs" c="dimmed">
            ("{campaign.problem.message}"{campaign.problem.code !== undefined ? `, code ${campaign.problem.code}` : ''})
          </Text>
        </Alert>
      )}
      {campaign.state === 'sent' && <CampaignReport campaign={campaign} />}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="write">Write</Tabs.Tab>
          <Tabs.Tab
            value="check"
            rightSection={
              findings.length > 0 ? (
                <Badge size="xs" color="red">
                  {findings.length}
                </Badge>
              ) : null
            }
          >
            Check and test
          </Tabs.Tab>
          <Tabs.Tab value="send">Audience and send</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="sm">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="xs">
                <TextInput
                  label="Campaign name (only staff see it)"
                  value={content.name}
                  onChange={(event) => update({ name: event.currentTarget.value })}
                  readOnly={!editable}
                />
                <TextInput
                  ref={subjectRef}
                  label="Subject"
                  value={content.subject}
                  onChange={(event) => update({ subject: event.currentTarget.value })}
                  readOnly={!editable}
                />
                <Group grow>
                  <TextInput
                    ref={fromRef}
                    label="From name"
                    value={content.fromName}
                    onChange={(event) => update({ fromName: event.currentTarget.value })}
                    readOnly={!editable}
                  />
                  <TextInput
                    label="From email"
                    value={content.fromEmail}
                    onChange={(event) => update({ fromEmail: event.currentTarget.value })}
                    readOnly={!editable}
                  />
                </Group>
                <BodyEditor
                  mode={bodyMode}
                  onModeChange={setBodyMode}
                  version={bodyVersion}
                  body={content.body}
                  onChange={(body) => update({ body })}
                  readOnly={!editable}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              {content.body.kind === 'html' ? (
                <CampaignPreview
                  campaignId={campaign.id}
                  html={html}
                  subject={content.subject}
                  fromName={content.fromName}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  The page at the address is shown by the service; a test send shows it as guests will see it.
                </Text>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="check" pt="sm">
          <Stack gap="lg">
            <CheckPanel
              campaignId={campaign.id}
              content={content}
              findings={findings}
              onFix={onFix}
              beforeServiceCheck={flush}
            />
            <TestSendForm campaignId={campaign.id} beforeSend={flush} disabled={campaign.state === 'sent'} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="send" pt="sm">
          <Stack gap="md">
            <AudiencePicker
              audience={content.audience}
              categories={source && 'source' in source ? source.source.categories : []}
              onChange={(audience) => update({ audience })}
              disabled={!editable}
            />
            <EstimateLine
              estimate={estimate}
              failed={source && 'failed' in source ? source.failed : null}
              campaign={campaign}
            />
            <SendPanel
              campaign={campaign}
              content={content}
              estimate={estimate}
              beforeSend={flush}
              blocked={
                findings.length > 0
                  ? `Fix the ${findings.length} problem${findings.length === 1 ? '' : 's'} under "Check and test" first.`
                  : null
              }
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * The estimate, labelled as one; the service's own count only while it stands (a campaign sent or
 * scheduled); a draft (a schedule cancelled, a send stopped) or a send waiting shows the estimate it
 * was last sent or scheduled with.
 */
function EstimateLine({
  estimate,
  failed,
  campaign,
}: {
  estimate: number | null;
  /** Why the guest list could not be read for the estimate. */
  failed: string | null;
  campaign: CampaignView;
}) {
  const format = useVenueFormat();
  const shown = failed ? 'not counted' : estimate === null ? 'counting…' : format.number(estimate);
  const counted = campaign.state === 'sent' || campaign.state === 'scheduled';
  return (
    <Group gap="lg" aria-label="Recipients">
      {failed && (
        <Text size="sm" c="red" role="alert">
          The estimate could not be counted from this desk's guest list: {failed}
        </Text>
      )}
      <Text size="sm">
        Estimate: <b data-testid="audience-estimate">{shown}</b> guests
        <Text span size="xs" c="dimmed">
          {' '}
          (from this desk's guest list; the service leaves out guests who opted out)
        </Text>
      </Text>
      {counted && campaign.recipients !== undefined && (
        <Text size="sm">
          Service's count: <b data-testid="service-recipients">{format.number(campaign.recipients)}</b>
          {campaign.estimate !== undefined
            ? ` (estimated ${format.number(campaign.estimate)} when ${campaign.state === 'sent' ? 'sent' : 'scheduled'})`
            : ''}
        </Text>
      )}
      {!counted && campaign.estimate !== undefined && (
        <Text size="sm" data-testid="last-estimate">
          Last estimate: <b>{format.number(campaign.estimate)}</b> guests, when it was{' '}
          {campaign.state === 'draft' ? 'last scheduled or sent' : 'sent'}
        </Text>
      )}
    </Group>
  );
}

const STATE_COLORS = { draft: 'gray', queued: 'yellow', scheduled: 'blue', sent: 'teal', refused: 'red' } as const;
const STATE_LABELS = {
  draft: 'Draft',
  queued: 'Waiting for the line',
  scheduled: 'Scheduled',
  sent: 'Sent',
  refused: 'Refused',
} as const;

/** A campaign's state as a badge. */
export function StateBadge({ state }: { state: CampaignView['state'] }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {STATE_LABELS[state]}
    </Badge>
  );
}
