import { Button, Menu } from '@mantine/core';
import { encodeText, guestExportRow, toCsvText } from '../../import/csv-out';
import { saveFile } from '../../import/download';
import { withExportWorker } from '../../import/controller';
import { useImport } from '../../stores/import';
import { useGuestSearch } from '../../stores/guests-search';
import { useGuests } from '../../stores/guests';
import { fieldLabel } from '../guests/field-labels';

/** The fields exported, in the service's order. */
async function exportFields(): Promise<string[]> {
  const fields = (await useGuests.getState().cache?.db.fieldList()) ?? [];
  return fields.map((field) => field.name);
}

/** Header labels for the exported fields. */
function headerOf(fields: string[]): string[] {
  return [...fields.map(fieldLabel), 'Categories'];
}

/** Saves rows as a UTF-8 CSV (with a byte-order mark so Excel reads accents), formulas neutralised. */
function saveCsv(rows: string[][], name: string): void {
  saveFile(encodeText(toCsvText(rows, ','), 'utf-8', true), name);
}

/** Exports guests to CSV: the current search's results, or every guest on the desk (read in the worker). */
export function ExportGuestsMenu() {
  const results = useGuestSearch((state) => state.results);
  const query = useGuestSearch((state) => state.query);
  const cache = useGuests((state) => state.cache);
  const fail = (error: unknown) =>
    useImport.setState({ error: `The export failed: ${error instanceof Error ? error.message : String(error)}` });
  const exportAll = async () => {
    const fields = await exportFields();
    const { rows } = await withExportWorker((worker) => worker.request({ type: 'exportGuests', fields }));
    saveCsv([headerOf(fields), ...rows.slice(1)], 'guests.csv');
  };
  const exportSearch = async () => {
    const fields = await exportFields();
    // The results hold what search shows; the records are read from the cache, in the results' order.
    const rows = cache ? await cache.db.guestsByKeys(results.map((hit) => hit.key)) : [];
    saveCsv([headerOf(fields), ...rows.map((row) => guestExportRow(row.record, fields))], 'guests - search.csv');
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" disabled={!cache}>
          Export guests
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void exportAll().catch(fail)}>All guests on the desk</Menu.Item>
        <Menu.Item disabled={results.length === 0} onClick={() => void exportSearch().catch(fail)}>
          {results.length > 0
            ? `The current search "${query}" (${results.length})`
            : 'The current search (search on Guests first)'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
