import { readFileSync } from 'node:fs';
import type { SystemStatus } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDrills, backups, outbox, sessions } from '../../db/schema/index.js';
import type { BpjsLink } from '../bpjs/client.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import { testBackend } from '../../test/db.js';
import { loginAsNew, type StaffLogin } from '../../test/factories.js';
import { readBuildInfo } from './service.js';

// Database-backed: what an admin reads on the system screen, and who may read it.

let t: TestApp;
let admin: StaffLogin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(() => t.app.close());

const system = (app: TestApp['app'], as: StaffLogin, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/system', headers: { ...as.headers, ...headers } });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/system (database-backed)', () => {
  it('is refused to anonymous callers (401) and to staff who are not admins (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/system' });
    expect(anonymous.statusCode).toBe(401);
    const piket = await loginAsNew(t, { roles: ['piket', 'cs', 'records'] });
    const refused = await system(t.app, piket);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
  });

  it('names the version, Node.js, the database and its size, the process and the workers', async () => {
    const status = ok<SystemStatus>(await system(t.app, admin));
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(status.version).toBe(pkg.version);
    expect(status.node).toBe(process.version);
    expect(status.database.kind).toBe(testBackend);
    expect(status.database.sizeBytes).toBeGreaterThan(1024 * 1024);
    expect(status.workers).toBe(1);
    expect(Date.parse(status.startedAt)).toBeLessThanOrEqual(Date.parse(status.checkedAt));
    expect(status.uptimeSeconds).toBeCloseTo(
      (Date.parse(status.checkedAt) - Date.parse(status.startedAt)) / 1000,
      -1,
    );
  });

  it("shows each channel's backlog: what waits and since when, what failed, the last delivery", async () => {
    const lastSentAt = minutesAgo(300);
    await t.database.db.insert(outbox).values([
      { eventKey: 'uji:tertua', recipient: '081234567890', message: 'Uji', createdAt: minutesAgo(90) },
      { eventKey: 'uji:baru', recipient: '081234567891', message: 'Uji', createdAt: minutesAgo(5) },
      { eventKey: 'uji:gagal', recipient: '081234567892', message: 'Uji', status: 'failed' },
      {
        eventKey: 'uji:terkirim',
        recipient: '081234567893',
        message: 'Uji',
        status: 'sent',
        createdAt: minutesAgo(301),
        sentAt: lastSentAt,
      },
    ]);

    const status = ok<SystemStatus>(await system(t.app, admin));
    const [whatsapp, bpjs] = status.outbox;
    // The test app has neither a gateway nor BPJS: both channels' messages wait for them.
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', pending: 2, failed: 1, configured: false });
    expect(whatsapp?.lastSentAt).toBe(lastSentAt.toISOString());
    const waiting = Date.parse(status.checkedAt) - Date.parse(whatsapp?.oldestPendingAt ?? '');
    expect(waiting / 60_000).toBeCloseTo(90, 0);
    expect(bpjs).toEqual({
      channel: 'bpjs',
      pending: 0,
      failed: 0,
      oldestPendingAt: null,
      stuck: 0,
      oldestStuckAt: null,
      lastSentAt: null,
      configured: false,
    });
  });

  it('shows the newest finished backup and when a restore drill of it last passed', async () => {
    expect(ok<SystemStatus>(await system(t.app, admin)).backup).toBeNull();
    const made = (hoursAgo: number, file: string) => ({
      kind: 'embedded' as const,
      file,
      sizeBytes: 5_400_000,
      tableCounts: { staff: 3 },
      startedAt: minutesAgo(hoursAgo * 60 + 1),
      finishedAt: minutesAgo(hoursAgo * 60),
    });
    const [, newest] = await t.database.db
      .insert(backups)
      .values([made(30, '/var/backups/portal/lama.tar.gz'), made(2, '/var/backups/portal/baru.tar.gz')])
      .returning();
    const drilledAt = minutesAgo(60);
    await t.database.db.insert(backupDrills).values({
      backupId: newest?.id,
      file: '/var/backups/portal/baru.tar.gz',
      ok: true,
      differences: {},
      startedAt: minutesAgo(61),
      finishedAt: drilledAt,
    });

    expect(ok<SystemStatus>(await system(t.app, admin)).backup).toEqual({
      finishedAt: newest?.finishedAt.toISOString(),
      file: '/var/backups/portal/baru.tar.gz',
      sizeBytes: 5_400_000,
      kind: 'embedded',
      drilledAt: drilledAt.toISOString(),
    });
  });

  it('counts the live staff sessions, not the idle or logged-out ones', async () => {
    const before = ok<SystemStatus>(await system(t.app, admin)).staffSessions;
    const idle = await loginAsNew(t, { roles: ['ward'] });
    const gone = await loginAsNew(t, { roles: ['ward'] });
    await loginAsNew(t, { roles: ['ward'] });
    expect(ok<SystemStatus>(await system(t.app, admin)).staffSessions).toBe(before + 3);

    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(sessions.staffId, idle.member.id));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: gone.headers });
    expect(ok<SystemStatus>(await system(t.app, admin)).staffSessions).toBe(before + 1);
  });
});

describe('the configuration warnings (database-backed)', () => {
  const codes = (status: SystemStatus) => status.warnings.map((warning) => warning.code);
  const embedded = testBackend === 'pglite' ? ['EMBEDDED_DATABASE'] : [];

  it('name what is not configured, each with a sentence in Bahasa Indonesia', async () => {
    const status = ok<SystemStatus>(await system(t.app, admin));
    // The test app answers at https://rs.example.id without COOKIE_SECURE, with no gateway, no BPJS and no
    // token for the metrics.
    expect(codes(status)).toEqual([
      'BPJS_ANTREAN_OFF',
      'APLICARES_OFF',
      'WHATSAPP_GATEWAY_OFF',
      'COOKIE_SECURE_OFF',
      ...embedded,
      'METRICS_TOKEN_UNSET',
    ]);
    expect(status.warnings[2]?.message).toBe(
      'Gateway WhatsApp belum dikonfigurasi (WHATSAPP_GATEWAY_URL): pesan ke pasien menunggu di outbox.',
    );
  });

  it('warn of a proxy whose X-Forwarded-For is not trusted', async () => {
    const status = ok<SystemStatus>(await system(t.app, admin, { 'x-forwarded-for': '203.0.113.7' }));
    expect(codes(status)).toContain('TRUST_PROXY_OFF');
  });

  describe('on a server configured for production', () => {
    const link: BpjsLink = {
      baseUrl: 'http://127.0.0.1:9/bpjs',
      consId: 'uji',
      secretKey: 'rahasia',
      userKey: 'kunci',
      timeoutMs: 1000,
    };
    let configured: TestApp;
    let configuredAdmin: StaffLogin;
    beforeAll(async () => {
      // A database of its own: nothing waits in its outbox for the gateway that is not there.
      configured = await createTestApp({
        cookieSecure: true,
        trustProxy: true,
        notifications: { gatewayUrl: 'http://127.0.0.1:9/send' },
        bpjs: { antrean: link, aplicares: link, ppkCode: '0123R001' },
        metricsToken: 'token-prometheus-uji-0123',
      });
      configuredAdmin = await loginAsNew(configured, { roles: ['admin'] });
    });
    afterAll(() => configured.app.close());

    it('warn of nothing but the embedded database', async () => {
      const status = ok<SystemStatus>(
        await system(configured.app, configuredAdmin, {
          'x-forwarded-for': '203.0.113.7',
          'x-forwarded-proto': 'https',
        }),
      );
      expect(codes(status)).toEqual(embedded);
    });

    it('warn of COOKIE_SECURE off when a trusted proxy says the request came over HTTPS', async () => {
      // The same database behind a proxy that speaks plain HTTP on the hospital's network.
      const lax = await createTestApp({
        trustProxy: true,
        database: configured.database,
        registration: { publicUrl: 'http://portal.rs.lan' },
      });
      try {
        const overHttps = ok<SystemStatus>(
          await system(lax.app, configuredAdmin, { 'x-forwarded-proto': 'https' }),
        );
        expect(codes(overHttps)).toContain('COOKIE_SECURE_OFF');
        const overHttp = ok<SystemStatus>(await system(lax.app, configuredAdmin));
        expect(codes(overHttp)).not.toContain('COOKIE_SECURE_OFF');
      } finally {
        await lax.app.close();
      }
    });
  });
});

describe('readBuildInfo', () => {
  it('takes the commit the deployment gives, else asks git, else has none', () => {
    expect(readBuildInfo('0a1b2c3')).toMatchObject({ commit: '0a1b2c3' });
    const { commit } = readBuildInfo(undefined);
    expect(commit === null || /^[0-9a-f]{40}$/.test(commit), String(commit)).toBe(true);
  });
});
