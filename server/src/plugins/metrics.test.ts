import { sql } from 'drizzle-orm';
import { backups } from '../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStreams } from '../lib/metrics.js';
import { StreamSlots } from '../lib/read-model.js';
import { createTestApp, errorOf, eventually, type TestApp } from '../test/app.js';
import { testBackend } from '../test/db.js';
import { createPatient, createSchedule, webBooking } from '../test/factories.js';
import { sample } from '../test/metrics.js';
import { FakeGateway } from '../test/outbox.js';

const TOKEN = 'rahasia-prometheus-0123456789';

describe('/metrics with METRICS_TOKEN (database-backed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      metricsToken: TOKEN,
      extend: (app) =>
        app.get('/api/test-fails/:id', async () => {
          throw new Error('uji');
        }),
    });
  });
  afterAll(() => t.app.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('refuses a scrape without the token, with a wrong one, or another scheme, as an unknown page', async () => {
    const unknown = await t.app.inject({ url: '/tidak-ada.txt' });
    for (const authorization of [undefined, 'Bearer salah-salah-salah-salah', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(404);
      expect(errorOf(res)).toEqual(errorOf(unknown));
      expect(res.body).not.toContain('portal_');
    }
  });

  it('answers the token, also through the proxy, in the Prometheus text format', async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
      remoteAddress: '10.0.0.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE portal_http_requests_total counter');
    expect(res.body).toContain('# TYPE portal_http_request_duration_seconds histogram');
    // prom-client's default process metrics.
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(res.body, 'portal_database_up')).toBe(1);
    // The pool of PostgreSQL; the embedded database has none.
    const idle = sample(res.body, 'portal_database_pool_connections', { state: 'idle' });
    if (testBackend === 'postgres') expect(idle).toBeGreaterThanOrEqual(0);
    else expect(idle).toBeUndefined();
  });

  it('counts answers by route pattern, method and status, never by the raw URL', async () => {
    const labels = { method: 'GET', route: '/api/registrations/:code', status: '404' };
    const before = sample(await scrape(), 'portal_http_requests_total', labels) ?? 0;
    const res = await t.app.inject({ url: '/api/registrations/ABCD-EFGH' });
    expect(res.statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, 'portal_http_requests_total', labels)).toBe(before + 1);
    const histogram = { method: 'GET', route: '/api/registrations/:code', status_class: '4xx' };
    expect(sample(text, 'portal_http_request_duration_seconds_count', histogram)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'portal_http_request_duration_seconds_bucket', { ...histogram, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('ABCD-EFGH');
  });

  it('counts paths no route knows under one label', async () => {
    const labels = { method: 'GET', route: 'unmatched', status: '404' };
    const before = sample(await scrape(), 'portal_http_requests_total', labels) ?? 0;
    expect((await t.app.inject({ url: '/api/tidak-ada/12345' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/tidak-ada/67890' })).statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, 'portal_http_requests_total', labels)).toBe(before + 2);
    expect(text).not.toContain('tidak-ada');
  });

  it('counts server errors (5xx) by their route', async () => {
    const labels = { method: 'GET', route: '/api/test-fails/:id', status: '500' };
    const before = sample(await scrape(), 'portal_http_requests_total', labels) ?? 0;
    expect((await t.app.inject({ url: '/api/test-fails/7' })).statusCode).toBe(500);
    expect((await t.app.inject({ url: '/api/test-fails/8' })).statusCode).toBe(500);
    const text = await scrape();
    expect(sample(text, 'portal_http_requests_total', labels)).toBe(before + 2);
    expect(
      sample(text, 'portal_http_request_duration_seconds_count', {
        route: '/api/test-fails/:id',
        status_class: '5xx',
      }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts a booking by channel and payer, and shows its WhatsApp confirmation waiting in the outbox', async () => {
    const schedule = await createSchedule(t.app.db);
    const patient = await createPatient(t.app.db);
    const before = await scrape();
    const booking = { channel: 'WEB', payer: 'UMUM' };
    const whatsapp = { channel: 'whatsapp' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: webBooking(schedule, patient),
    });
    expect(res.statusCode, res.body).toBe(201);
    // The message was written a moment ago: it waits for a gateway (none is configured).
    await t.app.db.execute(
      sql`update outbox set created_at = now() - interval '5 minutes' where status = 'pending'`,
    );
    const after = await scrape();
    expect(sample(after, 'portal_bookings_total', booking)).toBe(
      (sample(before, 'portal_bookings_total', booking) ?? 0) + 1,
    );
    expect(sample(after, 'portal_outbox_pending', whatsapp)).toBe(
      (sample(before, 'portal_outbox_pending', whatsapp) ?? 0) + 1,
    );
    expect(sample(after, 'portal_outbox_oldest_pending_age_seconds', whatsapp)).toBeGreaterThanOrEqual(300);
    expect(sample(after, 'portal_outbox_failed', whatsapp)).toBe(
      sample(before, 'portal_outbox_failed', whatsapp),
    );
    expect(sample(after, 'portal_outbox_stuck', whatsapp)).toBe(0);

    // An attempt failed: the message is stuck, and its age shows how long.
    await t.app.db.execute(
      sql`update outbox set last_error = 'Gateway menjawab HTTP 503' where status = 'pending'`,
    );
    const stuck = await scrape();
    expect(sample(stuck, 'portal_outbox_stuck', whatsapp)).toBeGreaterThanOrEqual(1);
    expect(sample(stuck, 'portal_outbox_oldest_stuck_age_seconds', whatsapp)).toBeGreaterThanOrEqual(300);
  });

  it('tells when the last good backup finished', async () => {
    expect(sample(await scrape(), 'portal_backup_last_success_timestamp_seconds')).toBe(0);
    const finishedAt = new Date('2026-03-01T19:00:05.000Z');
    await t.app.db.insert(backups).values({
      kind: testBackend === 'postgres' ? 'postgres' : 'embedded',
      file: '/var/backups/portal/uji.tar.gz',
      sizeBytes: 1024,
      tableCounts: {},
      startedAt: new Date(finishedAt.getTime() - 5000),
      finishedAt,
    });
    expect(sample(await scrape(), 'portal_backup_last_success_timestamp_seconds')).toBe(
      finishedAt.getTime() / 1000,
    );
  });

  it('counts the live event streams open now', async () => {
    const slots = new StreamSlots({ perAddress: 5, total: 10 });
    const before = (await openStreams.get()).values[0]?.value ?? 0;
    const release = slots.take('192.0.2.1');
    expect(sample(await scrape(), 'portal_event_streams_open')).toBe(before + 1);
    release();
    release();
    expect(sample(await scrape(), 'portal_event_streams_open')).toBe(before);
  });

  it('says when the database does not answer, and counts the requests it failed', async () => {
    const failed = (text: string) =>
      (sample(text, 'portal_database_errors_total', { kind: 'unreachable' }) ?? 0) +
      (sample(text, 'portal_database_errors_total', { kind: 'query' }) ?? 0);
    const before = failed(await scrape());
    await t.database.close();
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/api/registrations/ABCD-EFGH' })).statusCode).toBeGreaterThanOrEqual(
      500,
    );
    const text = await scrape();
    expect(sample(text, 'portal_database_up')).toBe(0);
    expect(sample(text, 'portal_outbox_pending', { channel: 'whatsapp' })).toBeUndefined();
    expect(failed(text)).toBe(before + 2);
  });
});

describe('/metrics without METRICS_TOKEN (database-backed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(() => t.app.close());

  it('answers a direct request from this host', async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('portal_http_requests_total');
    const v6 = await t.app.inject({ url: '/metrics', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });

  it('refuses a request through the proxy (loopback with X-Forwarded-For) and one from elsewhere', async () => {
    for (const [remoteAddress, headers] of [
      ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { 'x-real-ip': '203.0.113.7' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.7' }],
      ['10.0.0.9', {}],
      ['203.0.113.7', { authorization: `Bearer ${TOKEN}` }],
    ] as const) {
      const res = await t.app.inject({ url: '/metrics', remoteAddress, headers });
      expect(res.statusCode, `${remoteAddress} ${JSON.stringify(headers)}`).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
  });

  it('is not in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(Object.keys(res.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });
});

describe('the outbox delivery metrics (database-backed)', () => {
  const gateway = new FakeGateway();
  let t: TestApp;
  beforeAll(async () => {
    const url = await gateway.listen();
    t = await createTestApp({
      notifications: { gatewayUrl: url, timeoutMs: 2000 },
      outbox: { pollMs: 20, backoffBaseMs: 20 },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await gateway.close();
  });

  it('counts a failed attempt and a delivery, and tells when the channel last delivered', async () => {
    const scrape = async () => (await t.app.inject({ url: '/metrics' })).body;
    const whatsapp = { channel: 'whatsapp' };
    const before = await scrape();
    expect(sample(before, 'portal_outbox_last_success_timestamp_seconds', whatsapp)).toBeUndefined();
    gateway.answer = (n) => ({ status: n === 1 ? 503 : 200 });
    const schedule = await createSchedule(t.app.db);
    const patient = await createPatient(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: webBooking(schedule, patient),
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await eventually(
      async () => {
        const text = await scrape();
        // Recorded as sent, and nothing left: the confirmation may still be unwritten just after the 201.
        const delivered =
          sample(text, 'portal_outbox_last_success_timestamp_seconds', whatsapp) !== undefined &&
          sample(text, 'portal_outbox_pending', whatsapp) === 0;
        return delivered ? text : undefined;
      },
      { what: 'the confirmation delivered' },
    );
    expect(sample(after, 'portal_outbox_delivery_failures_total', whatsapp)).toBe(
      (sample(before, 'portal_outbox_delivery_failures_total', whatsapp) ?? 0) + 1,
    );
    expect(sample(after, 'portal_outbox_deliveries_total', whatsapp)).toBe(
      (sample(before, 'portal_outbox_deliveries_total', whatsapp) ?? 0) + 1,
    );
    const lastSuccess = sample(after, 'portal_outbox_last_success_timestamp_seconds', whatsapp) ?? 0;
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(60);
    expect(sample(after, 'portal_outbox_leader')).toBe(1);
  });
});
