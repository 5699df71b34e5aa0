import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { importGridRows } from '../../import/controller';
import { useImport } from '../../stores/import';
import { fieldLabel } from '../guests/field-labels';
import { GRID_ROW_HEIGHT, GRID_WIDTHS } from './grid-layout';
import { PendingRow } from './ImportGridCells';
import { ImportGridRow } from './ImportGridRow';

/**
 * Every checked row in a virtualised grid: only the rows in view are in the page, fetched from the
 * worker as they come into view (renderer/import/grid-rows.ts). The columns being imported, problems
 * marked per cell, a cell edited in place with Enter (checked again at once).
 */
export function ImportGrid({ selected, onSelect }: { selected: Set<number>; onSelect: (lines: Set<number>) => void }) {
  const file = useImport((state) => state.file);
  const targets = useImport((state) => state.targets);
  const counts = useImport((state) => state.counts);
  const onlyProblems = useImport((state) => state.onlyProblems);
  const version = useImport((state) => state.rowsVersion);
  useSyncExternalStore(importGridRows.subscribe, importGridRows.revision);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ line: number; column: number } | null>(null);
  const total = !counts ? 0 : onlyProblems ? counts.problems + counts.conflicts : counts.rows;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 1000, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => importGridRows.want(first, last, { version, onlyProblems }), [first, last, version, onlyProblems]);
  if (!file) return null;
  const columns = targets.flatMap((target, index) => (target.kind === 'ignore' ? [] : [index]));
  // A conflict's sentence names a guest and their email beside the row's choice: its column is wider then.
  const statusWidth = (counts?.clashing ?? 0) > 0 ? GRID_WIDTHS.status + 240 : GRID_WIDTHS.status;
  const width = GRID_WIDTHS.select + GRID_WIDTHS.line + statusWidth + columns.length * GRID_WIDTHS.cell;
  const heading = (column: number) => {
    const target = targets[column];
    const becomes =
      target?.kind === 'field' ? fieldLabel(target.field) : target?.kind === 'name' ? 'Full name' : 'Categories';
    return `${file.columns[column]} → ${becomes}`;
  };
  const toggle = (line: number) => {
    const next = new Set(selected);
    if (next.has(line)) next.delete(line);
    else next.add(line);
    onSelect(next);
  };

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label="Rows of the file"
      aria-rowcount={total + 1}
      // A file's columns side by side are wider than a desk's screen: the grid, not the screen, scrolls sideways.
      data-scrolls-sideways
      style={{
        height: 'calc(100vh - 330px)',
        minHeight: 280,
        overflow: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 6,
      }}
    >
      <div
        role="row"
        style={{
          display: 'flex',
          width,
          position: 'sticky',
          top: 0,
          zIndex: 2,
          background: 'var(--mantine-color-gray-1)',
          fontWeight: 600,
          fontSize: 12,
          height: GRID_ROW_HEIGHT,
          alignItems: 'center',
        }}
      >
        <div role="columnheader" aria-label="Select" style={{ width: GRID_WIDTHS.select }} />
        <div role="columnheader" style={{ width: GRID_WIDTHS.line, paddingLeft: 6 }}>
          Row
        </div>
        <div role="columnheader" style={{ width: statusWidth }}>
          Status
        </div>
        {columns.map((column) => (
          <div
            key={column}
            role="columnheader"
            title={heading(column)}
            style={{
              width: GRID_WIDTHS.cell,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              paddingRight: 6,
            }}
          >
            {heading(column)}
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}>
        {items.map((item) => {
          const row = importGridRows.row(item.index);
          if (!row) return <PendingRow key={`pending-${item.index}`} top={item.start} width={width} />;
          return (
            <ImportGridRow
              key={row.line}
              row={row}
              top={item.start}
              width={width}
              statusWidth={statusWidth}
              columns={columns}
              columnNames={file.columns}
              selected={selected.has(row.line)}
              onToggle={toggle}
              editingColumn={editing?.line === row.line ? editing.column : undefined}
              onEdit={(line, column) => setEditing(column === null ? null : { line, column })}
            />
          );
        })}
      </div>
    </div>
  );
}
