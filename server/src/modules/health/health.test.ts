import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestMigration } from '../../db/migration-status.js';
import { createTestApp, errorOf, type TestApp } from '../../test/app.js';
import { testBackend } from '../../test/db.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('GET /api/health (database-backed)', () => {
  it("reports ok, which database serves the portal and the hospital's time zone", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testBackend, timeZone: 'Asia/Jakarta' });
  });

  it('reports 503 in the envelope when the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: 'Basis data tidak dapat dihubungi. Coba lagi sebentar lagi.',
      },
    });
  });
});

describe('GET /api/health/ready (database-backed)', () => {
  let ready: TestApp;
  beforeAll(async () => {
    ready = await createTestApp();
  });
  afterAll(() => ready.app.close());

  const notReady = async (app: TestApp['app']) => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const error = errorOf(res);
    expect(error.code).toBe('NOT_READY');
    return error;
  };

  it('is ready when the database answers, is migrated and the outbox worker runs', async () => {
    const res = await ready.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: testBackend,
      checks: { database: 'ok', migrations: 'ok', outbox: 'ok' },
      leadsOutbox: true,
    });
  });

  it('is not ready when the leading outbox worker has not moved for longer than a send may take', () => {
    expect(ready.app.outboxWorker.health()).toEqual({ alive: true, leading: true });
    expect(ready.app.outboxWorker.health(Date.now() + 10 * 60_000)).toEqual({ alive: false, leading: true });
  });

  it('names each check that fails: the migrations when the newest is missing, the outbox when stopped', async () => {
    const t = await createTestApp();
    try {
      await t.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const missing = await notReady(t.app);
      expect(Object.keys(missing.fields ?? {})).toEqual(['migrations']);
      expect(missing.fields?.migrations).toContain(newestMigration().tag);
      // Liveness does not care.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await t.app.outboxWorker.stop();
      const both = await notReady(t.app);
      expect(both.fields).toEqual({
        migrations: missing.fields?.migrations,
        outbox: 'Pengirim pesan (outbox) tidak berjalan.',
      });
      expect(both.message).toBe(`Server belum siap. ${both.fields?.migrations} ${both.fields?.outbox}`);
    } finally {
      await t.app.close();
    }
  });

  it('names the database when it is gone', async () => {
    await ready.database.close();
    const error = await notReady(ready.app);
    expect(error.fields).toEqual({ database: 'Basis data tidak dapat dihubungi.' });
  });
});
