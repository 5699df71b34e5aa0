import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isValidEmail } from '../../../shared/rules/email';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Addresses typed with commas, semicolons or spaces between them. */
function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** A test send to any addresses (not only guests), each checked as an email address first. */
export function TestSendForm({
  campaignId,
  beforeSend,
  disabled,
}: {
  campaignId: string;
  beforeSend: () => Promise<void>;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const addresses = splitAddresses(text);
  const invalid = addresses.filter((address) => !isValidEmail(address));
  const send = useDeskAction(
    async () => {
      await beforeSend();
      return getDesk().testCampaign({ id: campaignId, to: addresses });
    },
    (result) => `Test sent to ${result.sentTo.join(', ')}.`,
  );
  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Send a test to"
          placeholder="you@venue.com, manager@venue.com"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={invalid.length > 0 ? `Not an email address: ${invalid.join(', ')}` : undefined}
          style={{ flex: 1 }}
        />
        <Button
          mt={24}
          onClick={() => void send.run()}
          loading={send.busy}
          disabled={disabled || addresses.length === 0 || invalid.length > 0 || addresses.length > 20}
        >
          Send test
        </Button>
      </Group>
      <ErrorAlert error={send.error} />
    </Stack>
  );
}
