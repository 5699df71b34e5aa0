import { Badge } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import { shownDetail } from '../../db/contact';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { openGuest, useGuestPanel } from '../../stores/guests-panel';
import { setActiveResult, useGuestSearch } from '../../stores/guests-search';
import classes from './GuestResults.module.css';

/** A row's height (GuestResults.module.css): the list's layout follows from it without measuring. */
const ROW_HEIGHT = 54;
/** Shown contact lines kept per venue format; a long session starts the cache again past this. */
const SHOWN_DETAILS_KEPT = 5000;

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
  const shown = useShownDetails();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 400, height: 600 },
  });

  useEffect(() => {
    if (results.length === 0) return;
    // Rows are one height, so whether the active row is in view is known without reading the layout;
    // scrolling to it reads the list's scroll height (a forced layout), so only when it is out of view.
    const top = activeIndex * ROW_HEIGHT;
    const offset = virtualizer.scrollOffset ?? 0;
    const height = virtualizer.scrollRect?.height ?? 0;
    if (top < offset || top + ROW_HEIGHT > offset + height) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
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
          // Keyed by place: the next key's results reuse the rows' elements and change their text.
          return (
            <ResultRow
              key={item.index}
              guestKey={row.key}
              label={row.label}
              detail={shown(row.detail)}
              pending={row.pending > 0}
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

/**
 * A row's contact line as staff read it (phones in the venue's form), kept per line: formatting a phone
 * parses it, and the same guests come back key after key as a name is typed.
 */
function useShownDetails(): (detail: string) => string {
  const format = useVenueFormat();
  return useMemo(() => {
    const kept = new Map<string, string>();
    return (detail) => {
      let line = kept.get(detail);
      if (line === undefined) {
        if (kept.size >= SHOWN_DETAILS_KEPT) kept.clear();
        line = shownDetail(detail, format.phone);
        kept.set(detail, line);
      }
      return line;
    };
  }, [format]);
}

/**
 * One guest in the results: name, email, mobile and member number, and a pending mark. Memoised on what
 * it shows, so a key that keeps a guest in view (at the same place) does not draw the row again.
 */
const ResultRow = memo(function ResultRow({
  guestKey,
  label,
  detail,
  pending,
  index,
  active,
  open,
  top,
}: {
  guestKey: string;
  label: string;
  detail: string;
  pending: boolean;
  index: number;
  active: boolean;
  open: boolean;
  top: number;
}) {
  return (
    <button
      type="button"
      id={resultOptionId(index)}
      role="option"
      aria-selected={active}
      data-open={open || undefined}
      tabIndex={-1}
      className={classes.row}
      onMouseMove={() => !active && setActiveResult(index)}
      onClick={() => openGuest(guestKey)}
      style={{ top }}
    >
      <span className={classes.top}>
        <span className={classes.label}>{label}</span>
        {pending && (
          <Badge size="xs" color="yellow" variant="light" style={{ flexShrink: 0 }}>
            Pending
          </Badge>
        )}
      </span>
      <span className={classes.detail}>{detail}</span>
    </button>
  );
});
