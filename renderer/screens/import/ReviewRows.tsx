import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import {
  checkRows,
  chooseConflict,
  deleteRows,
  importWorker,
  queueImport,
  setImportOptions,
  showOnlyProblems,
} from '../../import/controller';
import { saveRowsWithReasons } from '../../import/download';
import type { ConflictChoice } from '../../import/resolve';
import type { CheckCounts } from '../../import/check-counts';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useImport } from '../../stores/import';
import { ImportGrid } from './ImportGrid';
import { CONFLICT_CHOICES } from './conflict-choices';
import { StartOverButton } from './StartOverButton';
import { rowsLabel } from './rows-label';

/** The checked rows: counts, the day/month question when the dates need it, conflicts, the grid, and queueing. */
export function ReviewRows() {
  const counts = useImport((state) => state.counts);
  const format = useVenueFormat();
  const check = useImport((state) => state.check);
  const dateOrder = useImport((state) => state.dateOrder);
  const onlyProblems = useImport((state) => state.onlyProblems);
  const busy = useImport((state) => state.busy);
  const file = useImport((state) => state.file);
  const conflicts = useImport((state) => state.conflicts);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  if (!counts || !file) return null;

  const askDates = check?.dateOrderAmbiguous && !dateOrder;
  const downloadProblems = async () => {
    const worker = importWorker();
    if (!worker) throw new Error('Choose the file again to download its rows with problems.');
    const { header, rows: problemRows } = await worker.request({ type: 'problemRows' });
    saveRowsWithReasons(file, header, problemRows, 'rows with problems', 'Problem');
  };
  const held = counts.problems + counts.conflicts;

  return (
    <Stack gap="sm">
      <ReviewCounts counts={counts} />
      {askDates && <DateOrderQuestion />}
      {(counts.conflicts > 0 || counts.clashing > 0) && <ConflictChoiceForAll conflicts={conflicts} />}
      <Group justify="space-between">
        <Group>
          <Switch
            label="Only rows with problems"
            checked={onlyProblems}
            onChange={(event) => showOnlyProblems(event.currentTarget.checked)}
          />
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={selected.size === 0}
            onClick={() => {
              void deleteRows([...selected]);
              setSelected(new Set());
            }}
          >
            Delete {selected.size || ''} selected
          </Button>
          {held > 0 && (
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                void downloadProblems().catch((error: unknown) =>
                  useImport.setState({
                    error: `The rows with problems could not be saved: ${error instanceof Error ? error.message : String(error)}`,
                  }),
                )
              }
            >
              Download rows with problems
            </Button>
          )}
        </Group>
        <Button onClick={() => void queueImport()} loading={busy} disabled={counts.ready === 0 || Boolean(askDates)}>
          Queue {format.number(counts.ready)} {counts.ready === 1 ? 'guest' : 'guests'}
        </Button>
      </Group>
      <ImportGrid selected={selected} onSelect={setSelected} />
    </Stack>
  );
}

/** The checked file's counts, with the way back to the columns or to another file. */
function ReviewCounts({ counts }: { counts: CheckCounts }) {
  const format = useVenueFormat();
  return (
    <Card withBorder>
      <Group justify="space-between">
        <Group gap="xs" aria-label="Counts">
          <Badge size="lg" variant="light" color="gray">
            {rowsLabel(counts.rows)}
          </Badge>
          <Badge size="lg" variant="light" color="teal">
            {format.number(counts.ready)} ready
          </Badge>
          <Badge size="lg" variant="light" color="red">
            {format.number(counts.problems)} with problems
          </Badge>
          <Badge size="lg" variant="light" color="yellow">
            {counts.duplicates === 1
              ? '1 matches a guest or an earlier row'
              : `${format.number(counts.duplicates)} match guests or earlier rows`}
          </Badge>
          {counts.conflicts > 0 && (
            <Badge size="lg" variant="light" color="orange">
              {format.number(counts.conflicts)} conflicts
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {format.number(counts.newGuests)} new, {format.number(counts.updates)}{' '}
            {counts.updates === 1 ? 'update' : 'updates'} of guests on the desk
            {counts.left > 0
              ? `, ${format.number(counts.left)} ${counts.left === 1 ? 'guest' : 'guests'} left as they are`
              : ''}
          </Text>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => useImport.setState({ step: 'match' })}>
            Change columns
          </Button>
          <StartOverButton />
        </Group>
      </Group>
    </Card>
  );
}

/** Asks which comes first in the file's dates, when every date could be read either way, and checks again. */
function DateOrderQuestion() {
  return (
    <Alert color="yellow" title="Which comes first in this file's dates?">
      <Text size="sm" mb="xs">
        Every date in the file could be read either way (03/04/2024 is 3 April or March 4). How does this file write
        them?
      </Text>
      <Group>
        <Button size="xs" onClick={() => (setImportOptions({ dateOrder: 'dmy' }), void checkRows())}>
          Day first (03/04 is 3 April)
        </Button>
        <Button size="xs" onClick={() => (setImportOptions({ dateOrder: 'mdy' }), void checkRows())}>
          Month first (03/04 is March 4)
        </Button>
      </Group>
    </Alert>
  );
}

/** One choice for every row whose email and mobile belong to other guests. */
function ConflictChoiceForAll({ conflicts }: { conflicts: ConflictChoice }) {
  return (
    <Alert color="orange" title="Rows whose email and mobile belong to other guests">
      <Text size="sm" mb="xs">
        By default no guest on file is touched by these rows: each says whose email or mobile it holds. Choose for every
        such row here, or for one row in its status cell.
      </Text>
      <SegmentedControl
        aria-label="Every row in conflict"
        value={conflicts}
        onChange={(value) => {
          const choice = CONFLICT_CHOICES.find((option) => option.value === value)?.value;
          if (choice) void chooseConflict(choice);
        }}
        data={CONFLICT_CHOICES.map((option) => ({ ...option }))}
      />
    </Alert>
  );
}
