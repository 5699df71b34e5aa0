import { Alert, Button, Checkbox, Group, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import type { AccountView } from '../../stores/account';
import { pendingCount, useOutbox } from '../../stores/outbox';
import { ErrorAlert } from '../../components/ErrorAlert';

/** The three ways in: API key, username and password, or the demo. */
export function ConnectForms({ account }: { account: AccountView }) {
  const keychainOk = account.keychain.available;
  const unsent = useOutbox((state) => pendingCount(state.summary));
  const [discardUnsent, setDiscardUnsent] = useState(false);
  return (
    <Stack gap="sm">
      {unsent > 0 && (
        <Alert
          color="orange"
          title={`${unsent} outbox ${unsent === 1 ? 'entry was' : 'entries were'} not sent for the previous account`}
        >
          <Text size="sm">
            Connect that account again to send them. Another account cannot send them: the desk connects one only if you
            discard them.
          </Text>
          <Checkbox
            mt="xs"
            checked={discardUnsent}
            onChange={(event) => setDiscardUnsent(event.currentTarget.checked)}
            label={`Discard the ${unsent} unsent ${unsent === 1 ? 'entry' : 'entries'} if I connect another account`}
          />
        </Alert>
      )}
      {!keychainOk && (
        <Alert color="orange" title="The keychain is not available">
          {account.keychain.description} Without it the desk cannot keep an API key safely, so only the demo can be
          used.
        </Alert>
      )}
      <Tabs defaultValue={keychainOk ? 'key' : 'demo'} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="key" disabled={!keychainOk}>
            API key
          </Tabs.Tab>
          <Tabs.Tab value="signin" disabled={!keychainOk}>
            Username and password
          </Tabs.Tab>
          <Tabs.Tab value="demo">Demo</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="key" pt="sm">
          <ApiKeyForm discardUnsent={discardUnsent} />
        </Tabs.Panel>
        <Tabs.Panel value="signin" pt="sm">
          <SignInForm discardUnsent={discardUnsent} />
        </Tabs.Panel>
        <Tabs.Panel value="demo" pt="sm">
          <DemoPanel discardUnsent={discardUnsent} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Connect with the service address, API key and client id. */
function ApiKeyForm({ discardUnsent }: { discardUnsent: boolean }) {
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [clientId, setClientId] = useState('');
  const connect = useDeskAction(
    () => getDesk().connectWithApiKey({ baseUrl, apiKey, clientId, discardUnsent }),
    'Account connected.',
  );
  return (
    <form onSubmit={(event) => (event.preventDefault(), void connect.run().then((ok) => ok && setApiKey('')))}>
      <Stack gap="xs" maw={460}>
        <ServiceAddressInput value={baseUrl} onChange={setBaseUrl} />
        <PasswordInput
          label="API key"
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          required
          autoComplete="off"
        />
        <TextInput label="Client id" value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} required />
        <ConnectFooter
          action={connect}
          label="Connect"
          note="The key is checked with the service before anything is saved, then kept in the system keychain."
        />
      </Stack>
    </form>
  );
}

/** Sign in with username and password (request_token); the password is never stored. */
function SignInForm({ discardUnsent }: { discardUnsent: boolean }) {
  const [baseUrl, setBaseUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useDeskAction(() => getDesk().signIn({ baseUrl, username, password, discardUnsent }), 'Signed in.');
  return (
    <form onSubmit={(event) => (event.preventDefault(), void signIn.run().finally(() => setPassword('')))}>
      <Stack gap="xs" maw={460}>
        <ServiceAddressInput value={baseUrl} onChange={setBaseUrl} />
        <TextInput label="Username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} required />
        <PasswordInput
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        <ConnectFooter
          action={signIn}
          label="Sign in"
          note="The password is used once to ask for API credentials and is never stored."
        />
      </Stack>
    </form>
  );
}

/** Start the local demo service with a seeded venue. */
function DemoPanel({ discardUnsent }: { discardUnsent: boolean }) {
  const start = useDeskAction(() => getDesk().startDemo({ discardUnsent }), 'The demo venue is ready.');
  return (
    <Stack gap="xs" maw={460}>
      <Text size="sm">
        The demo runs a local copy of the service on this computer with a made-up venue: a few thousand guests, bookings
        for this week, sent messages and replies. Nothing leaves this computer.
      </Text>
      <ConnectFooter action={start} label="Start the demo" onClick={() => void start.run()} />
    </Stack>
  );
}

/** The service's address, as both sign-in forms ask for it. */
function ServiceAddressInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Service address"
      placeholder="https://api.example.com"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      required
    />
  );
}

/** Why a way in failed, its button (submitting its form unless given onClick) and a note on what it keeps. */
function ConnectFooter({
  action,
  label,
  note,
  onClick,
}: {
  action: { error: string | null; busy: boolean };
  label: string;
  note?: string;
  onClick?: () => void;
}) {
  return (
    <>
      <ErrorAlert error={action.error} />
      <Group>
        <Button type={onClick ? 'button' : 'submit'} onClick={onClick} loading={action.busy}>
          {label}
        </Button>
      </Group>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </>
  );
}
