import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { formatServiceDate, parseServiceDateTime } from '../../../shared/rules/datetime';
import { getDesk } from '../../bridge/desk';
import { VenueDateInput } from '../../components/VenueDateInput';
import { putSentItems, sentItemsMatching, type SentItemFilter } from '../../db/tables/messages';
import type { SentItemRow } from '../../db/guest-types';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { SentFigures } from './SentFigures';

const ROW_HEIGHT = 58;
const TYPES = [
  { value: '', label: 'Email and SMS' },
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'social', label: 'Social' },
];

/** Sent items (sent_items) by date range, type and reference prefix, newest first, read from the cache so they show offline. */
export function SentItemsView() {
  const db = useGuests((state) => state.cache?.db);
  const timeZone = useAccount((state) => state.account?.timeZone ?? 'UTC');
  const format = useVenueFormat();
  const [from, setFrom] = useState(() => formatServiceDate(new Date(Date.now() - 30 * 86_400_000), timeZone));
  const [to, setTo] = useState(() => formatServiceDate(new Date(), timeZone));
  const [type, setType] = useState('');
  const [prefix, setPrefix] = useState('');
  const filter: SentItemFilter = {
    ...(from ? { from: `${from} 00:00:00` } : {}),
    ...(to ? { to: `${to} 23:59:59` } : {}),
    ...(type === 'email' || type === 'sms' || type === 'social' ? { type } : {}),
    ...(prefix.trim() ? { prefix: prefix.trim() } : {}),
  };
  const items = useCacheQuery(
    async () => (db ? sentItemsMatching(db, filter) : []),
    [db, from, to, type, prefix],
    'Reading the sent items',
  );
  const fetch = useDeskAction(
    async () => {
      if (!db) return 0;
      const instant = (text: string | undefined) =>
        text ? parseServiceDateTime(text, timeZone)?.toISOString() : undefined;
      const fromAt = instant(filter.from);
      const toAt = instant(filter.to);
      const { items: fetched } = await getDesk().listSentItems({
        ...(fromAt ? { from: fromAt } : {}),
        ...(toAt ? { to: toAt } : {}),
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.prefix ? { prefix: filter.prefix } : {}),
      });
      await putSentItems(db, fetched);
      return fetched.length;
    },
    (count) => `${count} sent item${count === 1 ? '' : 's'} from the service.`,
  );

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <Group align="flex-end" gap="sm">
        <VenueDateInput label="From" value={from} onChange={setFrom} w={140} />
        <VenueDateInput
          label="To"
          value={to}
          onChange={setTo}
          error={from && to && from > to ? 'Before "From"' : undefined}
          w={140}
        />
        <Select
          label="Type"
          data={TYPES}
          value={type}
          onChange={(value) => setType(value ?? '')}
          w={150}
          allowDeselect={false}
        />
        <TextInput
          label="Reference starts with"
          value={prefix}
          onChange={(event) => setPrefix(event.currentTarget.value)}
          w={190}
        />
        <Button
          variant="light"
          onClick={() => void fetch.run()}
          loading={fetch.busy}
          disabled={Boolean(from && to && from > to)}
        >
          Fetch from the service
        </Button>
      </Group>
      {fetch.error && (
        <Alert color="orange" role="alert">
          {fetch.error} What this desk already has is shown below.
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {items
          ? `${format.number(items.length)} sent item${items.length === 1 ? '' : 's'} on this desk (times in ${timeZone})`
          : 'Loading…'}
      </Text>
      {items && <SentList items={items} />}
    </Stack>
  );
}

/** The virtualised list: only the rows in view are in the page. */
function SentList({ items }: { items: SentItemRow[] }) {
  const format = useVenueFormat();
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <div
      ref={parent}
      style={{ flex: 1, minHeight: 300, height: 'calc(100vh - 300px)', overflow: 'auto' }}
      role="list"
      aria-label="Sent items"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          return (
            <Paper
              key={item.reference_id}
              role="listitem"
              withBorder
              p={6}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT - 4,
                transform: `translateY(${row.start}px)`,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm" h="100%">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" variant="light" color={item.type === 'email' ? 'blue' : 'grape'}>
                      {item.type}
                    </Badge>
                    <Text size="sm" fw={600} truncate>
                      {item.type === 'email' ? item.subject || '(no subject)' : plainText(item.message ?? '')}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {item.timestamp ? format.serviceDateTime(item.timestamp) : ''} · {item.from_name ?? ''} · ref{' '}
                    {item.reference_id}
                  </Text>
                </Stack>
                <SentFigures item={item} />
              </Group>
            </Paper>
          );
        })}
      </div>
    </div>
  );
}

/** Text of a message for one line (SMS text as is; tags dropped). */
function plainText(message: string): string {
  return message
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
}
