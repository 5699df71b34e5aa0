import { readFileSync } from 'node:fs';
import type { ImportField } from '../../../renderer/import/matching';
import { ImportSession } from '../../../renderer/import/session';
import { setImportWorkerFactory } from '../../../renderer/import/controller';
import { createPhoneKey } from '../../../renderer/search/phone';
import { useAccount } from '../../../renderer/stores/account';
import { inProcessWorker } from './in-process-worker';

/** The demo account's contact fields (standard ones and a venue's own). */
export const DEMO_FIELDS: ImportField[] = [
  { name: 'PatronName', type: 'string' },
  { name: 'PatronSurname', type: 'string' },
  { name: 'PatronEmail', type: 'string' },
  { name: 'PatronMobile', type: 'string' },
  { name: 'DateOfBirth', type: 'date' },
  { name: 'Sex', type: 'Sex' },
  { name: 'MemberNumber', type: 'string' },
  { name: 'CardNumber', type: 'string' },
  { name: 'favouriteDrink', type: 'singleSelect', options: ['Espresso', 'Café crème', 'Pinot noir'] },
  { name: 'marketingConsent', type: 'bool' },
  { name: 'visitCount', type: 'number' },
  { name: 'notes', type: 'text' },
];

/** A fixture's bytes as an ArrayBuffer (tests run from the project folder). */
export function fixture(name: string): ArrayBuffer {
  const bytes = readFileSync(`test/fixtures/import/${name}`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Bytes of text as an ArrayBuffer. */
export function bufferOf(bytes: Uint8Array | string): ArrayBuffer {
  const array = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return array.buffer.slice(array.byteOffset, array.byteOffset + array.byteLength) as ArrayBuffer;
}

/** A session for a venue in `country` (workbooks are read by the desk's own reader, as in the worker). */
export function newSession(country = 'AU'): ImportSession {
  return new ImportSession(createPhoneKey(country), country);
}

/** Sets the import's controller up as the screen starts it: the worker run in this thread, the demo venue (Australian) connected. */
export function setUpDemoImport(): void {
  setImportWorkerFactory(inProcessWorker);
  useAccount.setState({
    account: {
      state: 'demo',
      clientId: 'demo',
      label: 'Demo',
      timeZone: 'Australia/Sydney',
      defaultPhoneCountry: 'AU',
      canOpenDashboard: false,
      keychain: { available: true, description: 'test' },
    },
  });
}
