import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../test/app.js';
import { unusedPort } from '../test/outbox.js';

// What a caller gets while PostgreSQL cannot be reached: real driver errors, from a pool pointed at a port
// where nothing listens and at one where something takes the connection and never answers.

let t: TestApp;
let silent: Server;
const held = new Set<Socket>();
const pools: pg.Pool[] = [];

const poolAt = (port: number) => {
  const pool = new pg.Pool({
    connectionString: `postgres://portal@127.0.0.1:${port}/portal`,
    connectionTimeoutMillis: 300,
  });
  pools.push(pool);
  return drizzle({ client: pool });
};

beforeAll(async () => {
  silent = createServer((socket) => held.add(socket)).listen(0, '127.0.0.1');
  await new Promise((resolve) => silent.once('listening', resolve));
  const refused = poolAt(await unusedPort());
  const unanswered = poolAt((silent.address() as { port: number }).port);
  const nowhere = await unusedPort();
  t = await createTestApp({
    extend(app) {
      app.get('/api/test/refused', async () => refused.execute(sql`select 1`));
      app.get('/api/test/refused-transaction', async () =>
        refused.transaction(async (tx) => tx.execute(sql`select 1`)),
      );
      app.get('/api/test/unanswered', async () => unanswered.execute(sql`select 1`));
      // Another service refusing is no database fault.
      app.get('/api/test/other-service', async () => fetch(`http://127.0.0.1:${nowhere}/`));
    },
  });
});
afterAll(async () => {
  await t.app.close();
  await Promise.all(pools.map((pool) => pool.end()));
  for (const socket of held) socket.destroy();
  silent.close();
});

describe('a database that cannot be reached', () => {
  it.each(['refused', 'refused-transaction', 'unanswered'])(
    'is a 503 in the envelope with Retry-After (%s)',
    async (path) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/test/${path}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(errorOf(res)).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: 'Basis data tidak dapat dihubungi. Coba lagi sebentar lagi.',
      });
      expect(t.logs.some((l) => l.msg === 'database unreachable')).toBe(true);
    },
  );

  it('is told apart from another service that cannot be reached, which stays a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/other-service' });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res).code).toBe('INTERNAL_ERROR');
  });
});
