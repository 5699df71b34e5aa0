import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import type { AccountView } from '../../stores/account';

/** The account's time zone, phone country and default senders. */
export function AccountPreferences({ account }: { account: AccountView }) {
  const [timeZone, setTimeZone] = useState(account.timeZone);
  const [country, setCountry] = useState(account.defaultPhoneCountry);
  const [smsSender, setSmsSender] = useState(account.defaultSmsSender ?? '');
  const [senderName, setSenderName] = useState(account.defaultEmailSender?.name ?? '');
  const [senderEmail, setSenderEmail] = useState(account.defaultEmailSender?.email ?? '');
  const save = useDeskAction(
    () =>
      getDesk().updateAccountSettings({
        timeZone,
        defaultPhoneCountry: country.toUpperCase(),
        ...(smsSender ? { defaultSmsSender: smsSender } : {}),
        ...(senderName || senderEmail ? { defaultEmailSender: { name: senderName, email: senderEmail } } : {}),
      }),
    'Settings saved.',
  );
  return (
    <form onSubmit={(event) => (event.preventDefault(), void save.run())}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" maw={720}>
        <TextInput
          label="Account time zone"
          description="Schedules are entered and shown in it"
          value={timeZone}
          onChange={(e) => setTimeZone(e.currentTarget.value)}
        />
        <TextInput
          label="Phone country"
          description="For numbers typed without +country, e.g. AU"
          value={country}
          maxLength={2}
          onChange={(e) => setCountry(e.currentTarget.value)}
        />
        <TextInput
          label="Default SMS sender"
          description="Up to 11 letters or digits, or #reply#"
          value={smsSender}
          maxLength={11}
          onChange={(e) => setSmsSender(e.currentTarget.value)}
        />
        <TextInput
          label="Default email sender name"
          value={senderName}
          onChange={(e) => setSenderName(e.currentTarget.value)}
        />
        <TextInput
          label="Default email sender address"
          value={senderEmail}
          onChange={(e) => setSenderEmail(e.currentTarget.value)}
        />
      </SimpleGrid>
      {save.error && (
        <Alert mt="xs" color="red" role="alert" maw={720}>
          {save.error}
        </Alert>
      )}
      <Group mt="xs">
        <Button type="submit" variant="light" loading={save.busy}>
          Save settings
        </Button>
      </Group>
    </form>
  );
}
