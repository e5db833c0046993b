import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import type { DatabaseHandle } from './client.js';
import { isDatabaseUnreachable } from './errors.js';
import { rowsOf } from './rows.js';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

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
