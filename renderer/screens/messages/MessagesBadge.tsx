import { Badge } from '@mantine/core';
import { useUnreadReplyCount } from '../../stores/messages';

/** The count of unread SMS replies beside Messages in the navigation. */
export function MessagesBadge() {
  const unread = useUnreadReplyCount();
  if (unread === 0) return null;
  return (
    <Badge size="sm" color="red" aria-label={`${unread} new replies`}>
      {unread}
    </Badge>
  );
}
