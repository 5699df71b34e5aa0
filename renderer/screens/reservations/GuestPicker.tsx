import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { shownDetail } from '../../db/contact';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import type { SearchHit } from '../../search/guest-index';
import { planSearch } from '../../search/query';
import { searchGuests } from '../../search/search-guests';
import { useGuests } from '../../stores/guests';
import { InlineNewGuest } from './InlineNewGuest';
import type { PickedGuest } from './picked-guest';

/** How many guests the picker lists while typing. */
const PICKER_LIMIT = 8;

/** Finds the booking's guest as you type (the Guests search), or records a new one inline with the New guest rules. */
export function GuestPicker({
  picked,
  onPick,
}: {
  picked: PickedGuest | null;
  onPick: (guest: PickedGuest | null) => void;
}) {
  const cache = useGuests((state) => state.cache);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchHit[]>([]);
  const [searchFailed, setSearchFailed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    setSearchFailed(null);
    if (!cache || !query.trim()) return setResults([]);
    let current = true;
    searchGuests(cache.db, planSearch(query, cache.planContext), PICKER_LIMIT).then(
      (result) => current && (setResults(result.rows), setActive(0)),
      // A failed search is not "no guest": saying so would invite a second record of a guest on file.
      (error: unknown) =>
        current && (setResults([]), setSearchFailed(error instanceof Error ? error.message : String(error))),
    );
    return () => {
      current = false;
    };
  }, [cache, query]);

  const format = useVenueFormat();
  const choose = (row: Pick<SearchHit, 'key' | 'label' | 'detail'>) =>
    onPick({ key: row.key, label: row.label, detail: row.detail });

  if (picked) {
    return (
      <Paper withBorder p="xs" aria-label="booking guest">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600}>{picked.label}</Text>
            <Text size="xs" c="dimmed">
              {picked.detail ? shownDetail(picked.detail, format.phone) : 'No contact details'}
            </Text>
          </div>
          <Button variant="subtle" size="xs" onClick={() => onPick(null)}>
            Change guest
          </Button>
        </Group>
      </Paper>
    );
  }
  if (creating) {
    return (
      <InlineNewGuest
        onCreated={(guest) => (setCreating(false), onPick(guest))}
        onUse={(row) => (setCreating(false), choose(row))}
        onCancel={() => setCreating(false)}
      />
    );
  }
  return (
    <Stack gap={4}>
      <TextInput
        label="Guest"
        placeholder="Name, email, mobile or member number"
        data-autofocus
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((index) => Math.min(results.length - 1, index + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(0, index - 1));
          } else if (event.key === 'Enter' && results[active]) {
            event.preventDefault();
            choose(results[active]);
          }
        }}
      />
      {!cache && <Alert color="yellow">The guest list is not on this computer yet; connect an account first.</Alert>}
      {results.length > 0 && (
        <ScrollArea.Autosize mah={220}>
          <Stack gap={2} role="listbox" aria-label="matching guests">
            {results.map((row, index) => (
              <UnstyledButton
                key={row.key}
                role="option"
                aria-selected={index === active}
                onClick={() => choose(row)}
                onMouseEnter={() => setActive(index)}
                p={4}
                style={{ borderRadius: 4, background: index === active ? 'var(--mantine-color-blue-0)' : undefined }}
              >
                <Text size="sm" fw={500}>
                  {row.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {shownDetail(row.detail, format.phone)}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {searchFailed && (
        <Alert color="red" role="alert" p="xs">
          The guest list could not be searched ({searchFailed}). Try again before recording a new guest: they may be on
          file already.
        </Alert>
      )}
      {query.trim() && results.length === 0 && !searchFailed && (
        <Text size="sm" c="dimmed">
          No guest on file matches “{query}”.
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" onClick={() => setCreating(true)}>
          New guest…
        </Button>
      </Group>
    </Stack>
  );
}
