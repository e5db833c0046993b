import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { ensureBuilt } from './ensure-built.js';
import { startClearOfMidnight } from './midnight.js';

/** The longest a run of the server's suites takes, with room: the fault suites, 6 minutes, 9 on a slow day. */
const LONGEST_RUN_MS = 20 * 60_000;

/**
 * Migrates one empty database before the test files run, which then copy it (createTestDatabase):
 * an embedded one dumped to a file, or a template database on the TEST_DATABASE_URL server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await startClearOfMidnight(LONGEST_RUN_MS);
  ensureBuilt();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ inMemory: true });
    await handle.migrate();
    if (!handle.dumpDataDir) throw new Error('an embedded database can be dumped');
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-template-'));
    const file = path.join(folder, 'pglite.tar');
    writeFileSync(file, Buffer.from(await (await handle.dumpDataDir()).arrayBuffer()));
    await handle.close();
    project.provide('pgliteTemplate', file);
    return async () => rmSync(folder, { recursive: true, force: true });
  }

  const name = `portal_test_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  await handle.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin.end();
  };
}
