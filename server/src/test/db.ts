import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ inMemory: true });
    await handle.migrate();
    return handle;
  }

  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // Identifiers cannot be bound as parameters; the name is ours and escaped anyway.
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  let dropped: Promise<void> | undefined;
  const drop = async () => {
    await handle.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    // pool.end() resolves before its sockets close; dropping under them would kill connections that
    // no longer have an error listener. Wait for them to go, then drop.
    for (let i = 0; i < 100; i++) {
      const { rows } = await dropper.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await dropper.query(`drop database if exists ${dropper.escapeIdentifier(name)} with (force)`);
    await dropper.end();
  };
  return {
    ...handle,
    close: () => {
      dropped ??= drop();
      return dropped;
    },
  };
}

export const testBackend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
