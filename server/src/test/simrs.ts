import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openSimrs, type SimrsClient } from '../simrs/client.js';
import { createSimrsSchema, loadSimrs, type SimrsLoadReport } from '../simrs/load.js';
import { entry, serverDir } from './process.js';

/** The small legacy export committed beside the importer (60 patients, with its expected.json). */
export const smallSampleFolder = fileURLToPath(new URL('../db/legacy/sample/', import.meta.url));

export interface TestSimrs {
  /** mysql://… of the new database, for a client or a server process of its own. */
  url: string;
  database: string;
  client: SimrsClient;
  /** What loading the sample reported, when it was loaded. */
  loaded?: SimrsLoadReport;
  /** Closes the client and drops the database. */
  drop(): Promise<void>;
}

/** The MariaDB server of the tests: TEST_MARIADB_URL (e.g. mysql://root@127.0.0.1:3306/test). */
function serverUrl(): string {
  const url = process.env.TEST_MARIADB_URL;
  if (!url) throw new Error('TEST_MARIADB_URL is not set: name the tests *.mariadb.test.ts');
  return url;
}

/**
 * A SIMRS of its own for one test file: a new database `simrs_<random>` on TEST_MARIADB_URL with the
 * tables of schema.sql, and with the small sample's rows when `sample` is set (or another folder's).
 */
export async function createTestSimrs({ sample }: { sample?: boolean | string } = {}): Promise<TestSimrs> {
  const server = serverUrl();
  const database = `simrs_${randomBytes(6).toString('hex')}`;
  const admin = openSimrs(server, { connectionLimit: 1 });
  try {
    await admin.run('CREATE DATABASE ??', [database]);
  } finally {
    await admin.close();
  }
  const url = new URL(server);
  url.pathname = `/${database}`;
  const client = openSimrs(url.toString());
  let dropped: Promise<void> | undefined;
  const drop = () => {
    dropped ??= (async () => {
      await client.close();
      const again = openSimrs(server, { connectionLimit: 1 });
      try {
        await again.run('DROP DATABASE IF EXISTS ??', [database]);
      } finally {
        await again.close();
      }
    })();
    return dropped;
  };
  try {
    if (sample) {
      const loaded = await loadSimrs(client, sample === true ? smallSampleFolder : sample);
      return { url: url.toString(), database, client, loaded, drop };
    }
    await createSimrsSchema(client);
    return { url: url.toString(), database, client, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

/** `npm run cli -- simrs load …` as the operator runs it (SIMRS_DATABASE_URL unset unless `env` sets it). */
export const simrsCli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  spawnSync(...entry('cli', ['simrs', 'load', ...args]), {
    cwd: serverDir,
    env: { ...process.env, SIMRS_DATABASE_URL: '', npm_lifecycle_event: 'cli', ...env },
    encoding: 'utf8',
  });
