import type { Database } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { formatServiceDateTime } from '../../shared/rules/datetime';
import { join } from 'node:path';
import type { DeskHandlers, EventPayload } from '../../shared/bridge/contract';
import { createAccountManager, type AccountManager, type DemoService } from './account/account-manager';
import { startDemoService } from './account/demo-service';
import { createDashboard } from './account/dashboard';
import { createAccountHandlers } from './account/handlers';
import { createCampaignDesk } from './campaigns/desk';
import { createSignInWithToken } from './account/sign-in';
import { createAppHandlers, type PrintWindow } from './app/handlers';
import { keychainServiceFor } from './data-dir';
import { DeskDatabaseError } from './db/errors';
import { openDeskDatabase } from './db/open-database';
import { createDeskEvents, type DeskEvents } from './events';
import { acquireDeskLock, type DeskLock } from './lock/desk-lock';
import { createGuestHandlers } from './guests/handlers';
import { createImportService, unavailableImports, type ImportService } from './import/import-service';
import { coalesceChanges } from './outbox/events';
import { createOutbox, type Outbox } from './outbox/outbox';
import type { OutboxSummary } from './outbox/types';
import { createOutboxHandlers, unavailableOutbox } from './outbox/handlers';
import { createReservationHandlers } from './reservations/handlers';
import { openKeychain, type KeychainAvailability } from './secrets/keytar-store';
import type { DeskServices } from './services';
import { createSqliteSettingsStore } from './settings/settings-store';

/** What the desk core needs from the process hosting it (Electron or the browser-mode host). */
export interface DeskCoreOptions {
  mode: 'electron' | 'browser';
  version: string;
  dataDir: string;
  /** Hands a link the core has vetted to the system browser; the browser-mode host cannot, and says so. */
  openExternal?: (url: string) => Promise<boolean>;
  /** Prints the window or saves it as a PDF (the Electron shell); absent in browser mode, where the page prints itself. */
  print?: PrintWindow;
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
  /** Records the browser-mode address in the data folder's lock, for a second start to print. */
  publishAddress(url: string): void;
  /** The web dashboard's sign-in link, for the browser-mode host's /dashboard redirect (never for the bridge). */
  dashboardLink(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the desk core for one data directory; all state lives under it. Takes the folder's lock before
 * anything else: throws DeskAlreadyRunningError when another desk has this folder.
 */
export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  mkdirSync(options.dataDir, { recursive: true });
  const lock = await acquireDeskLock(options.dataDir, { mode: options.mode });
  try {
    return await openDeskCore(options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The desk database, or why it cannot be opened (the desk then offers only what needs no database). */
function openDatabase(dataDir: string): { db: Database | null; databaseFile: string; databaseProblem?: string } {
  const databaseFile = join(dataDir, 'desk.sqlite');
  try {
    return { db: openDeskDatabase(databaseFile), databaseFile };
  } catch (error) {
    if (!(error instanceof DeskDatabaseError)) throw error;
    return { db: null, databaseFile, databaseProblem: `${error.message} ${error.whatToDo}` };
  }
}

/** The outbox of the desk database (or one that says why it cannot be used), for the connected account. */
function createDeskOutbox(db: Database | null, databaseProblem: string | undefined, account: AccountManager): Outbox {
  if (!db) return unavailableOutbox(databaseProblem!);
  return createOutbox({
    db,
    account: () => {
      const current = account.settings();
      return current
        ? {
            clientId: current.clientId,
            client: account.requireClient(),
            phoneCountry: current.defaultPhoneCountry,
            timeZone: current.timeZone,
          }
        : null;
    },
    onListenerError: (error) => console.error('[desk] outbox listener failed:', error),
  });
}

/** The desk core on a data folder whose lock is held. */
async function openDeskCore(options: DeskCoreOptions, lock: DeskLock): Promise<DeskCore> {
  const events = createDeskEvents((error) => console.error('[desk] event listener failed:', error));
  const keychain = options.keychain ?? (await openKeychain(keychainServiceFor(options.dataDir)));
  const { db, databaseFile, databaseProblem } = openDatabase(options.dataDir);

  /** The desk's status; `online` from the summary given (an outbox notice's), else read. */
  const status = (summary = db ? outbox.summary() : undefined): EventPayload<'statusChanged'> => ({
    account: { state: account.view().state, label: account.view().label },
    online: summary?.online ?? false,
    ...(databaseProblem ? { problem: databaseProblem } : {}),
    ...(db && outbox.writeProblem() ? { writeProblem: outbox.writeProblem()! } : {}),
  });
  // Sent only when it says something new: an import's delivery makes thousands of outbox notices, most changing no part of it.
  const sendStatus = whenChanged((next: EventPayload<'statusChanged'>) => events.emit('statusChanged', next));
  const emitStatus = (summary?: OutboxSummary) => sendStatus(status(summary));

  const settings = db ? createSqliteSettingsStore(db) : { get: () => undefined, set: () => {}, delete: () => {} };
  const account = createAccountManager({
    settings,
    keychain,
    fetch: options.fetch,
    startDemoService: options.startDemoService ?? (() => startDemoService(options.dataDir)),
    signInWithToken: createSignInWithToken(options.fetch),
    unsent: {
      count: (exceptAccount) => (db ? outbox.unsentCount(exceptAccount) : 0),
      discard: async (exceptAccount) => (db ? outbox.discardUnsent(exceptAccount) : 0),
    },
    onChange: (view) => {
      events.emit('accountChanged', view);
      if (db) outbox.accountChanged();
      emitStatus();
    },
  });
  const outbox = createDeskOutbox(db, databaseProblem, account);
  // An import's delivery changes hundreds of entries a second: the bridge hears them gathered, each entry once.
  const outboxNotices = coalesceChanges(({ summary, changed, removed }) =>
    events.emit('outboxChanged', { summary, changed, removed }),
  );
  if (db) {
    outbox.subscribe((change) => {
      outboxNotices.take(change);
      emitStatus(change.summary);
    });
  }
  const dashboard = createDashboard({ account, openExternal: options.openExternal });
  const imports = db ? createDeskImports(db, outbox, account, events) : null;
  const handlers = deskHandlers({
    options,
    db,
    databaseFile,
    databaseProblem,
    events,
    account,
    outbox,
    imports,
    dashboard,
    status,
  });

  await account.restore();
  if (db) outbox.start();
  return {
    handlers,
    events,
    publishAddress: (url) => lock.publishAddress(url),
    dashboardLink: () => dashboard.link(),
    close: async () => {
      try {
        imports?.close();
        if (db) await outbox.stop();
        outboxNotices.flush();
        await account.close();
        db?.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** Calls `send` with each value unlike the one before it (compared as JSON); a repeat is dropped. */
function whenChanged<T>(send: (value: T) => void): (value: T) => void {
  let last = '';
  return (value) => {
    const said = JSON.stringify(value);
    if (said === last) return;
    last = said;
    send(value);
  };
}

/** The import service over the desk's database: rows queued into the outbox, progress as importChanged events. */
function createDeskImports(db: Database, outbox: Outbox, account: AccountManager, events: DeskEvents): ImportService {
  return createImportService({
    db,
    outbox,
    clientId: () => account.settings()?.clientId ?? null,
    emit: (view) => events.emit('importChanged', view),
    pullTouchedSince: (since) =>
      account.requireClient().pullDb({
        client_id: account.settings()?.clientId ?? '',
        touched_from: formatServiceDateTime(new Date(since), account.settings()?.timeZone ?? 'UTC'),
      }),
  });
}

/** Every channel's handler, each feature's from its own folder. */
function deskHandlers(parts: {
  options: DeskCoreOptions;
  db: Database | null;
  databaseFile: string;
  databaseProblem: string | undefined;
  events: DeskEvents;
  account: AccountManager;
  outbox: Outbox;
  imports: ImportService | null;
  dashboard: ReturnType<typeof createDashboard>;
  status: () => EventPayload<'statusChanged'>;
}): DeskHandlers {
  const { options, db, databaseProblem, events, account, outbox, imports } = parts;
  const services: DeskServices = {
    events,
    account: () => account.settings(),
    requireClient: () => account.requireClient(),
    enqueue: async (kind, payload, enqueueOptions) => outbox.enqueue(kind, payload, enqueueOptions),
  };
  return {
    ...createAppHandlers({
      mode: options.mode,
      version: options.version,
      status: parts.status,
      ...(db ? { networkOnline: () => outbox.notifyOnline() } : {}),
      databaseProblem,
      databaseFile: parts.databaseFile,
      mayOpenLink: (url) => account.mayOpenLink(url),
      openExternal: options.openExternal,
      ...(options.print ? { print: options.print } : {}),
    }),
    ...createAccountHandlers({
      account,
      events,
      dashboard: parts.dashboard,
      localData: {
        // Unsent entries were discarded by the disconnect itself; what is left is the record of sent ones.
        clear: async () => {
          if (db) outbox.forgetFinished();
        },
      },
    }),
    ...createOutboxHandlers(() => outbox),
    ...createGuestHandlers(services),
    ...createReservationHandlers(services, {
      pendingEntries: () =>
        outbox.list({ states: ['queued', 'sending', 'waiting', 'needs_attention'], limit: 1_000_000 }),
    }),
    ...(imports ? imports.handlers : unavailableImports(databaseProblem!)),
    ...createCampaignDesk(services, db ? { db, outbox } : null, databaseProblem),
  };
}
