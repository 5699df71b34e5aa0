import { Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { cancelCurrentImport, resumeImport } from '../../import/controller';
import { downloadImportRows } from '../../import/download';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useImport, type ImportView } from '../../stores/import';
import { StartOverButton } from './StartOverButton';
import { rowsLabel } from './rows-label';

const PHASE_TEXT: Record<ImportView['phase'], string> = {
  queueing: 'Queueing into the outbox…',
  interrupted:
    'Queueing stopped before every row reached the desk (the page or the desk was closed, or a hand-over was refused). Go on to hand over the rest; nothing is sent twice.',
  delivering: 'Queued. The guests go out through the outbox, also after a restart or when the line comes back.',
  done: 'Done: nothing of this import is left to go.',
  cancelled: 'Cancelled: what had not gone out was dropped.',
};

/** An import whose rows all reached the desk but are not all in the outbox yet (another venue connected, a refused write). */
const QUEUEING_STOPPED =
  'Every row reached the desk, but putting them in the outbox stopped (another venue was connected, or the desk could not write). Go on to queue the rest; nothing is sent twice.';

/** Saves an import's rows of one kind, showing a failure as the screen's sentence. */
function download(importId: string, kind: 'failed' | 'held'): void {
  downloadImportRows(importId, kind).catch((error: unknown) =>
    useImport.setState({
      error: `The ${kind === 'failed' ? 'failed rows' : 'rows with problems'} could not be saved: ${error instanceof Error ? error.message : String(error)}`,
    }),
  );
}

/** Where the import stands: queueing, delivery (N of M sent), the result counts, cancel, go on and the downloads. */
export function ImportResult() {
  const current = useImport((state) => state.current);
  const format = useVenueFormat();
  if (!current) return null;
  const sent = current.newGuests + current.updated;
  const percent = (done: number, total: number) => (total > 0 ? (done / total) * 100 : 0);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{current.fileName}</Text>
          <StartOverButton />
        </Group>
        <Text size="sm" role="status" aria-label="Import status">
          {current.phase === 'interrupted' && current.staged ? QUEUEING_STOPPED : PHASE_TEXT[current.phase]}
        </Text>
        <Stack gap={2}>
          <Text size="sm">
            Queued: {format.number(current.queuedRows)} of {format.number(current.readyRows)}
          </Text>
          <Progress value={percent(current.queuedRows, current.readyRows)} aria-label="Queued" />
        </Stack>
        <Stack gap={2}>
          <Text size="sm" aria-label="Delivery">
            Sent: {format.number(sent)} of {format.number(current.queuedRows)}
            {current.pending > 0 ? ` · ${format.number(current.pending)} still to go` : ''}
          </Text>
          <Progress.Root size="lg" aria-label="Sent">
            <Progress.Section value={percent(sent, current.queuedRows)} color="teal" />
            <Progress.Section value={percent(current.failed, current.queuedRows)} color="red" />
          </Progress.Root>
        </Stack>
        <SimpleGrid cols={5} aria-label="Result">
          <Figure label="New guests" value={current.newGuests} />
          <Figure label="Updated" value={current.updated} />
          <Figure label="Guests left as they are" value={current.leftRows} />
          <Figure
            label="Rows with problems"
            value={current.heldRows}
            color={current.heldRows > 0 ? 'orange' : undefined}
          />
          <Figure label="Failed" value={current.failed} color={current.failed > 0 ? 'red' : undefined} />
        </SimpleGrid>
        <Group>
          {current.phase === 'interrupted' && (
            <Button onClick={() => void resumeImport(current.id)}>
              {current.staged ? 'Go on' : goOnLabel(current.lastStagedLine)}
            </Button>
          )}
          {(current.phase === 'queueing' ||
            ((current.phase === 'delivering' || current.phase === 'interrupted') && current.pending > 0)) && (
            <Button color="red" variant="light" onClick={() => void cancelCurrentImport()}>
              Cancel what has not gone
            </Button>
          )}
          {current.failed > 0 && (
            <Button variant="default" onClick={() => download(current.id, 'failed')}>
              Download {format.number(current.failed)} failed rows
            </Button>
          )}
          {current.heldRows > 0 && (
            <Button variant="default" onClick={() => download(current.id, 'held')}>
              Download {rowsLabel(current.heldRows)} with problems
            </Button>
          )}
          {current.failed > 0 && current.phase !== 'cancelled' && (
            <Text size="sm" c="dimmed">
              Failed rows are also in the Outbox, where each can be fixed and sent again.
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** One count of the result. */
function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  const format = useVenueFormat();
  return (
    <Stack gap={0}>
      <Text size="xl" fw={700} c={color}>
        {format.number(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** Go on for a hand-over that stopped: it names the last row that reached the desk, as the next one may be blank. */
function goOnLabel(lastStagedLine: number): string {
  return lastStagedLine <= 1 ? 'Go on from the first row' : `Go on after row ${lastStagedLine}`;
}
