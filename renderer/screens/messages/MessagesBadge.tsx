import { Badge } from '@mantine/core';
import { useUnreadReplyCount } from '../../stores/messages';

/** The count of unread SMS replies beside Messages in the navigation, named for screen readers (role img). */
export function MessagesBadge() {
  const unread = useUnreadReplyCount();
  if (unread === 0) return null;
  return (
    <Badge size="sm" color="red" role="img" aria-label={`${unread} new replies`}>
      {unread}
    </Badge>
  );
}
