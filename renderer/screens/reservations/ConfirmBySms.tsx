import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isStatus } from '../../../shared/rules/booking-status';
import { SMS_REPLY_SENDER } from '../../../shared/rules/sms';
import { getDesk } from '../../bridge/desk';
import type { BookingView } from '../../sync/booking-overlay';
import { useAccount } from '../../stores/account';
import { sendSms } from '../../stores/guests-writes';
import { setBookingStatus } from '../../stores/reservations-writes';
import { longDate, spokenTime } from './booking-time';
import { ErrorAlert } from '../../components/ErrorAlert';

/** The confirmation text of a booking, for staff to edit before it goes. */
export function confirmationText(
  booking: Pick<BookingView, 'guestName' | 'partySize' | 'time' | 'date'>,
  venue: string | undefined,
): string {
  const first = booking.guestName.split(' ')[0] ?? '';
  // An account named after its service address has no venue name worth sending.
  const at = venue && !/[:/]|^\d+(\.\d+)+/.test(venue) ? ` at ${venue}` : '';
  return `Hi ${first}, your table for ${booking.partySize}${at} at ${spokenTime(booking.time)} on ${longDate(booking.date)}. Reply YES to confirm or NO to cancel.`;
}

/** Sends the guest a confirmation SMS (through the outbox, from the two-way reply number) and moves the booking to Pending. */
export function ConfirmBySms({ booking, onDone }: { booking: BookingView; onDone: () => void }) {
  const venue = useAccount((state) =>
    state.account && state.account.state !== 'none' ? state.account.label : undefined,
  );
  const [message, setMessage] = useState(() => confirmationText(booking, venue));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!booking.guestMobile)
    return <Alert color="yellow">This guest has no mobile on file. Add one on their profile to confirm by SMS.</Alert>;

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendSms(getDesk(), booking.guestKey, { from: SMS_REPLY_SENDER, to: booking.guestMobile, message });
      if (isStatus(booking.status, 'Unconfirmed')) await setBookingStatus(getDesk(), booking, 'Pending');
      onDone();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" aria-label="confirm by SMS">
      <Text size="sm">To {booking.guestMobile}, from the venue's reply number so the guest can answer.</Text>
      <Textarea
        label="Message"
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={6}
      />
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={onDone}>
          Not now
        </Button>
        <Button size="xs" onClick={() => void send()} loading={busy}>
          Send SMS
        </Button>
      </Group>
    </Stack>
  );
}
