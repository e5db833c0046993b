import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Database, openDatabase } from './client.js';
import * as schema from './schema/index.js';

// Backups of the embedded database: its folder as one gzipped tarball (PGlite's own dump), made and
// restored by a process that holds the folder's lock, so that no server writes meanwhile. A running server
// holds the lock: the command then says to stop it (DatabaseInUseError). PostgreSQL has pg_dump (README).

export class BackupError extends Error {}

/** The rows of every table of the portal, by table name: what a backup holds, and a restore must find. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const counts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [getTableName(table), row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts.sort(([a], [b]) => a.localeCompare(b)));
}

/** Writes the embedded database in `dataDir` to `file` (written aside, then renamed: never half a file). */
export async function backupEmbedded(dataDir: string, file: string): Promise<Record<string, number>> {
  if (!existsSync(dataDir)) throw new BackupError(`Belum ada basis data tertanam di ${dataDir}.`);
  const database = await openDatabase({ dataDir });
  try {
    const counts = await tableCounts(database.db);
    const dump = await database.dumpDataDir?.('gzip');
    if (!dump) throw new BackupError('Basis data ini tidak dapat dicadangkan dengan perintah ini.');
    const partial = `${file}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return counts;
  } finally {
    await database.close();
  }
}

export interface Restored {
  counts: Record<string, number>;
  /** Where the database that was replaced was moved to. */
  previous?: string;
}

/**
 * Restores a backup into `dataDir`, which must not exist unless `replace`: the database there is then
 * moved aside (`<dataDir>.sebelum-pemulihan-<time>`), never deleted. A backup older than the portal is
 * migrated at once.
 */
export async function restoreEmbedded(
  file: string,
  dataDir: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<Restored> {
  if (!existsSync(file)) throw new BackupError(`Berkas cadangan ${file} tidak ada.`);
  let previous: string | undefined;
  if (existsSync(dataDir)) {
    if (!replace) {
      throw new BackupError(
        `Sudah ada basis data di ${dataDir}. Pakai --replace untuk menggantinya (yang lama disimpan di sampingnya).`,
      );
    }
    // Opening it takes its lock: a running server refuses, and nothing is moved.
    await (await openDatabase({ dataDir })).close();
    previous = `${dataDir}.sebelum-pemulihan-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}`;
    renameSync(dataDir, previous);
  }
  const database = await openDatabase({ dataDir, copyOf: new Blob([readFileSync(file)]) });
  try {
    await database.migrate();
    return { counts: await tableCounts(database.db), ...(previous ? { previous } : {}) };
  } finally {
    await database.close();
  }
}
