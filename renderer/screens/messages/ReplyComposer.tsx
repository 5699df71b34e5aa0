import { Paper, Text } from '@mantine/core';
import { SmsForm } from '../guests/SmsForm';
import { useGuestProfile } from '../guests/useGuestProfile';

/** A reply to a guest through the desk's SMS composer (sender rules, character check, outbox). */
export function ReplyComposer({ guestKey }: { guestKey: string }) {
  const profile = useGuestProfile(guestKey);
  if (!profile)
    return (
      <Text size="sm" c="dimmed">
        Loading the guest…
      </Text>
    );
  return (
    <Paper withBorder p="sm" aria-label="Reply">
      <Text fw={600} size="sm" mb={4}>
        Reply by SMS
      </Text>
      <SmsForm profile={profile} />
    </Paper>
  );
}
