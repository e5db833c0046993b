import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseBackend } from '@portal/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Candidate, type ElectionOptions, electLeader, type Leadership, leadAlone } from './leader.js';
import { refuseNewerDatabase } from './migration-status.js';
import * as schema from './schema/index.js';

/** Both drivers are typed as the same Drizzle database: modules never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ChangeListener {
  /** Resolves once every change committed before the call has reached the listener. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export interface DatabaseHandle {
  db: Database;
  backend: DatabaseBackend;
  /**
   * Applies the committed migrations folder (the same one for both drivers); refuses a database that a newer
   * release migrated (`DatabaseTooNewError`), changing nothing.
   */
  migrate(): Promise<void>;
  /**
   * Calls `listener` with the table's name after every committed change of a table that announces its
   * changes (migration 0014), made by any process; with `*` after a lost connection, when changes may have
   * been missed.
   */
  onChange(listener: (table: string) => void): Promise<ChangeListener>;
  /**
   * Makes this process a candidate for `role`: of all processes on the database, one leads at a time
   * (see electLeader). The embedded database has one process (its folder is locked), which leads at once.
   */
  elect(role: string, candidate: Candidate, options: ElectionOptions): Promise<Leadership>;
  /** The embedded database's files as one tarball (PGlite only), to open a copy of it elsewhere. */
  dumpDataDir?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /** The connection pool's state now (PostgreSQL only), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * Where PostgreSQL lives: a server URL, an embedded data folder, or embedded in memory (tests), there
 * optionally starting from a copy of another embedded database (`PGlite.dumpDataDir`).
 */
/** Where the database is; `copyOf` starts an embedded one from a dump (`dumpDataDir`: a test template, a backup). */
export type DatabaseLocation =
  { databaseUrl: string } | { dataDir: string; copyOf?: Blob } | { inMemory: true; copyOf?: Blob };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Closing twice (a signal during shutdown, a test that closes early) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

export class DatabaseInUseError extends Error {}

/** An embedded database folder that cannot be opened as it is: said to a person, with what to do. */
export class DatabaseFolderError extends Error {}

/** PostgreSQL writes PG_VERSION first into every data folder: a folder without it holds no database. */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/** A folder that is there, with anything in it. */
export const holdsAnything = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** The channel of migration 0014's notifications (LISTEN below names it too): the payload is the table. */
const CHANGE_CHANNEL = 'portal_change';
const RECONNECT_MS = 1000;
const SYNC_PREFIX = 'sync:';
/** A lost notification must not hold an answer for long. */
const SYNC_TIMEOUT_MS = 1000;

/**
 * Listens on a connection of its own (LISTEN holds it). When the connection is lost (a restart of the
 * server) it connects again every second, then tells `*`: whatever changed meanwhile was not announced.
 * PostgreSQL delivers notifications in the order of the commits, so a notification of our own sent after
 * a commit arrives after that commit's: that is `sync`.
 */
async function listenForChanges(
  pool: pg.Pool,
  databaseUrl: string,
  listener: (table: string) => void,
): Promise<ChangeListener> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const waiting = new Map<string, () => void>();
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', ({ channel, payload }) => {
      if (channel !== CHANGE_CHANNEL || !payload) return;
      const synced = waiting.get(payload);
      if (synced) synced();
      else if (!payload.startsWith(SYNC_PREFIX)) listener(payload);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query('listen portal_change');
    client = next;
  };
  const reconnect = (lost: pg.Client) => {
    if (stopped || retry || (client && client !== lost)) return;
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => listener('*'),
        () => reconnect(lost),
      );
    }, RECONNECT_MS);
  };
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  /** One round: a notification of our own, sent now, and its arrival. */
  const round = async () => {
    const token = `${SYNC_PREFIX}${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
      waiting.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, token]);
      await arrived;
    } finally {
      waiting.delete(token);
    }
  };
  const start = () => {
    running = round().finally(() => {
      running = undefined;
    });
    return running;
  };
  await connect();
  return {
    sync() {
      // Without the listening connection nothing can be waited for (it tells `*` once it is back).
      if (!client) return Promise.resolve();
      // Writes that end while a round is out wait for the next one, which all of them share: its notification
      // is sent after every one of their commits.
      if (next) return next;
      if (!running) return start();
      next = running
        .catch(() => {})
        .then(() => {
          next = undefined;
          return start();
        });
      return next;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite opens a folder that another process already uses without complaint, and two writers
 * corrupt it: a lock file beside the folder keeps the CLI and a running server apart.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  const take = () => writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new DatabaseInUseError(
        `Basis data tertanam ${dataDir} sedang dipakai proses ${holder} (server masih berjalan?). Hentikan dulu.`,
      );
    }
    // Left behind by a process that died: take it over.
    rmSync(lockFile, { force: true });
    take();
  }
  return () => rmSync(lockFile, { force: true });
}

/** Distinct statements a connection keeps prepared at most; those after it are planned on each run. */
const PREPARED_PER_CONNECTION = 500;
/**
 * Text search, whose best plan depends on the term (a common one or a rare one): planned for each term,
 * never with a generic plan.
 */
const TERM_DEPENDENT = /\b(i?like|similar)\b|%/i;
/** Each statement's name, or null for one planned on each run; bounded, as texts built with lists vary. */
const statementNames = new Map<string, string | null>();
const MAX_STATEMENT_NAMES = 5000;
/** Longer texts (a bulk insert of an import) run once or a few times: not kept, not prepared. */
const MAX_PREPARED_LENGTH = 16_384;

function statementName(text: string): string | null {
  if (text.length > MAX_PREPARED_LENGTH) return null;
  let name = statementNames.get(text);
  if (name !== undefined) return name;
  name =
    text.includes('$1') && !TERM_DEPENDENT.test(text)
      ? createHash('sha256').update(text).digest('base64url').slice(0, 24)
      : null;
  if (statementNames.size < MAX_STATEMENT_NAMES) statementNames.set(text, name);
  return name;
}

/**
 * Prepares each statement with parameters once per connection, under a name derived from its text, so
 * that PostgreSQL parses it once and may plan it once (after five runs, when a generic plan costs no
 * more). Drizzle sends every query unnamed, and a booking's statements were parsed and planned anew on every
 * run, which cost the database about a third of its time per booking.
 */
function prepareStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const prepared = new Set<string>();
  Object.assign(client, {
    query(config: unknown, ...rest: unknown[]) {
      // Drizzle passes `{ text, types }` and the values apart; a config with values of its own is left alone.
      if (typeof config !== 'object' || config === null) return query(config, ...rest);
      const { text, name: given, values } = config as { text?: unknown; name?: unknown; values?: unknown };
      if (typeof text !== 'string' || given || values !== undefined) return query(config, ...rest);
      const name = statementName(text);
      if (name === null || (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION))
        return query(config, ...rest);
      prepared.add(name);
      return query({ ...config, name }, ...rest);
    },
  });
}

/**
 * Runs `migrate` while holding the database's migration lock: processes that start at once on a new database
 * (two hosts, a server beside the command line) take turns, and the later ones find the migrations applied.
 * Without it, both ran the first migration and one failed on a duplicate (`CREATE EXTENSION pg_trgm`).
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('portal migrations'))");
    await migrate();
  } finally {
    // Ending the session would release it too; a connection that failed leaves the pool.
    await lock.query("select pg_advisory_unlock(hashtext('portal migrations'))").then(
      () => lock.release(),
      (err: Error) => lock.release(err),
    );
  }
}

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('databaseUrl' in location) {
    const pool = new pg.Pool({
      connectionString: location.databaseUrl,
      max: 10,
      // A server that cannot be reached and does not refuse (a host gone, packets dropped) fails a request
      // after this long, as a 503, instead of holding it until the operating system gives up.
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection the server ended (a restart, a terminated session) leaves the pool, which connects
    // again for the next query; unheard, its error would end the process.
    pool.on('error', () => {});
    // So does a connection lost while a transaction holds it: the transaction's statement fails (a 503), and
    // the pool drops the connection when it comes back; the pool hears only its idle connections.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareStatements(client);
    });
    // Fail at start, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      backend: 'postgres',
      migrate: () =>
        migrateAlone(pool, async () => {
          await refuseNewerDatabase(db as unknown as Database);
          await migratePg(db, { migrationsFolder });
        }),
      onChange: (listener) => listenForChanges(pool, location.databaseUrl, listener),
      elect: (role, candidate, options) => electLeader(pool, location.databaseUrl, role, candidate, options),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: once(() => pool.end()),
    };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  const copyOf = 'copyOf' in location ? location.copyOf : undefined;
  if ('dataDir' in location) {
    dataDir = location.dataDir;
    // The lock first: a folder another process is creating is no empty folder.
    mkdirSync(path.dirname(dataDir), { recursive: true });
    unlock = lockDataDir(dataDir);
    // A missing folder is a new database. One that is there without a database is an emptied or half
    // restored one: PGlite would create a new database in it, and the server would seed the demo data and
    // answer healthy with no patients, hiding that the hospital's data is gone.
    if (existsSync(dataDir) && !holdsDatabase(dataDir)) {
      unlock();
      throw new DatabaseFolderError(
        `Folder basis data tertanam ${dataDir} ada tetapi tidak berisi basis data (kosong, atau pemulihan ` +
          `yang tidak selesai), jadi tidak dibuka. Pulihkan cadangan ke sana: npm run cli -- restore ` +
          `<berkas> --replace (lihat docs/operations.md, "Restoring"). Hanya bila memang ingin memulai ` +
          `basis data baru dengan data demo: hapus folder itu, lalu mulai lagi.`,
      );
    }
    mkdirSync(dataDir, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir: copyOf, extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    // PGlite's own message ("failed to initialize properly") names neither the folder nor a way out.
    if (dataDir && !copyOf) {
      throw new DatabaseFolderError(
        `Basis data tertanam di ${dataDir} tidak dapat dibuka (${(err as Error).message}): folder itu rusak. ` +
          `Pulihkan cadangan terakhir: npm run cli -- restore <berkas> --replace (yang rusak disimpan di ` +
          `sampingnya).`,
      );
    }
    throw err;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    backend: 'pglite',
    migrate: async () => {
      await refuseNewerDatabase(db as unknown as Database);
      await migratePglite(db, { migrationsFolder });
    },
    onChange: async (listener) => {
      const unlisten = await client.listen(CHANGE_CHANNEL, listener);
      return {
        // PGlite calls the listeners while it commits, before the query that commits returns.
        sync: async () => {},
        // A closed database listens no more, and cannot be asked to stop.
        stop: async () => {
          if (!client.closed) await unlisten();
        },
      };
    },
    elect: leadAlone,
    dumpDataDir: async (compression = 'none') => (await client.dumpDataDir(compression)) as Blob,
    close: once(async () => {
      await client.close();
      unlock();
    }),
  };
}
