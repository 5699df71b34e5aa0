// Choosing a file: what the browser gives of it is checked against the file's size before it is read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { chooseFile, resetImport } from '../../../renderer/import/controller';
import { useImport } from '../../../renderer/stores/import';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { DEMO_FIELDS, setUpDemoImport } from './support';

const CSV = 'Name,Email\r\nAnn Abbott,ann@example.com\r\n';

beforeEach(() => {
  setUpDemoImport();
  setDesk(
    createFakeDesk(
      fakeHandlers({
        listContactFields: () => DEMO_FIELDS.map(({ name, type }) => ({ name, type, label: name })),
        importKnownGuests: () => ({ guests: [], next: null }),
      }),
    ),
  );
});
afterEach(() => resetImport());

/** A file of `CSV` whose read answers `bytes` (jsdom's File cannot read itself). */
const fileAnswering = (bytes: string) =>
  Object.assign(new File([CSV], 'guests.csv', { type: 'text/csv' }), {
    arrayBuffer: async () => new TextEncoder().encode(bytes).buffer,
  });

describe('choosing a file', () => {
  it('reads a file that came whole', async () => {
    await chooseFile(fileAnswering(CSV));
    expect(useImport.getState()).toMatchObject({ error: null, step: 'match', file: { rowCount: 1 } });
  });

  it('says the file could not be read whole when the browser gives fewer bytes than it holds, not that it is empty', async () => {
    await chooseFile(fileAnswering(''));
    expect(useImport.getState().error).toBe(
      `"guests.csv" could not be read whole (0 of its ${CSV.length} bytes came). Choose it again.`,
    );
    expect(useImport.getState().step).not.toBe('match');
  });
});
