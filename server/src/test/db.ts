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

/** The migrated, empty embedded database of the global setup (none on a PostgreSQL run): to copy from. */
export function embeddedTemplate(): Blob | undefined {
  const templateFile = inject('pgliteTemplate');
  if (templateFile) pgliteTemplate ??= new Blob([readFileSync(templateFile)]);
  return pgliteTemplate;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Both start as a copy
 * of the migrated template that the global setup made once, which is several times faster than
 * creating and migrating each one.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = embeddedTemplate();
    const handle = await openDatabase({ inMemory: true, copyOf: template });
    if (!template) await handle.migrate();
    return handle;
  }

  const { url, drop: dropDatabase } = await createPostgresDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: url });
  if (!inject('postgresTemplate')) await handle.migrate();
  let dropped: Promise<void> | undefined;
  const drop = async () => {
    await handle.close();
    await dropDatabase();
  };
  return {
    ...handle,
    close: () => {
      dropped ??= drop();
      return dropped;
    },
  };
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, a copy of the migrated template when the global
 * setup made one (else empty): its URL, for a server process of its own, and `drop` for afterwards.
 */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
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
  const drop = async () => {
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
  return { url: url.toString(), drop };
}

export const testBackend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
