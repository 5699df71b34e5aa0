import { Checkbox, NativeSelect, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ROW } from '../../import/check';
import type { GridRow } from '../../import/session';
import { chooseConflict, editCell, importGridRows } from '../../import/controller';
import { useImport } from '../../stores/import';
import { CONFLICT_CHOICES } from './conflict-choices';
import { fieldLabel } from '../guests/field-labels';

const ROW_HEIGHT = 34;
const WIDTHS = { select: 36, line: 64, status: 380, cell: 190 };

/** What a row's status says to staff. */
function statusText(row: GridRow, columns: readonly string[]): string {
  if (row.status === 'new') return row.rowNote ? `New guest. ${row.rowNote}` : 'New guest';
  if (row.status === 'update') return `Updates guest ${row.contactId}${row.rowNote ? `. ${row.rowNote}` : ''}`;
  if (row.status === 'leave') return `Guest ${row.contactId} left as they are. ${row.rowNote ?? ''}`.trim();
  if (row.status === 'conflict') return `Conflict: ${row.rowProblem ?? ''}`;
  if (row.duplicateOfLine !== undefined) return `Same email or mobile as row ${row.duplicateOfLine}`;
  if (row.rowProblem) return row.rowProblem;
  if (row.problems?.[ROW]) return row.problems[ROW];
  const [column, problem] = Object.entries(row.problems ?? {})[0] ?? [];
  return column === undefined ? 'Problem' : `${columns[Number(column)]}: ${problem}`;
}

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
    estimateSize: () => ROW_HEIGHT,
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
  const statusWidth = (counts?.clashing ?? 0) > 0 ? WIDTHS.status + 240 : WIDTHS.status;
  const width = WIDTHS.select + WIDTHS.line + statusWidth + columns.length * WIDTHS.cell;
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
          height: ROW_HEIGHT,
          alignItems: 'center',
        }}
      >
        <div role="columnheader" aria-label="Select" style={{ width: WIDTHS.select }} />
        <div role="columnheader" style={{ width: WIDTHS.line, paddingLeft: 6 }}>
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
              width: WIDTHS.cell,
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
            <div
              key={row.line}
              role="row"
              data-line={row.line}
              data-status={row.status}
              style={{
                position: 'absolute',
                top: item.start,
                height: ROW_HEIGHT,
                display: 'flex',
                alignItems: 'center',
                width,
                borderBottom: '1px solid var(--mantine-color-gray-2)',
                fontSize: 13,
              }}
            >
              <div role="gridcell" style={{ width: WIDTHS.select, paddingLeft: 8 }}>
                <Checkbox
                  size="xs"
                  aria-label={`Select row ${row.line}`}
                  checked={selected.has(row.line)}
                  onChange={() => toggle(row.line)}
                />
              </div>
              <div
                role="rowheader"
                style={{ width: WIDTHS.line, paddingLeft: 6, color: 'var(--mantine-color-dimmed)' }}
              >
                {row.line}
              </div>
              <div
                role="gridcell"
                style={{
                  width: statusWidth,
                  paddingRight: 8,
                  overflow: 'hidden',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 4,
                }}
              >
                <Text
                  size="xs"
                  truncate
                  c={
                    row.status === 'problem'
                      ? 'red'
                      : row.status === 'conflict'
                        ? 'orange'
                        : row.status === 'leave'
                          ? 'dimmed'
                          : row.status === 'update'
                            ? 'blue'
                            : 'teal'
                  }
                  title={statusText(row, file.columns)}
                >
                  {statusText(row, file.columns)}
                </Text>
                {row.conflict && (
                  <NativeSelect
                    size="xs"
                    w={150}
                    style={{ flexShrink: 0 }}
                    aria-label={`Conflict of row ${row.line}`}
                    value={row.conflict}
                    data={CONFLICT_CHOICES.map((option) => ({ ...option }))}
                    onChange={(event) => {
                      const choice = CONFLICT_CHOICES.find((option) => option.value === event.currentTarget.value);
                      if (choice) void chooseConflict(choice.value, row.line);
                    }}
                  />
                )}
              </div>
              {columns.map((column) =>
                editing?.line === row.line && editing.column === column ? (
                  <CellEditor
                    key={column}
                    initial={row.cells[column] ?? ''}
                    label={`Row ${row.line}, ${file.columns[column]}`}
                    onDone={(value) => {
                      setEditing(null);
                      if (value !== null && value !== (row.cells[column] ?? '')) void editCell(row.line, column, value);
                    }}
                  />
                ) : (
                  <Cell
                    key={column}
                    row={row}
                    column={column}
                    columnName={file.columns[column] ?? ''}
                    onEdit={() => setEditing({ line: row.line, column })}
                  />
                ),
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** A row in view whose cells the worker has not sent yet (they come within a frame or two). */
function PendingRow({ top, width }: { top: number; width: number }) {
  return (
    <div
      role="row"
      aria-busy
      style={{
        position: 'absolute',
        top,
        height: ROW_HEIGHT,
        width,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    />
  );
}

/** One cell: the value that will be sent (the file's, in the title, when it was rewritten), red with the problem, yellow with a note. */
function Cell({
  row,
  column,
  columnName,
  onEdit,
}: {
  row: GridRow;
  column: number;
  columnName: string;
  onEdit: () => void;
}) {
  const original = row.cells[column] ?? '';
  const problem = row.problems?.[column];
  const note = row.notes?.[column];
  const shown = row.shown?.[column];
  const title = problem ?? note ?? (shown !== undefined ? `In the file: ${original}` : original);
  return (
    <UnstyledButton
      role="gridcell"
      aria-invalid={problem ? true : undefined}
      aria-description={problem ?? note}
      title={title}
      // An empty cell is still a button that edits it: it needs a name for screen readers.
      aria-label={(shown ?? original) === '' ? `Row ${row.line}, ${columnName}: empty` : undefined}
      onClick={onEdit}
      style={{
        width: WIDTHS.cell,
        height: ROW_HEIGHT - 4,
        padding: '0 6px',
        fontSize: 13,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        borderRadius: 4,
        background: problem ? 'var(--mantine-color-red-1)' : note ? 'var(--mantine-color-yellow-1)' : undefined,
        // An inset line, not an outline: the outline is the keyboard's focus ring.
        boxShadow: problem ? 'inset 0 0 0 1px var(--mantine-color-red-5)' : undefined,
      }}
    >
      {(shown ?? original).slice(0, 300)}
    </UnstyledButton>
  );
}

/** A cell being edited: Enter or leaving it keeps the value, Escape puts the old one back. */
function CellEditor({
  initial,
  label,
  onDone,
}: {
  initial: string;
  label: string;
  onDone: (value: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  const finished = useRef(false);
  const finish = (result: string | null) => {
    if (finished.current) return;
    finished.current = true;
    onDone(result);
  };
  return (
    <TextInput
      aria-label={label}
      size="xs"
      autoFocus
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(value);
        if (event.key === 'Escape') finish(null);
      }}
      onBlur={() => finish(value)}
      w={WIDTHS.cell}
    />
  );
}
