import { Alert, Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { toCsvText, encodeText } from '../../import/csv-out';
import { derivedFileName, saveFile } from '../../import/download';
import {
  checkRows,
  deleteRows,
  importWorker,
  queueImport,
  setImportOptions,
  showOnlyProblems,
  useImport,
} from '../../stores/import';
import { ImportGrid } from './ImportGrid';
import { StartOverButton } from './StartOverButton';
import { rowsLabel } from './rows-label';

/** The checked rows: counts, the day/month question when the dates need it, the grid, and queueing. */
export function ReviewRows() {
  const counts = useImport((state) => state.counts);
  const check = useImport((state) => state.check);
  const dateOrder = useImport((state) => state.dateOrder);
  const onlyProblems = useImport((state) => state.onlyProblems);
  const busy = useImport((state) => state.busy);
  const file = useImport((state) => state.file);
  const rows = useImport((state) => state.rows);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const shown = useMemo(
    () => (onlyProblems ? rows.filter((row) => row.status === 'problem') : rows),
    [rows, onlyProblems],
  );
  if (!counts || !file) return null;

  const askDates = check?.dateOrderAmbiguous && !dateOrder;
  const downloadProblems = async () => {
    const worker = importWorker();
    if (!worker) return;
    const { header, rows: problemRows } = await worker.request({ type: 'problemRows' });
    const text = toCsvText(
      [[...header, 'Problem'], ...problemRows.map((row) => [...row.original, row.reason])],
      file.delimiter,
    );
    saveFile(encodeText(text, file.encoding, file.bom), derivedFileName(file.fileName, 'rows with problems'));
  };

  return (
    <Stack gap="sm">
      <Card withBorder>
        <Group justify="space-between">
          <Group gap="xs" aria-label="Counts">
            <Badge size="lg" variant="light" color="gray">
              {rowsLabel(counts.rows)}
            </Badge>
            <Badge size="lg" variant="light" color="teal">
              {counts.ready.toLocaleString('en')} ready
            </Badge>
            <Badge size="lg" variant="light" color="red">
              {counts.problems.toLocaleString('en')} with problems
            </Badge>
            <Badge size="lg" variant="light" color="yellow">
              {counts.duplicates.toLocaleString('en')} duplicates
            </Badge>
            <Text size="sm" c="dimmed">
              {counts.newGuests.toLocaleString('en')} new, {counts.updates.toLocaleString('en')} updates of guests on
              the desk
              {counts.skipped > 0 ? `, ${counts.skipped.toLocaleString('en')} skipped (they match a guest)` : ''}
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
      {askDates && (
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
      )}
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
          {counts.problems > 0 && (
            <Button size="xs" variant="default" onClick={() => void downloadProblems()}>
              Download rows with problems
            </Button>
          )}
        </Group>
        <Button onClick={() => void queueImport()} loading={busy} disabled={counts.ready === 0 || Boolean(askDates)}>
          Queue {counts.ready.toLocaleString('en')} guests
        </Button>
      </Group>
      <ImportGrid rows={shown} selected={selected} onSelect={setSelected} />
    </Stack>
  );
}
