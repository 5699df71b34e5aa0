import { Badge, Stack, Tabs, Title } from '@mantine/core';
import { useAccount } from '../../stores/account';
import { useUnreadReplyCount } from '../../stores/messages';
import { RepliesView } from './RepliesView';
import { SentItemsView } from './SentItemsView';
import { NoAccount } from '../../components/NoAccount';

/** What went out (sent items with their figures) and what guests answered (SMS replies as conversations). */
export function MessagesScreen() {
  const accountState = useAccount((state) => state.account?.state);
  const unread = useUnreadReplyCount();
  if (accountState === 'none') return <NoAccount screen="Messages" toDo="see messages" />;
  return (
    <Stack gap="sm" h="100%">
      <Title order={2}>Messages</Title>
      <Tabs defaultValue="replies" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab
            value="replies"
            rightSection={
              unread > 0 ? (
                <Badge size="xs" color="red">
                  {unread}
                </Badge>
              ) : null
            }
          >
            SMS replies
          </Tabs.Tab>
          <Tabs.Tab value="sent">Sent items</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="replies" pt="sm">
          <RepliesView />
        </Tabs.Panel>
        <Tabs.Panel value="sent" pt="sm">
          <SentItemsView />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
