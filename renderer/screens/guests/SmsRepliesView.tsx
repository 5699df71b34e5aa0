import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { GuestRow, SmsReplyRow } from '../../db/guest-db';
import { TERM } from '../../search/terms';
import { useGuests } from '../../stores/guests';
import { openGuest } from '../../stores/guests-panel';
import { useCacheQuery } from '../../hooks/useCacheQuery';

const REPLY_LIMIT = 300;

/** The latest SMS replies (sms_inbox), each linked to the guest whose mobile sent it. */
export function SmsRepliesView() {
  const cache = useGuests((state) => state.cache);
  const replies = useCacheQuery(async () => {
    if (!cache) return [];
    const latest = await cache.db.latestReplies(REPLY_LIMIT);
    const guests = new Map<string, GuestRow | undefined>();
    for (const phone of new Set(latest.map((reply) => reply.phone))) guests.set(phone, (await cache.db.guestsWithTerm(TERM.phone + phone))[0]);
    return latest.map((reply) => ({ reply, guest: guests.get(reply.phone) }));
  }, [cache]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>SMS replies</Title>
        <Button size="xs" variant="subtle" onClick={() => void cache?.sync.run()}>Check for new replies</Button>
      </Group>
      {replies?.length === 0 && <Text c="dimmed">No replies in the last month.</Text>}
      {replies && replies.length > 0 && (
        <Table aria-label="sms replies" verticalSpacing={4} highlightOnHover>
          <Table.Thead>
            <Table.Tr><Table.Th>Received</Table.Th><Table.Th>From</Table.Th><Table.Th>Message</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {replies.map(({ reply, guest }) => <ReplyRow key={reply.id} reply={reply} guest={guest} />)}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** One reply, with the guest it came from when the number is known. */
function ReplyRow({ reply, guest }: { reply: SmsReplyRow; guest: GuestRow | undefined }) {
  return (
    <Table.Tr>
      <Table.Td w={150}><Text size="xs">{reply.timestamp}</Text></Table.Td>
      <Table.Td w={200}>
        {guest ? <Anchor component="button" type="button" size="sm" onClick={() => openGuest(guest.key, 'history')}>{guest.label}</Anchor> : <Text size="sm">+{reply.phone}</Text>}
      </Table.Td>
      <Table.Td><Text size="sm">{reply.message}</Text></Table.Td>
    </Table.Tr>
  );
}
