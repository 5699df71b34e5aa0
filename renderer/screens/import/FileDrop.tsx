import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { chooseFile } from '../../import/controller';
import { useImport } from '../../stores/import';

/** Where a file is dropped or chosen: CSV, TSV or text, or an Excel workbook. */
export function FileDrop() {
  const busy = useImport((state) => state.busy);
  const [over, setOver] = useState(false);
  return (
    <Paper
      withBorder
      p="xl"
      aria-label="Drop a spreadsheet here"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file) void chooseFile(file);
      }}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        background: over ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <Text fw={600}>Drop a spreadsheet of contacts here</Text>
        <Text size="sm" c="dimmed" ta="center">
          CSV or tab-separated text (comma, semicolon or tab; UTF-8, UTF-16 or Windows-1252), or an Excel workbook
          (.xlsx). Exports of Google Contacts, Outlook and Mailchimp are recognised.
        </Text>
        <FileButton
          onChange={(file) => file && void chooseFile(file)}
          accept=".csv,.tsv,.txt,.xlsx,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        >
          {(props) => (
            <Button {...props} loading={busy}>
              Choose a file
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
