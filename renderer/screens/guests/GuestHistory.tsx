import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { FIELD, fieldText } from '../../db/contact';
import type { GuestWrite, SentItemRow, SmsReplyRow } from '../../db/guest-types';
import { useGuests } from '../../stores/guests';
import { StateBadge } from './PendingMark';
import type { GuestProfileData } from './useGuestProfile';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { useVenueFormat } from '../../hooks/useVenueFormat';

const KIND_LABELS: Record<GuestWrite['kind'], string> = {
  create: 'Recorded',
  update: 'Details changed',
  purchase: 'Purchase',
  sms: 'SMS',
  email: 'Email',
};

/** What this desk did for the guest (purchases, SMS, email) with each entry's state, delivery figures, and SMS replies from their number. */
export function GuestHistory({ profile }: { profile: GuestProfileData }) {
  const cache = useGuests((state) => state.cache);
  const format = useVenueFormat();
  const mobile = fieldText(profile.shown, FIELD.mobile);
  const activity = [...profile.writes].filter((write) => write.kind !== 'update').reverse();
  const references = activity.map((write) => write.referenceId).filter((id): id is string => Boolean(id));
  const extras = useCacheQuery(async () => {
    if (!cache) return { sent: new Map<string, SentItemRow>(), replies: [] as SmsReplyRow[] };
    const phone = mobile ? cache.phoneKey(mobile) : null;
    const [sent, replies] = await Promise.all([
      cache.db.sentItemsByReference(references),
      phone ? cache.db.repliesFrom(phone) : Promise.resolve([]),
    ]);
    return { sent, replies };
  }, [cache, mobile, references.join(',')]);

  return (
    <Stack gap="md">
      <Title order={5}>Purchases and messages from this desk</Title>
      {activity.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing yet. (The service cannot list purchases or messages sent from elsewhere.)
        </Text>
      )}
      {activity.length > 0 && (
        <Table aria-label="guest activity" verticalSpacing={4}>
          <Table.Tbody>
            {activity.map((write) => (
              <Table.Tr key={write.outboxId}>
                <Table.Td w={110}>
                  <Text size="xs" c="dimmed">
                    {format.dateTime(write.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td w={90}>{KIND_LABELS[write.kind]}</Table.Td>
                <Table.Td>
                  <Text size="sm">{write.summary ?? ''}</Text>
                  {write.problem && (
                    <Text size="xs" c="red">
                      {write.problem}
                    </Text>
                  )}
                  <Delivery sent={write.referenceId ? extras?.sent.get(write.referenceId) : undefined} />
                </Table.Td>
                <Table.Td w={140}>
                  <StateBadge state={write.state} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={5}>SMS replies from {mobile ? format.phone(mobile) : 'this guest'}</Title>
      {!mobile && (
        <Text size="sm" c="dimmed">
          No mobile on file.
        </Text>
      )}
      {mobile && extras?.replies.length === 0 && (
        <Text size="sm" c="dimmed">
          No replies in the last month.
        </Text>
      )}
      {extras?.replies.map((reply) => (
        <Group key={reply.id} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" c="dimmed" w={140}>
            {format.serviceDateTime(reply.timestamp)}
          </Text>
          <Text size="sm">{reply.message}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The service's delivery figures for a sent message (sent_items). */
function Delivery({ sent }: { sent: SentItemRow | undefined }) {
  const format = useVenueFormat();
  if (!sent) return null;
  const figures = [
    ['sent', sent.count],
    ['opened', sent.count_open],
    ['bounced', sent.count_bounced],
    ['opted out', sent.count_optout],
    ['spam', sent.count_spam],
  ].filter(([, value]) => typeof value === 'number' && value > 0);
  return (
    <Group gap={4}>
      <Text size="xs" c="dimmed">
        Service: {sent.timestamp ? format.serviceDateTime(sent.timestamp) : ''}
      </Text>
      {figures.map(([label, value]) => (
        <Badge key={String(label)} size="xs" variant="outline">
          {format.number(Number(value))} {label}
        </Badge>
      ))}
    </Group>
  );
}
