import { Alert, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { followImports, loadImportHistory } from '../../import/controller';
import { useImport, type ImportStep } from '../../stores/import';
import { ColumnMatching } from './ColumnMatching';
import { ExportGuestsMenu } from './ExportGuestsMenu';
import { FileDrop } from './FileDrop';
import { FileOptions } from './FileOptions';
import { ImportHistory } from './ImportHistory';
import { ImportResult } from './ImportResult';
import { ReviewRows } from './ReviewRows';

/** Import: a spreadsheet of contacts in, read and checked off the page's thread, queued through the outbox. */
export function ImportScreen() {
  const step = useImport((state) => state.step);
  const top = useStepStartsAtTop(step);
  useEffect(() => {
    const stop = followImports();
    void loadImportHistory();
    return stop;
  }, []);

  return (
    <Stack gap="md">
      <Group justify="space-between" ref={top} style={{ scrollMarginTop: 'var(--app-shell-header-height, 0px)' }}>
        <Title order={2}>Import</Title>
        <ExportGuestsMenu />
      </Group>
      <ImportError />
      <WorkProgress />
      {step === 'pick' && <FileDrop />}
      {step === 'match' && (
        <>
          <FileOptions />
          <ColumnMatching />
        </>
      )}
      {step === 'review' && <ReviewRows />}
      {step === 'send' && <ImportResult />}
      <ImportHistory />
    </Stack>
  );
}

/**
 * Brings the screen's top into view when the step changes: staff who scrolled down to "Check" or "Queue" see
 * the new step's counts or result, not the middle of it. Returns the ref for the top (kept clear of the header).
 */
function useStepStartsAtTop(step: ImportStep) {
  const top = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    top.current?.scrollIntoView({ block: 'nearest' });
  }, [step]);
  return top;
}

/** The sentence of the last thing that went wrong. */
function ImportError() {
  const error = useImport((state) => state.error);
  if (!error) return null;
  return (
    <Alert color="red" title="Import" role="alert" withCloseButton onClose={() => useImport.setState({ error: null })}>
      {error}
    </Alert>
  );
}

/** The bar of the work under way (reading, checking, handing rows over). */
function WorkProgress() {
  const progress = useImport((state) => state.progress);
  if (!progress) return null;
  const value = progress.total > 0 ? (progress.done / progress.total) * 100 : 100;
  return (
    <Stack gap={4} aria-live="polite">
      <Group justify="space-between">
        <Text size="sm">{progress.label}</Text>
        {progress.total > 0 && (
          <Text size="sm" c="dimmed">
            {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')}
          </Text>
        )}
      </Group>
      <Progress value={value} animated={progress.total === 0} aria-label={progress.label} />
    </Stack>
  );
}
