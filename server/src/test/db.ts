import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty embedded database (see global-setup.ts). */
    pgliteTemplate?: string;
    /** A migrated, empty database on the TEST_DATABASE_URL server to create test databases from. */
    postgresTemplate?: string;
  }
}

let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Both start as a copy
 * of the migrated template that the global setup made once, which is several times faster than
 * creating and migrating each one.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const templateFile = inject('pgliteTemplate');
    if (templateFile) pgliteTemplate ??= new Blob([readFileSync(templateFile)]);
    const handle = await openDatabase({ inMemory: true, copyOf: pgliteTemplate });
    if (!pgliteTemplate) await handle.migrate();
    return handle;
  }

  const template = inject('postgresTemplate');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // Identifiers cannot be bound as parameters; the names are ours and escaped anyway.
  const from = template ? ` template ${admin.escapeIdentifier(template)}` : '';
  await admin.query(`create database ${admin.escapeIdentifier(name)}${from}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  if (!template) await handle.migrate();
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
