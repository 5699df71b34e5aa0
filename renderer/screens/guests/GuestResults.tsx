import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { shownDetail } from '../../db/contact';
import type { GuestRow } from '../../db/guest-types';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { openGuest, useGuestPanel } from '../../stores/guests-panel';
import { setActiveResult, useGuestSearch } from '../../stores/guests-search';

const ROW_HEIGHT = 54;

/** The id of a result's element, for the search box's aria-activedescendant. */
export function resultOptionId(index: number): string {
  return `guest-result-${index}`;
}

/** The ranked results as a virtualised listbox: only the rows in view are in the page. */
export function GuestResults() {
  const results = useGuestSearch((state) => state.results);
  const answered = useGuestSearch((state) => (state.settled ? state.query : undefined));
  const activeIndex = useGuestSearch((state) => state.activeIndex);
  const openKey = useGuestPanel((state) => (state.panel.kind === 'guest' ? state.panel.key : null));
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 400, height: 600 },
  });

  useEffect(() => {
    if (results.length > 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, results, virtualizer]);

  return (
    // The search box moves through the results with the arrow keys; the list itself takes Tab too, so a
    // keyboard can scroll it (Page Down, arrows) as a mouse wheel does.
    <div
      ref={scrollRef}
      tabIndex={0}
      className="mantine-focus-auto"
      role="region"
      aria-label="Results"
      style={{ height: 'calc(100vh - 260px)', minHeight: 240, overflowY: 'auto' }}
    >
      <div
        id="guest-results"
        role="listbox"
        aria-label="Guests found"
        aria-busy={answered === undefined}
        data-query={answered}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = results[item.index]!;
          return (
            <ResultRow
              key={row.key}
              row={row}
              index={item.index}
              active={item.index === activeIndex}
              open={row.key === openKey}
              top={item.start}
            />
          );
        })}
      </div>
    </div>
  );
}

/** One guest in the results: name, email, mobile and member number, and a pending mark. */
function ResultRow({
  row,
  index,
  active,
  open,
  top,
}: {
  row: GuestRow;
  index: number;
  active: boolean;
  open: boolean;
  top: number;
}) {
  const format = useVenueFormat();
  return (
    <UnstyledButton
      id={resultOptionId(index)}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onMouseMove={() => !active && setActiveResult(index)}
      onClick={() => openGuest(row.key)}
      px="sm"
      py={6}
      style={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        borderRadius: 6,
        background: active ? 'var(--mantine-color-blue-light)' : open ? 'var(--mantine-color-gray-1)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {row.label}
        </Text>
        {row.pending > 0 && (
          <Badge size="xs" color="yellow" variant="light">
            Pending
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {shownDetail(row.detail, format.phone)}
      </Text>
    </UnstyledButton>
  );
}
