import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadAlone } from '../../db/leader.js';
import { outbox } from '../../db/schema/index.js';
import { createTestApp, eventually } from '../../test/app.js';
import { createTestDatabase } from '../../test/db.js';
import { createStaffMember, loginAs } from '../../test/factories.js';
import { fast, outboxFixture, unusedPort } from '../../test/outbox.js';
import { claimDue, enqueue, enqueueBpjs } from './service.js';
import { backoffMs } from './worker.js';

const { fixture, appWith, gateway, placeOrder, messageOf, once, afterTest } = outboxFixture();

describe('outbox delivery to the WhatsApp gateway (database-backed, real HTTP)', () => {
  it('delivers a new order to the on-duty fixture.officer: JSON {to, message}, bearer token, idempotency key', async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url, gatewayToken: 'token-uji-123' } });
    const { id, code } = await placeOrder(t);
    const sent = await once(`order:${id}:created`, 'sent');
    expect(sent).toMatchObject({ attempts: 1, lastError: null, recipient: fixture.officer.phone });
    expect(sent.sentAt).toBeInstanceOf(Date);

    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer token-uji-123');
    expect(request?.headers['idempotency-key']).toBe(`order:${id}:created`);
    expect(request?.body).toEqual({ to: `62${fixture.officer.phone.slice(1)}`, message: sent.message });
    expect(request?.body.message).toContain(code);
    // The token never reaches the log.
    expect(JSON.stringify(t.logs)).not.toContain('token-uji-123');
  });

  it('keeps trying while the gateway is down, and delivers once when it is back', async () => {
    const port = await unusedPort();
    const t = await appWith({ notifications: { gatewayUrl: `http://127.0.0.1:${port}/send` } });
    const { id } = await placeOrder(t);
    const key = `order:${id}:created`;
    const failing = await eventually(async () => {
      const row = await messageOf(key);
      return row.attempts >= 2 ? row : undefined;
    });
    expect(failing.status).toBe('pending');
    expect(failing.lastError).toMatch(/Gateway tidak dapat dihubungi \(ECONNREFUSED\)/);

    const { fake } = await gateway(port);
    const sent = await once(key, 'sent');
    expect(sent.lastError).toBeNull();
    expect(fake.keys()).toEqual([key]);
  });

  it('retries after an error answer, with the same idempotency key, and records the message sent once', async () => {
    const { fake, url } = await gateway();
    fake.answer = (n) => ({ status: n <= 2 ? 503 : 200 });
    const t = await appWith({ notifications: { gatewayUrl: url } });
    const { id } = await placeOrder(t);
    const key = `order:${id}:created`;
    const sent = await once(key, 'sent');
    expect(sent.attempts).toBe(3);
    expect(fake.keys()).toEqual([key, key, key]);
    const warnings = t.logs.filter((l) => l.msg === 'notification attempt failed; will retry');
    expect(warnings.map((w) => w.error)).toEqual(['Gateway menjawab HTTP 503', 'Gateway menjawab HTTP 503']);
  });

  it('gives up on a slow answer after the timeout and delivers on the next attempt', async () => {
    const { fake, url } = await gateway();
    fake.answer = (n) => ({ status: 200, delayMs: n === 1 ? 3000 : 0 });
    const t = await appWith({ notifications: { gatewayUrl: url, timeoutMs: 500 } });
    const { id } = await placeOrder(t);
    const key = `order:${id}:created`;
    const sent = await once(key, 'sent');
    expect(sent.attempts).toBe(2);
    expect(fake.keys()).toEqual([key, key]);
    const warning = t.logs.find((l) => l.msg === 'notification attempt failed; will retry');
    expect(warning).toMatchObject({
      outboxId: sent.id,
      eventKey: key,
      error: 'Gateway tidak menjawab dalam 500 ms',
    });
    expect(t.logs.filter((l) => l.msg === 'notification sent' && l.eventKey === key)).toHaveLength(1);
  });

  it('marks a message failed after the last attempt, shows it to staff, and sends it on retry', async () => {
    const { fake, url } = await gateway();
    fake.answer = () => ({ status: 503 });
    const t = await appWith({ notifications: { gatewayUrl: url, maxAttempts: 3 } });
    const { id } = await placeOrder(t);
    const key = `order:${id}:created`;
    const failed = await once(key, 'failed');
    expect(failed).toMatchObject({ attempts: 3, lastError: 'Gateway menjawab HTTP 503: {"detail":"uji"}' });
    expect(fake.received).toHaveLength(3);

    const staff = await loginAs(t.app, fixture.officer);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/desk/outbox?status=failed',
      headers: staff.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toContainEqual({
      id: failed.id,
      channel: 'whatsapp',
      recipient: fixture.officer.phone,
      message: failed.message,
      status: 'failed',
      attempts: 3,
      lastError: 'Gateway menjawab HTTP 503: {"detail":"uji"}',
      reply: null,
      nextAttemptAt: null,
      createdAt: failed.createdAt.toISOString(),
      sentAt: null,
    });

    fake.answer = () => ({ status: 200 });
    const retry = (as = staff) =>
      t.app.inject({ method: 'POST', url: `/api/desk/outbox/${failed.id}/retry`, headers: as.headers });
    expect((await retry()).statusCode).toBe(204);
    const sent = await once(key, 'sent');
    expect(sent.attempts).toBe(1);
    expect(fake.received).toHaveLength(4);

    const again = await retry();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NOT_FAILED');
    const ordersOnly = await loginAs(
      t.app,
      await createStaffMember(fixture.database.db, { roles: ['orders'] }),
    );
    expect((await retry(ordersOnly)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/desk/outbox' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/desk/outbox/999999/retry', headers: staff.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('loses nothing across a restart: messages written while the gateway was down go out from the next server', async () => {
    const port = await unusedPort();
    const url = `http://127.0.0.1:${port}/send`;
    const first = await createTestApp({
      database: fixture.database,
      ...fast,
      notifications: { gatewayUrl: url },
    });
    const { id } = await placeOrder(first);
    const key = `order:${id}:created`;
    await eventually(async () => ((await messageOf(key)).attempts >= 1 ? true : undefined));
    await first.app.close();
    expect((await messageOf(key)).status).toBe('pending');

    const { fake } = await gateway(port);
    await appWith({ notifications: { gatewayUrl: url } });
    await once(key, 'sent');
    expect(fake.keys()).toEqual([key]);
  });

  it('lets two servers share the outbox without sending any message twice', async () => {
    const { fake, url } = await gateway();
    fake.answer = () => ({ status: 200, delayMs: 5 });
    const keys = Array.from({ length: 30 }, (_, i) => `test:shared:${i}`);
    await fixture.database.db.transaction(async (tx) => {
      for (const eventKey of keys) await enqueue(tx, { eventKey, recipient: '081200000001', message: 'Uji' });
    });
    const servers = await Promise.all([
      appWith({ notifications: { gatewayUrl: url } }),
      appWith({ notifications: { gatewayUrl: url } }),
    ]);
    for (const s of servers) s.app.outboxWorker.wake();
    await eventually(async () => {
      const rows = await fixture.database.db
        .select()
        .from(outbox)
        .where(like(outbox.eventKey, 'test:shared:%'));
      return rows.every((r) => r.status === 'sent') ? true : undefined;
    });
    expect(
      fake
        .keys()
        .filter((k) => k.startsWith('test:shared:'))
        .sort(),
    ).toEqual([...keys].sort());
  });

  it('sends each message once when two servers deliver at once and the gateway is slower than a claim lasts', async () => {
    const { fake, url } = await gateway();
    fake.answer = () => ({ status: 200, delayMs: 500 });
    const keys = Array.from({ length: 10 }, (_, i) => `test:slow:${i}`);
    await fixture.database.db.transaction(async (tx) => {
      for (const eventKey of keys) await enqueue(tx, { eventKey, recipient: '081200000004', message: 'Uji' });
    });
    // Both deliver: the election that lets one of them lead is bypassed, the claims must hold on their own.
    // A claim lasts 4 s (timeout + margin); one recipient's ten messages take 5 s, one after the other.
    // The timeout is well above the gateway's 0.5 s: a send that times out after the gateway took it is
    // sent again (at least once), which a loaded 2-core machine made of a 1 s timeout.
    const bothLead = {
      database: { ...fixture.database, elect: leadAlone },
      notifications: { gatewayUrl: url, timeoutMs: 3000 },
      outbox: { ...fast.outbox, leaseMarginMs: 1000 },
    };
    const servers = await Promise.all([appWith(bothLead), appWith(bothLead)]);
    for (const s of servers) s.app.outboxWorker.wake();
    await eventually(
      async () => {
        const rows = await fixture.database.db
          .select()
          .from(outbox)
          .where(like(outbox.eventKey, 'test:slow:%'));
        return rows.every((r) => r.status === 'sent') ? true : undefined;
      },
      { timeoutMs: 20_000, what: 'ten slow messages sent' },
    );
    expect(
      fake
        .keys()
        .filter((k) => k.startsWith('test:slow:'))
        .sort(),
    ).toEqual([...keys].sort());
  });

  it('enqueues each event once, however often it is written', async () => {
    await fixture.database.db.transaction(async (tx) => {
      await enqueue(tx, { eventKey: 'test:twice', recipient: '081200000002', message: 'Pertama' });
      await enqueue(tx, { eventKey: 'test:twice', recipient: '081200000002', message: 'Kedua' });
    });
    const rows = await fixture.database.db.select().from(outbox).where(eq(outbox.eventKey, 'test:twice'));
    expect(rows.map((r) => r.message)).toEqual(['Pertama']);
  });

  it('refuses to retry a message that has nobody to go to', async () => {
    await fixture.database.db.transaction((tx) =>
      enqueue(tx, {
        eventKey: 'test:nobody',
        recipient: null,
        message: 'Uji',
        noRecipient: 'Tidak ada petugas.',
      }),
    );
    const row = await messageOf('test:nobody');
    expect(row).toMatchObject({ status: 'failed', lastError: 'Tidak ada petugas.', attempts: 0 });
    const t = await appWith({});
    const staff = await loginAs(t.app, fixture.officer);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/desk/outbox/${row.id}/retry`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NO_RECIPIENT');
  });
});

describe('after an outage', () => {
  it('shows what is stuck and since when, and sends every failed message of a channel again at one click', async () => {
    const { fake, url } = await gateway();
    fake.answer = () => ({ status: 503 });
    const t = await appWith({ notifications: { gatewayUrl: url, maxAttempts: 1 } });
    const keys = [`order:${(await placeOrder(t)).id}:created`, `order:${(await placeOrder(t)).id}:created`];
    const failed = await Promise.all(keys.map((key) => once(key, 'failed')));
    await fixture.database.db.transaction((tx) =>
      enqueue(tx, { eventKey: 'test:outage-nobody', recipient: null, message: 'Uji' }),
    );
    const staff = await loginAs(t.app, fixture.officer);

    const backlog = await t.app.inject({
      method: 'GET',
      url: '/api/desk/outbox/backlog',
      headers: staff.headers,
    });
    expect(backlog.statusCode).toBe(200);
    const whatsapp = backlog.json().find((c: { channel: string }) => c.channel === 'whatsapp');
    expect(whatsapp.stuck).toBeGreaterThanOrEqual(3);
    // The gateway is configured (it is down); BPJS is not, so its reports wait for it.
    expect(backlog.json().map((c: { configured: boolean }) => c.configured)).toEqual([true, false]);
    expect(Date.parse(whatsapp.oldestStuckAt)).toBeLessThanOrEqual(
      Math.min(...failed.map((m) => m.createdAt.getTime())),
    );

    fake.answer = () => ({ status: 200 });
    const retryAll = (channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/desk/outbox/retry-failed',
        headers: staff.headers,
        payload: { channel },
      });
    const res = await retryAll('whatsapp');
    expect(res.statusCode).toBe(200);
    expect(res.json().retried).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect((await once(key, 'sent')).attempts).toBe(1);
    // Nobody to send it to: it stays failed, for staff to see.
    expect((await messageOf('test:outage-nobody')).status).toBe('failed');
    expect((await retryAll('whatsapp')).json()).toEqual({ retried: 0 });
    expect((await retryAll('sms')).statusCode).toBe(400);
    const ordersOnly = await loginAs(
      t.app,
      await createStaffMember(fixture.database.db, { roles: ['orders'] }),
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/desk/outbox/retry-failed',
          headers: ordersOnly.headers,
          payload: { channel: 'bpjs' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('a claim that ended while its sender stalled', () => {
  it('fences the sender out: it cannot renew, and its failure neither releases nor fails the new claim', async () => {
    const fresh = await createTestDatabase();
    afterTest(() => fresh.close());
    await fresh.db.transaction((tx) =>
      enqueue(tx, { eventKey: 'test:fenced', recipient: '081200000005', message: 'Uji' }),
    );
    const stale = await claimDue(fresh.db, 'whatsapp', 10, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const current = await claimDue(fresh.db, 'whatsapp', 10, 60_000);
    const [message] = current.messages;
    if (!message) throw new Error('the ended claim was not taken over');
    expect(stale.messages.map((m) => m.id)).toEqual([message.id]);

    expect(await stale.keep(message.id)).toBe(false);
    await stale.failed(message.id, 'Gateway tidak menjawab dalam 1 ms', null);
    const [row] = await fresh.db.select().from(outbox).where(eq(outbox.id, message.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: null });
    expect((await claimDue(fresh.db, 'whatsapp', 10, 60_000)).messages).toEqual([]);

    expect(await current.keep(message.id)).toBe(true);
    await current.sent(message.id, null);
    const [sent] = await fresh.db.select().from(outbox).where(eq(outbox.id, message.id));
    expect(sent).toMatchObject({ status: 'sent', lockedUntil: null });
  });
});

describe('without a gateway', () => {
  it('keeps messages pending and logs each once, by id and event key only', async () => {
    const t = await appWith({});
    expect(t.logs.some((l) => String(l.msg).startsWith('no WhatsApp gateway configured'))).toBe(true);
    const { id } = await placeOrder(t);
    const key = `order:${id}:created`;
    const logged = await eventually(async () => t.logs.find((l) => l.eventKey === key));
    expect(logged).toMatchObject({ msg: 'notification kept: no WhatsApp gateway', level: 30 });
    const row = await messageOf(key);
    expect(logged.outboxId).toBe(row.id);

    // Later passes do not log it again, send it, or count attempts.
    await t.app.outboxWorker.stop();
    expect(t.logs.filter((l) => l.eventKey === key)).toHaveLength(1);
    expect(await messageOf(key)).toMatchObject({ status: 'pending', attempts: 0 });
    const outboxLines = JSON.stringify(t.logs.filter((l) => l.module === 'outbox'));
    expect(outboxLines).not.toContain('081244556677');
    expect(outboxLines).not.toContain(row.message);
  });
});

describe('without BPJS configured', () => {
  it('keeps reports to Antrean RS and Aplicares waiting, each saying which settings it waits for', async () => {
    await fixture.database.db.transaction(async (tx) => {
      await enqueueBpjs(tx, {
        eventKey: 'bpjs:UJI1-UJI1:add',
        stream: 'bpjs:UJI1-UJI1',
        message: 'Antrean uji',
        request: { method: 'POST', path: 'antrean/add', body: {} },
      });
      await enqueueBpjs(tx, {
        eventKey: 'aplicares:ruang:UJI:update:1',
        stream: 'aplicares:ruang:UJI',
        message: 'Aplicares uji',
        request: { service: 'aplicares', method: 'POST', path: 'rest/bed/update/0701R001', body: {} },
      });
    });
    await appWith({});
    const aplicares = await eventually(async () => {
      const row = await messageOf('aplicares:ruang:UJI:update:1');
      return row.lastError ? row : undefined;
    });
    expect(aplicares).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError:
        'Aplicares belum dikonfigurasi: laporan menunggu sampai BPJS_APLICARES_URL, kuncinya dan BPJS_PPK_CODE diisi.',
    });
    expect(await messageOf('bpjs:UJI1-UJI1:add')).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: 'BPJS belum dikonfigurasi: laporan menunggu sampai BPJS_ANTREAN_URL dan kuncinya diisi.',
    });
  });
});

describe('backoffMs', () => {
  it('doubles from the base and stops at 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 5000, 900_000))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(backoffMs(8, 5000, 900_000)).toBe(640_000);
    expect(backoffMs(9, 5000, 900_000)).toBe(900_000);
    expect(backoffMs(30, 5000, 900_000)).toBe(900_000);
  });
});

describe('outbox order', () => {
  it('lists newest first and filters by status', async () => {
    const t = await appWith({});
    const staff = await loginAs(t.app, fixture.officer);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/desk/outbox?pageSize=100',
      headers: staff.headers,
    });
    const ids = res.json().items.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = await fixture.database.db.select({ id: outbox.id }).from(outbox).orderBy(asc(outbox.id));
    expect(res.json().total).toBe(all.length);
  });
});
