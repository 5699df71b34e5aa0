import { Alert, Badge, Button, Divider, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, useEffect, useMemo, useState } from 'react';
import {
  BOOKING_STATUSES,
  isStatus,
  STATUS_KEYS,
  statusColour,
  type BookingStatus,
  type BookingStatusValue,
} from '../../../shared/rules/booking-status';
import { getDesk } from '../../bridge/desk';
import { useStableHandler } from '../../hooks/useStableHandler';
import type { BookingFieldRow } from '../../db/tables/reservations';
import type { BookingView } from '../../sync/booking-overlay';
import { latestBookingReply, type BookingReply } from '../../sync/booking-replies';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { useGuests } from '../../stores/guests';
import { openBookingForm } from '../../stores/reservations-view';
import { setBookingStatus } from '../../stores/reservations-writes';
import { addDays, longDate, spokenTime } from './booking-time';
import { ConflictChoices } from '../outbox/ConflictChoices';
import { ConfirmBySms } from './ConfirmBySms';
import { ErrorAlert } from '../../components/ErrorAlert';

/** The selected booking: its details, status in one click (or key), confirm by SMS, and the guest's reply. */
export function BookingDetails({ booking, fields }: { booking: BookingView; fields: BookingFieldRow[] }) {
  const [sms, setSms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reply = useGuestReply(booking);
  useEffect(() => setSms(false), [booking.id]);
  const labels = useMemo(() => new Map(fields.map((field) => [field.name, field.label ?? field.name])), [fields]);
  const setStatus = (status: BookingStatusValue) =>
    setBookingStatus(getDesk(), booking, status).then(
      () => setError(null),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  // The status buttons keep one handler, which sets the status of the booking shown now.
  const onSetStatus = useStableHandler(setStatus);

  return (
    <Paper withBorder p="sm" w={330} aria-label="booking details" style={{ flexShrink: 0, alignSelf: 'flex-start' }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>{booking.guestName}</Title>
          <Badge color={statusColour(booking.status)}>{booking.status}</Badge>
        </Group>
        <BookingFacts booking={booking} labels={labels} />
        {booking.pending && (
          <Alert color={booking.pending.state === 'needs_attention' ? 'red' : 'yellow'} p="xs">
            {booking.pending.problem ?? 'Waiting in the outbox: the service has not confirmed this change yet.'}
          </Alert>
        )}
        {booking.pending?.conflict && (
          <ConflictChoices outboxId={booking.pending.outboxId} conflict={booking.pending.conflict} labels={labels} />
        )}
        <Divider label="Status" labelPosition="left" />
        <Group gap={4}>
          {BOOKING_STATUSES.map((status) => (
            <StatusButton key={status} status={status} active={booking.status === status} onSet={onSetStatus} />
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          Space steps Unconfirmed → Pending → Confirmed.
        </Text>
        {reply && <ReplyNotice reply={reply} status={booking.status} onMark={(status) => void setStatus(status)} />}
        <ErrorAlert error={error} />
        <Divider />
        {sms ? (
          <ConfirmBySms booking={booking} onDone={() => setSms(false)} />
        ) : (
          <BookingActions id={booking.id} onSms={setSms} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * What the panel says of a booking besides its status: party, time, day, contact details, who comes with
 * the guest and the venue's fields (drawn again only when one of those changes, not with a status key).
 */
const BookingFacts = memo(
  function BookingFacts({ booking, labels }: { booking: BookingView; labels: ReadonlyMap<string, string> }) {
    return (
      <>
        <Text size="sm">
          {booking.partySize} {booking.partySize === 1 ? 'person' : 'people'} · {spokenTime(booking.time)} ·{' '}
          {longDate(booking.date)}
        </Text>
        <Text size="xs" c="dimmed">
          {[booking.guestMobile, booking.guestEmail].filter(Boolean).join(' · ') || 'No contact details'}
        </Text>
        {booking.attendeeNames.length > 0 && <Text size="sm">With: {booking.attendeeNames.join(', ')}</Text>}
        {Object.entries(booking.custom)
          .filter(([, value]) => value !== '' && value !== null && value !== undefined)
          .map(([name, value]) => (
            <Text size="sm" key={name}>
              <Text span c="dimmed" size="sm">
                {labels.get(name) ?? name}:{' '}
              </Text>
              {Array.isArray(value) ? value.join(', ') : String(value)}
            </Text>
          ))}
      </>
    );
  },
  (a, b) =>
    a.labels === b.labels &&
    a.booking.partySize === b.booking.partySize &&
    a.booking.time === b.booking.time &&
    a.booking.date === b.booking.date &&
    a.booking.guestMobile === b.booking.guestMobile &&
    a.booking.guestEmail === b.booking.guestEmail &&
    a.booking.attendeeNames.join('\n') === b.booking.attendeeNames.join('\n') &&
    JSON.stringify(a.booking.custom) === JSON.stringify(b.booking.custom),
);

/** Edit and Confirm by SMS (drawn again only for another booking). */
const BookingActions = memo(function BookingActions({ id, onSms }: { id: string; onSms: (open: boolean) => void }) {
  return (
    <Group gap="xs">
      <Button size="xs" onClick={() => openBookingForm({ mode: 'edit', id })}>
        Edit (Enter)
      </Button>
      <Button size="xs" variant="light" onClick={() => onSms(true)}>
        Confirm by SMS
      </Button>
    </Group>
  );
});

/** One status's button: filled for the booking's status (a status key draws again the two buttons that change, not all). */
const StatusButton = memo(function StatusButton({
  status,
  active,
  onSet,
}: {
  status: BookingStatus;
  active: boolean;
  onSet: (status: BookingStatus) => void;
}) {
  return (
    <Button
      size="compact-xs"
      variant={active ? 'filled' : 'light'}
      color={statusColour(status)}
      onClick={() => onSet(status)}
      rightSection={<Kbd size="xs">{STATUS_KEYS[status].toUpperCase()}</Kbd>}
    >
      {status}
    </Button>
  );
});

/** The guest's latest SMS reply from the last fortnight, read from the cached sms_inbox. */
function useGuestReply(booking: BookingView): BookingReply | null {
  const cache = useGuests((state) => state.cache);
  const dataVersion = useGuests((state) => state.dataVersion);
  const [reply, setReply] = useState<BookingReply | null>(null);
  useEffect(() => {
    if (!cache) return;
    let current = true;
    const since = `${addDays(booking.date, -14)} 00:00:00`;
    latestBookingReply(cache.db, cache.phoneKey, booking.guestMobile, since).then(
      (found) => current && setReply(found),
      (error: unknown) => reportBackgroundFailure("Reading the guest's SMS replies", error),
    );
    return () => {
      current = false;
    };
  }, [cache, booking.guestMobile, booking.date, dataVersion]);
  return reply;
}

/** A reply that says yes or no, with one click to act on it. */
function ReplyNotice({
  reply,
  status,
  onMark,
}: {
  reply: BookingReply;
  status: BookingStatusValue;
  onMark: (status: BookingStatus) => void;
}) {
  const target: BookingStatus | null =
    reply.meaning === 'yes' ? 'Confirmed' : reply.meaning === 'no' ? 'Cancelled' : null;
  return (
    <Alert
      color={reply.meaning === 'no' ? 'red' : reply.meaning === 'yes' ? 'green' : 'gray'}
      p="xs"
      title="Guest replied"
    >
      <Text size="sm">
        “{reply.reply.message}” · {reply.reply.timestamp.slice(0, 16)}
      </Text>
      {target && !isStatus(status, target) && (
        <Button size="compact-xs" mt={4} color={target === 'Confirmed' ? 'blue' : 'red'} onClick={() => onMark(target)}>
          Mark {target.toLowerCase()}
        </Button>
      )}
    </Alert>
  );
}
