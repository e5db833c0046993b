import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/app.js';
import { createTestDatabase } from '../test/db.js';
import { type DatabaseHandle, openDatabase } from './client.js';
import { isDatabaseUnreachable } from './errors.js';
import { rowsOf } from './rows.js';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

// Two hosts, or a server and the command line, may start at once on a database that is still empty.
describe('migrating a new database', () => {
  it('lets processes that migrate at once take turns: both start, and each migration is applied once', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `portal_test_migrate_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const processes = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url.toString() })));
    try {
      await Promise.all(processes.map((p) => p.migrate()));
      const journal = JSON.parse(
        readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const applied = await rowsOf<{ n: number }>(
        processes[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied).toEqual([{ n: journal.entries.length }]);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});

// PostgreSQL ends every session when it restarts: a transaction under way loses its connection between
// two of its statements.
describe('a connection lost in the middle of a transaction', () => {
  it('fails that transaction as unreachable, leaves the process running and the pool serving', async () => {
    const outcome = await h.db
      .transaction(async (tx) => {
        const [me] = await rowsOf<{ pid: number }>(tx.execute(sql`select pg_backend_pid() as pid`));
        await h.db.execute(sql`select pg_terminate_backend(${me?.pid})`);
        // The connection's end arrives while no statement of the transaction runs.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (err: unknown) => err,
      );
    expect(isDatabaseUnreachable(outcome)).toBe(true);
    await expect(rowsOf(h.db.execute(sql`select 1 as one`))).resolves.toEqual([{ one: 1 }]);
  });
});

// After a write the server waits for the database's notification of it (`sync`), so that its read models
// are fresh before the answer goes out. A morning rush writes hundreds of times a second.
describe('waiting for the change notifications of writes', () => {
  it('answers each write only after its own change has arrived, in far fewer rounds than writes', async () => {
    const heard = new Set<string>();
    const changes = await h.onChange((table) => heard.add(table));
    // Each round is a notification of the server's own (`sync:…`): a second listener counts them.
    const { connectionString } = (h.db as unknown as { $client: pg.Pool }).$client.options;
    const watcher = new pg.Client({ connectionString });
    const rounds: string[] = [];
    try {
      await watcher.connect();
      watcher.on('notification', ({ payload }) => {
        if (payload?.startsWith('sync:')) rounds.push(payload);
      });
      await watcher.query('listen portal_change');
      const missed: string[] = [];
      await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          // A committed change of a table, as the tables' triggers announce it.
          await h.db.execute(sql`select pg_notify('portal_change', ${`table${i}`})`);
          await changes.sync();
          if (!heard.has(`table${i}`)) missed.push(`table${i}`);
        }),
      );
      expect(missed).toEqual([]);
      await eventually(async () => (rounds.length > 0 ? rounds : undefined), {
        what: "the rounds' notifications",
      });
      expect(rounds.length).toBeLessThan(30);
    } finally {
      await watcher.end();
      await changes.stop();
    }
  });
});
