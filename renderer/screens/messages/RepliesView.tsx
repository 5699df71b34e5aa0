import { Badge, Button, Group, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { shownDetail } from '../../db/contact';
import { markRepliesRead } from '../../db/tables/messages';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { useGuests } from '../../stores/guests';
import { showPanel, openGuest } from '../../stores/guests-panel';
import { updateDraft } from '../../stores/guests-drafts';
import { useNavigation } from '../../stores/navigation';
import { ReplyComposer } from './ReplyComposer';
import { useReplyThreads, type ThreadView } from './useReplyThreads';

/** SMS replies as conversations by number: who sent them (or "New guest" for an unknown number), unread marks, and a reply. */
export function RepliesView() {
  const threads = useReplyThreads();
  const cache = useGuests((state) => state.cache);
  const format = useVenueFormat();
  const [selected, setSelected] = useState<string | null>(null);
  const open = threads?.find((thread) => thread.phone === selected) ?? null;

  // Opening a conversation marks its replies read.
  useEffect(() => {
    if (!cache || !open) return;
    const unread = open.replies.filter((reply) => !open.readIds.has(reply.id)).map((reply) => reply.id);
    if (unread.length > 0)
      markRepliesRead(cache.db, unread, new Date()).catch((error: unknown) =>
        reportBackgroundFailure('Marking the SMS replies read', error),
      );
  }, [cache, open]);

  if (!threads) return <Text c="dimmed">Loading replies…</Text>;
  return (
    <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
      <Stack gap={4} w={300}>
        <Button size="xs" variant="subtle" onClick={() => void cache?.sync.run()}>
          Check for new replies
        </Button>
        <ScrollArea h="calc(100vh - 230px)" aria-label="Conversations">
          {threads.length === 0 && (
            <Text size="sm" c="dimmed">
              No SMS replies yet.
            </Text>
          )}
          {threads.map((thread) => (
            <NavLink
              component="button"
              key={thread.phone}
              active={thread.phone === selected}
              onClick={() => setSelected(thread.phone)}
              label={
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={thread.unread ? 700 : 400} truncate>
                    {thread.guest?.label ?? format.phone(`+${thread.phone}`)}
                  </Text>
                  {thread.unread > 0 && (
                    <Badge size="xs" color="red">
                      {thread.unread} new
                    </Badge>
                  )}
                </Group>
              }
              description={
                <Text size="xs" c="dimmed" truncate>
                  {format.serviceDateTime(thread.latestAt)} · {thread.replies[0]!.message}
                </Text>
              }
            />
          ))}
        </ScrollArea>
      </Stack>
      {open ? <Conversation thread={open} /> : <Text c="dimmed">Open a conversation to read it and reply.</Text>}
    </Group>
  );
}

/** One number's replies, oldest at the top, and a reply box (or "New guest" when the number is unknown). */
function Conversation({ thread }: { thread: ThreadView }) {
  const format = useVenueFormat();
  const newGuest = () => {
    updateDraft('new-guest', { values: { PatronMobile: `+${thread.phone}` } });
    useNavigation.getState().go('guests');
    showPanel({ kind: 'new' });
  };
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} role="region" aria-label="Conversation">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={3} size="h5">
            {thread.guest?.label ?? 'Unknown number'}
          </Title>
          <Text size="xs" c="dimmed">
            {thread.guest?.detail ? shownDetail(thread.guest.detail, format.phone) : format.phone(`+${thread.phone}`)}
          </Text>
        </Stack>
        {thread.guest ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => (useNavigation.getState().go('guests'), openGuest(thread.guest!.key, 'history'))}
          >
            Open guest
          </Button>
        ) : (
          <Button size="xs" onClick={newGuest}>
            New guest
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        {[...thread.replies].reverse().map((reply) => (
          <Paper
            key={reply.id}
            withBorder
            p="xs"
            radius="md"
            maw={520}
            bg={thread.readIds.has(reply.id) ? undefined : 'yellow.0'}
          >
            {reply.reference_id && thread.answered.get(reply.reference_id)?.message && (
              <Text size="xs" c="dimmed" fs="italic" lineClamp={2}>
                In answer to: {thread.answered.get(reply.reference_id)!.message}
              </Text>
            )}
            <Text size="sm">{reply.message}</Text>
            <Text size="xs" c="dimmed">
              {format.serviceDateTime(reply.timestamp)}
              {reply.reference_id ? ` · reply to ${reply.reference_id}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
      {thread.guest ? (
        <ReplyComposer guestKey={thread.guest.key} />
      ) : (
        <Text size="sm" c="dimmed">
          Record this number as a guest to reply from the desk.
        </Text>
      )}
    </Stack>
  );
}
