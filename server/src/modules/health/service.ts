import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { databaseUnavailable } from '../../errors.js';

/** Proves the database answers; a health check that cannot reach it must say so. */
export async function pingDatabase(db: Database): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    throw databaseUnavailable();
  }
}
