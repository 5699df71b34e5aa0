import { Checkbox, NativeSelect, Text } from '@mantine/core';
import type { GridRow } from '../../import/shown-rows';
import { chooseConflict, editCell } from '../../import/controller';
import { CONFLICT_CHOICES } from './conflict-choices';
import { GRID_ROW_HEIGHT, GRID_WIDTHS } from './grid-layout';
import { Cell, CellEditor } from './ImportGridCells';
import { STATUS_COLOURS, statusText } from './row-status';

/** Where a row sits in the grid and what the grid around it shows. */
interface ImportGridRowProps {
  row: GridRow;
  top: number;
  width: number;
  statusWidth: number;
  /** The file's columns being imported (their indexes) and every column's name. */
  columns: number[];
  columnNames: readonly string[];
  selected: boolean;
  onToggle: (line: number) => void;
  /** The column of this row being edited, if any. */
  editingColumn: number | undefined;
  onEdit: (line: number, column: number | null) => void;
}

/** One checked row of the import grid: its selection, spreadsheet row number, status (with a conflict's choice) and cells. */
export function ImportGridRow({
  row,
  top,
  width,
  statusWidth,
  columns,
  columnNames,
  selected,
  onToggle,
  editingColumn,
  onEdit,
}: ImportGridRowProps) {
  const status = statusText(row, columnNames);
  return (
    <div
      role="row"
      data-line={row.line}
      data-status={row.status}
      style={{
        position: 'absolute',
        top,
        height: GRID_ROW_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        width,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        fontSize: 13,
      }}
    >
      <div role="gridcell" style={{ width: GRID_WIDTHS.select, paddingLeft: 8 }}>
        <Checkbox
          size="xs"
          aria-label={`Select row ${row.line}`}
          checked={selected}
          onChange={() => onToggle(row.line)}
        />
      </div>
      <div role="rowheader" style={{ width: GRID_WIDTHS.line, paddingLeft: 6, color: 'var(--mantine-color-dimmed)' }}>
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
        <Text size="xs" truncate c={STATUS_COLOURS[row.status]} title={status}>
          {status}
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
        editingColumn === column ? (
          <CellEditor
            key={column}
            initial={row.cells[column] ?? ''}
            label={`Row ${row.line}, ${columnNames[column]}`}
            onDone={(value) => {
              onEdit(row.line, null);
              if (value !== null && value !== (row.cells[column] ?? '')) void editCell(row.line, column, value);
            }}
          />
        ) : (
          <Cell
            key={column}
            row={row}
            column={column}
            columnName={columnNames[column] ?? ''}
            onEdit={() => onEdit(row.line, column)}
          />
        ),
      )}
    </div>
  );
}
