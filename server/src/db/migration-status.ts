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
 * Whether the database has every migration this build carries: Drizzle's migrator applies those generated
 * after the newest it recorded (`drizzle.__drizzle_migrations.created_at`), so they are all applied when
 * that is not older than the newest in the folder. A database migrated by a newer build passes too.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    const [row] = await rowsOf<{ applied: string | number | null }>(
      db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`),
    );
    return (
      row?.applied !== undefined && row.applied !== null && Number(row.applied) >= newestMigration().when
    );
  } catch (err) {
    // A database never migrated has no migrations table (undefined_table, or its schema: invalid_schema_name).
    const code = sqlState(err);
    if (code === '42P01' || code === '3F000') return false;
    throw err;
  }
}
