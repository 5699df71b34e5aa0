import { Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useGuests } from '../../stores/guests';
import { openGuest, showPanel } from '../../stores/guests-panel';
import { moveActiveResult, refreshGuestSearch, setGuestQuery, useGuestSearch } from '../../stores/guests-search';
import { useNavigation } from '../../stores/navigation';
import { GuestResults, resultOptionId } from './GuestResults';

const PAGE = 8;

/** The search box and its ranked results; arrows, Page keys, Enter and Esc work from the box. */
export function GuestSearch() {
  const searchRef = useRef<HTMLInputElement>(null);
  const focusRequest = useNavigation((state) => state.searchFocusRequest);
  const query = useGuestSearch((state) => state.query);
  // Whether there are results, not the results: their arrival does not draw the box again.
  const open = useGuestSearch((state) => state.results.length > 0);
  const activeIndex = useGuestSearch((state) => state.activeIndex);
  const dataVersion = useGuests((state) => state.dataVersion);
  const cache = useGuests((state) => state.cache);

  useEffect(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, [focusRequest]);

  useEffect(() => {
    void refreshGuestSearch();
  }, [dataVersion, cache]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveActiveResult(1),
      ArrowUp: () => moveActiveResult(-1),
      PageDown: () => moveActiveResult(PAGE),
      PageUp: () => moveActiveResult(-PAGE),
      Enter: () => {
        const row = useGuestSearch.getState().results[activeIndex];
        if (row) openGuest(row.key);
      },
      Escape: () => (query ? void setGuestQuery('') : showPanel({ kind: 'none' })),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Stack gap="xs" w={400} miw={320} style={{ flexShrink: 0 }}>
      <TextInput
        ref={searchRef}
        aria-label="Search guests"
        placeholder="Name, email, mobile, member or card number (Ctrl+K)"
        size="md"
        value={query}
        onChange={(event) => void setGuestQuery(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls="guest-results"
        aria-activedescendant={open ? resultOptionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      <SearchSummary />
      <GuestResults />
    </Stack>
  );
}

/** One line under the box: how many matched, or what to do. */
function SearchSummary() {
  const query = useGuestSearch((state) => state.query);
  const count = useGuestSearch((state) => state.results.length);
  const truncated = useGuestSearch((state) => state.truncated);
  const settled = useGuestSearch((state) => state.settled);
  if (!query.trim())
    return (
      <Text size="sm" c="dimmed">
        Type part of a name, an email, a mobile, or a member or card number. ↑ ↓ to choose, Enter to open, Esc to clear.
      </Text>
    );
  if (!settled && count === 0) return null;
  if (count === 0)
    return (
      <Text size="sm" c="dimmed" role="status">
        {truncated
          ? `Too many guests have these words to look through them all: keep typing (more of a name, an email or a mobile).`
          : `No guest matches “${query.trim()}”.`}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" role="status">
      {truncated
        ? `The first ${count} matches: keep typing to narrow them down.`
        : `${count} ${count === 1 ? 'guest' : 'guests'} found.`}
    </Text>
  );
}
