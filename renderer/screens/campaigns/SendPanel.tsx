import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { audienceProblem } from '../../../shared/rules/campaign-audience';
import type { VenueFormat } from '../../../shared/format/venue-format';
import { getDesk } from '../../bridge/desk';
import { VenueDateTimeInput } from '../../components/VenueDateTimeInput';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useAccount } from '../../stores/account';
import { upsertCampaign, type CampaignContent, type CampaignView } from '../../stores/campaigns';
import { deskTimeZone, explainSchedule } from './schedule-text';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Send now or schedule (in the account's zone, beside the desk's time), with a confirmation that gives the count; cancel a schedule. */
export function SendPanel({
  campaign,
  content,
  estimate,
  blocked,
  beforeSend,
}: {
  campaign: CampaignView;
  content: CampaignContent;
  estimate: number | null;
  /** Why it cannot be sent yet (problems in the checklist), or null. */
  blocked: string | null;
  beforeSend: () => Promise<void>;
}) {
  const timeZone = useAccount((state) => state.account?.timeZone ?? 'UTC');
  const format = useVenueFormat();
  const at = (sendAt: string | undefined) => (sendAt ? format.serviceDateTime(sendAt) : '?');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [value, setValue] = useState('');
  const schedule = when === 'later' ? explainSchedule(value, timeZone, new Date(), format) : null;
  const send = useDeskAction(
    async () => {
      await beforeSend();
      const view = await getDesk().sendCampaign({
        id: campaign.id,
        audience: content.audience,
        estimate: estimate ?? 0,
        ...(schedule?.sendAt ? { sendAt: schedule.sendAt } : {}),
      });
      upsertCampaign(view);
      return view;
    },
    (view: CampaignView) => sentMessage(view, format),
  );
  const cancel = useDeskAction(
    async () => upsertCampaign(await getDesk().cancelCampaign({ id: campaign.id })),
    'Schedule cancelled: the campaign is a draft again.',
  );
  const stopQueued = useDeskAction(
    async () => upsertCampaign(await getDesk().cancelCampaign({ id: campaign.id })),
    'Not sent: the campaign is a draft again.',
  );
  const audienceIssue = audienceProblem(content.audience);

  const confirm = () =>
    modals.openConfirmModal({
      title: when === 'now' ? 'Send this campaign now?' : 'Schedule this campaign?',
      children: (
        <Stack gap={4}>
          <Text size="sm">
            "{content.subject}" goes to about <b>{estimate === null ? '?' : format.number(estimate)}</b> guests
            {schedule?.sendAt ? ` on ${at(schedule.sendAt)} (${timeZone})` : ' now'}.
          </Text>
          <Text size="xs" c="dimmed">
            The number is this desk's estimate; the service counts again when it sends (guests who opted out are left
            out).
          </Text>
        </Stack>
      ),
      labels: {
        confirm: when === 'now' ? `Send to ${estimate === null ? '?' : format.number(estimate)} guests` : 'Schedule',
        cancel: 'Not yet',
      },
      onConfirm: () => void send.run(),
    });

  if (campaign.state === 'scheduled') {
    return (
      <Stack gap="xs">
        <Alert color="blue" title={`Scheduled for ${at(campaign.sendAt)} (${timeZone})`}>
          The service will send it to {campaign.recipients === undefined ? '?' : format.number(campaign.recipients)}{' '}
          guests (its count when scheduled). Cancel to change it; it becomes a draft again.
        </Alert>
        <Group>
          <Button color="red" variant="light" onClick={() => void cancel.run()} loading={cancel.busy}>
            Cancel the schedule
          </Button>
        </Group>
        <ErrorAlert error={cancel.error} />
      </Stack>
    );
  }
  if (campaign.state === 'queued') {
    return (
      <Stack gap="xs">
        <Alert color="yellow" title="Waiting for the line">
          The service is not answering. The outbox sends it once when the line is back
          {campaign.sendAt
            ? `, if that is before ${at(campaign.sendAt)}; later than that, it waits for you to decide`
            : ''}
          .
        </Alert>
        <Group>
          <Button color="red" variant="light" onClick={() => void stopQueued.run()} loading={stopQueued.busy}>
            Don't send it
          </Button>
        </Group>
        <ErrorAlert error={stopQueued.error} />
      </Stack>
    );
  }
  if (campaign.state === 'sent') return null;

  const disabledReason = blocked ?? audienceIssue ?? (schedule?.problem ? schedule.problem : null);
  return (
    <Stack gap="xs">
      <Radio.Group value={when} onChange={(next) => setWhen(next === 'later' ? 'later' : 'now')} label="When">
        <Group gap="md" mt={4}>
          <Radio value="now" label="Send now" />
          <Radio value="later" label="Schedule" />
        </Group>
      </Radio.Group>
      {when === 'later' && (
        <Stack gap={4}>
          <VenueDateTimeInput
            label={`Send at (${timeZone} time, the account's zone)`}
            value={value}
            onChange={setValue}
            error={value ? schedule?.problem : undefined}
          />
          {schedule?.deskTime && timeZone !== deskTimeZone() && (
            <Text size="sm">
              That is {schedule.deskTime} here ({deskTimeZone()}).
            </Text>
          )}
          {schedule?.warnings.map((warning) => (
            <Alert key={warning} color="yellow" title="The clocks change before then">
              {warning}
            </Alert>
          ))}
        </Stack>
      )}
      <Group>
        <Button onClick={confirm} disabled={disabledReason !== null} loading={send.busy}>
          {when === 'now' ? 'Send now…' : 'Schedule…'}
        </Button>
        {disabledReason && (
          <Text size="sm" c="dimmed">
            {disabledReason}
          </Text>
        )}
      </Group>
      <ErrorAlert error={send.error} />
    </Stack>
  );
}

/** What staff are told when the send was taken. */
function sentMessage(view: CampaignView, format: VenueFormat): string {
  const count = view.recipients === undefined ? '?' : format.number(view.recipients);
  if (view.state === 'sent') return `Sent to ${count} guests.`;
  if (view.state === 'scheduled')
    return `Scheduled for ${view.sendAt ? format.serviceDateTime(view.sendAt) : '?'}: ${count} guests.`;
  if (view.state === 'queued') return 'The line is down: the campaign waits in the outbox.';
  return view.problem ? `${view.problem.title}. ${view.problem.whatToDo}` : 'The service did not take the campaign.';
}
