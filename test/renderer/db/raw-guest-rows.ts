// The guests' table read and written past Dexie (no reading hook, no middleware, no logs): rows as IndexedDB
// itself holds them, and rows as an earlier desk stored them.
import type { GuestDatabase } from '../../../renderer/db/guest-db';

/** The guests' rows as IndexedDB itself holds them. */
export function storedGuestRows(db: GuestDatabase): Promise<Array<{ key: string }>> {
  return new Promise((resolve, reject) => {
    const read = db.backendDB().transaction('guests').objectStore('guests').getAll();
    read.onsuccess = () => resolve(read.result as Array<{ key: string }>);
    read.onerror = () => reject(read.error);
  });
}

/** Puts rows past Dexie (and so past the logs), as an earlier desk stored them. */
export function putGuestRowsPastDexie(db: GuestDatabase, rows: object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.backendDB().transaction('guests', 'readwrite');
    for (const row of rows) tx.objectStore('guests').put(row);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}
