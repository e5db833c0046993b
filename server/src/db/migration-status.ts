import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { sqlState } from './errors.js';
import { rowsOf } from './rows.js';

interface JournalEntry {
  tag: string;
  /** When the migration was generated: Drizzle's migrator records it as the migration's `created_at`. */
  when: number;
}

const journalFile = new URL('./migrations/meta/_journal.json', import.meta.url);
let newest: JournalEntry | undefined;

/** The newest migration this build carries (the journal of the migrations folder, read once). */
export function newestMigration(): JournalEntry {
  newest ??= (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] }).entries.at(-1);
  if (!newest) throw new Error('the migrations journal lists no migration');
  return newest;
}

/**
 * When the newest migration the database has applied was generated (`drizzle.__drizzle_migrations.created_at`),
 * or null for a database never migrated.
 */
async function newestApplied(db: Database): Promise<number | null> {
  try {
    const [row] = await rowsOf<{ applied: string | number | null }>(
      db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`),
    );
    return row?.applied === undefined || row.applied === null ? null : Number(row.applied);
  } catch (err) {
    // A database never migrated has no migrations table (undefined_table, or its schema: invalid_schema_name).
    const code = sqlState(err);
    if (code === '42P01' || code === '3F000') return null;
    throw err;
  }
}

/**
 * Whether the database has every migration this build carries: Drizzle's migrator applies those generated
 * after the newest it recorded, so they are all applied when that is not older than the newest in the
 * folder. A database migrated by a newer build passes too (this process started before it was).
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const applied = await newestApplied(db);
  return applied !== null && applied >= newestMigration().when;
}

/** A database that a newer release of the portal has migrated: this one may not run on it. */
export class DatabaseTooNewError extends Error {}

/**
 * Refuses a database with a migration newer than this build's newest (an older release started after an
 * upgrade): its code would write rows without the newer columns' rules, or fail on them, one request at a
 * time. Drizzle's migrator would apply nothing and let it start.
 */
export async function refuseNewerDatabase(db: Database): Promise<void> {
  const applied = await newestApplied(db);
  const own = newestMigration();
  if (applied === null || applied <= own.when) return;
  const day = (when: number) => new Date(when).toISOString().slice(0, 10);
  throw new DatabaseTooNewError(
    `Basis data ini sudah dimutakhirkan oleh versi portal yang lebih baru (migrasi ${day(applied)}; ` +
      `versi ini hanya sampai ${own.tag}, ${day(own.when)}), jadi tidak dibuka. Jalankan versi yang lebih ` +
      `baru, atau pulihkan cadangan yang dibuat sebelum pemutakhiran (docs/operations.md, "Rolling back").`,
  );
}
