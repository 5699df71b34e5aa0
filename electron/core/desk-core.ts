import type { Database } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DeskHandlers, EventPayload } from '../../shared/bridge/contract';
import { isSafeExternalUrl } from '../../shared/bridge/external-url';
import { UserFacingError } from '../../shared/bridge/result';
import { createAccountManager, type DemoService } from './account/account-manager';
import { startDemoService } from './account/demo-service';
import { createAccountHandlers } from './account/handlers';
import { createSignInWithToken } from './account/sign-in';
import { DeskDatabaseError } from './db/errors';
import { moveAsideDamagedDatabase, openDeskDatabase } from './db/open-database';
import { createDeskEvents, type DeskEvents } from './events';
import { createGuestHandlers } from './guests/handlers';
import { createOutbox, type Outbox } from './outbox/outbox';
import { createOutboxHandlers, unavailableOutbox } from './outbox-handlers';
import { createReservationHandlers } from './reservations/handlers';
import { openKeychain, type KeychainAvailability } from './secrets/keytar-store';
import type { DeskServices } from './services';
import { createSqliteSettingsStore } from './settings/settings-store';

/** What the desk core needs from the process hosting it (Electron or the browser-mode host). */
export interface DeskCoreOptions {
  mode: 'electron' | 'browser';
  version: string;
  dataDir: string;
  /** Hands a vetted https link to the system browser; the browser-mode host cannot, and says so. */
  openExternal?: (url: string) => Promise<boolean>;
  /** The keychain; opened through keytar when not given (tests pass a memory store). */
  keychain?: KeychainAvailability;
  fetch?: typeof fetch;
  /** Starts the demo service; by default the sandbox from the data directory. */
  startDemoService?: () => Promise<DemoService>;
}

/** The running desk core: the handlers both transports register, its events, and shutdown. */
export interface DeskCore {
  handlers: DeskHandlers;
  events: DeskEvents;
  close(): Promise<void>;
}

/** Builds the desk core for one data directory; all state lives under it. */
export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  mkdirSync(options.dataDir, { recursive: true });
  const events = createDeskEvents((error) => console.error('[desk] event listener failed:', error));
  const keychain = options.keychain ?? (await openKeychain());

  const databaseFile = join(options.dataDir, 'desk.sqlite');
  let db: Database | null = null;
  let databaseProblem: string | undefined;
  try {
    db = openDeskDatabase(databaseFile);
  } catch (error) {
    if (!(error instanceof DeskDatabaseError)) throw error;
    databaseProblem = `${error.message} ${error.whatToDo}`;
  }

  const status = (): EventPayload<'statusChanged'> => ({
    account: { state: account.view().state, label: account.view().label },
    online: db ? outbox.summary().online : false,
    ...(databaseProblem ? { problem: databaseProblem } : {}),
  });
  const emitStatus = () => events.emit('statusChanged', status());

  const settings = db ? createSqliteSettingsStore(db) : { get: () => undefined, set: () => {}, delete: () => {} };
  const account = createAccountManager({
    settings,
    keychain,
    fetch: options.fetch,
    startDemoService: options.startDemoService ?? (() => startDemoService(options.dataDir)),
    signInWithToken: createSignInWithToken(options.fetch),
    onChange: (view) => {
      events.emit('accountChanged', view);
      if (db) outbox.accountChanged();
      emitStatus();
    },
  });

  const outbox: Outbox = db
    ? createOutbox({
        db,
        account: () => {
          const current = account.settings();
          return current ? { clientId: current.clientId, client: account.requireClient(), phoneCountry: current.defaultPhoneCountry } : null;
        },
        onListenerError: (error) => console.error('[desk] outbox listener failed:', error),
      })
    : unavailableOutbox(databaseProblem!);

  if (db) {
    outbox.subscribe(({ summary, changed }) => {
      events.emit('outboxChanged', { summary, changed });
      emitStatus();
    });
  }

  const services: DeskServices = {
    events,
    account: () => account.settings(),
    requireClient: () => account.requireClient(),
    enqueue: async (kind, payload, enqueueOptions) => outbox.enqueue(kind, payload, enqueueOptions),
  };

  const handlers: DeskHandlers = {
    getAppInfo: () => ({ name: 'Venue Desk', version: options.version, mode: options.mode }),
    getStatus: () => status(),
    networkOnline: () => {
      if (db) outbox.notifyOnline();
      return {};
    },
    moveAsideDamagedDatabase: () => {
      if (!databaseProblem) throw new UserFacingError('The desk database is fine; there is nothing to move aside.');
      return { movedTo: moveAsideDamagedDatabase(databaseFile) };
    },
    openExternal: async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false, reason: 'Only https links (or the demo service on this computer) can be opened.' };
      if (!options.openExternal) return { opened: false, reason: 'browser-mode' };
      return { opened: await options.openExternal(url) };
    },
    ...createAccountHandlers({
      account,
      events,
      localData: {
        unsentCount: () => {
          const { counts } = outbox.summary();
          return counts.queued + counts.sending + counts.waiting + counts.needs_attention;
        },
        clear: async () => {
          for (const item of outbox.list({ states: ['queued', 'waiting', 'needs_attention'], limit: 1_000_000 })) outbox.discard(item.id);
        },
      },
    }),
    ...createOutboxHandlers(() => outbox),
    ...createGuestHandlers(services),
    ...createReservationHandlers(services, { pendingEntries: () => outbox.list({ states: ['queued', 'sending', 'waiting', 'needs_attention'], limit: 1_000_000 }) }),
  };

  await account.restore();
  if (db) outbox.start();

  return {
    handlers,
    events,
    close: async () => {
      if (db) await outbox.stop();
      await account.close();
      db?.close();
    },
  };
}
