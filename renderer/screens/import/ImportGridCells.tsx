import { TextInput, UnstyledButton } from '@mantine/core';
import { useRef, useState } from 'react';
import type { GridRow } from '../../import/shown-rows';
import { GRID_ROW_HEIGHT, GRID_WIDTHS } from './grid-layout';

/** A row in view whose cells the worker has not sent yet (they come within a frame or two). */
export function PendingRow({ top, width }: { top: number; width: number }) {
  return (
    <div
      role="row"
      aria-busy
      style={{
        position: 'absolute',
        top,
        height: GRID_ROW_HEIGHT,
        width,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    />
  );
}

/** One cell: the value that will be sent (the file's, in the title, when it was rewritten), red with the problem, yellow with a note. */
export function Cell({
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
        width: GRID_WIDTHS.cell,
        height: GRID_ROW_HEIGHT - 4,
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
export function CellEditor({
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
      w={GRID_WIDTHS.cell}
    />
  );
}
