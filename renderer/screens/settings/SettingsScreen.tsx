import { Divider, Stack, Text, Title } from '@mantine/core';
import { useAccount } from '../../stores/account';
import { AccountCard } from './AccountCard';
import { AccountPreferences } from './AccountPreferences';
import { CategoriesPanel } from './CategoriesPanel';
import { ConnectForms } from './ConnectForms';
import { ContactFieldsPanel } from './ContactFieldsPanel';
import { SignupLinkForm } from './SignupLinkForm';

/** Settings: the account and its ways in, preferences, signup links, contact fields and categories. */
export function SettingsScreen() {
  const account = useAccount((state) => state.account);
  if (!account) {
    return (
      <Stack gap="lg">
        <Title order={2}>Settings</Title>
        <Text c="dimmed">Loading the account…</Text>
      </Stack>
    );
  }
  const connected = account.state !== 'none';
  return (
    <Stack gap="lg" pb="xl">
      <Title order={2}>Settings</Title>
      <section aria-label="Account">
        <Title order={3} mb="xs">
          Account
        </Title>
        {connected ? <AccountCard account={account} /> : <ConnectForms account={account} />}
      </section>
      {connected && (
        <>
          <section aria-label="Preferences">
            <Title order={3} mb="xs">
              Preferences
            </Title>
            <AccountPreferences key={`${account.baseUrl}-${account.clientId}`} account={account} />
          </section>
          <Divider />
          <section aria-label="Contact fields">
            <Title order={3} mb="xs">
              Contact fields
            </Title>
            <ContactFieldsPanel />
          </section>
          <section aria-label="Categories">
            <Title order={3} mb="xs">
              Categories
            </Title>
            <CategoriesPanel />
          </section>
        </>
      )}
      <Divider />
      <section aria-label="Create an account">
        <Title order={3} mb="xs">
          Create an account
        </Title>
        <SignupLinkForm />
      </section>
    </Stack>
  );
}
