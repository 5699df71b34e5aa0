import { Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { isLocalGuestId } from '../../../shared/rules/guest-id';
import { FIELD, fieldText } from '../../db/contact';
import { GuestBookings } from '../reservations/GuestBookings';
import { openGuest, type GuestTab } from '../../stores/guests-panel';
import { EmailForm } from './EmailForm';
import { GuestDetailsForm } from './GuestDetailsForm';
import { GuestHistory } from './GuestHistory';
import { PendingMark } from './PendingMark';
import { PurchaseForm } from './PurchaseForm';
import { SmsForm } from './SmsForm';
import { useGuestProfile } from './useGuestProfile';

/** A guest's profile: details with an editor per field, purchases, messages, and forms to add to them. */
export function GuestProfile({ guestKey, tab }: { guestKey: string; tab: GuestTab }) {
  const profile = useGuestProfile(guestKey);
  if (profile === undefined) return <Loader size="sm" aria-label="loading guest" />;
  if (profile === null)
    return (
      <Text c="dimmed">
        This guest is no longer in the cache (removed on the service, or the new guest was discarded).
      </Text>
    );
  const { row, shown, unconfirmed } = profile;
  const isLocal = isLocalGuestId(row.key);
  const ids = [
    fieldText(shown, FIELD.member) && `Member ${fieldText(shown, FIELD.member)}`,
    fieldText(shown, FIELD.card) && `Card ${fieldText(shown, FIELD.card)}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3}>{row.label}</Title>
          <Text size="sm" c="dimmed" aria-label="guest ids">
            {isLocal ? 'Recorded on this desk; the service will give it an id.' : `Contact ${row.key}`}
            {ids && ` · ${ids}`}
          </Text>
        </div>
      </Group>
      <PendingMark unconfirmed={unconfirmed} isLocal={isLocal} />
      <GuestBookings guestKey={row.key} localId={row.localId} label={row.label} detail={row.detail} />
      <Tabs value={tab} onChange={(value) => value && openGuest(guestKey, value as GuestTab)}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="purchase">Add purchase</Tabs.Tab>
          <Tabs.Tab value="sms">SMS</Tabs.Tab>
          <Tabs.Tab value="email">Email</Tabs.Tab>
          <Tabs.Tab value="history">Purchases and messages</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="sm">
          {tab === 'details' && <GuestDetailsForm profile={profile} />}
        </Tabs.Panel>
        <Tabs.Panel value="purchase" pt="sm">
          {tab === 'purchase' && <PurchaseForm profile={profile} />}
        </Tabs.Panel>
        <Tabs.Panel value="sms" pt="sm">
          {tab === 'sms' && <SmsForm profile={profile} />}
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="sm">
          {tab === 'email' && <EmailForm profile={profile} />}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          {tab === 'history' && <GuestHistory profile={profile} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
