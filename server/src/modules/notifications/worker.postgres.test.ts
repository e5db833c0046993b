import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually, type TestApp } from '../../test/app.js';
import { type FakeGateway, outboxFixture } from '../../test/outbox.js';
import { enqueue } from './service.js';

const { fixture, appWith, gateway, placeOrder, once } = outboxFixture();

// Server processes on one PostgreSQL database elect one of them to deliver the outbox; the embedded database
// has one process, which always delivers.
describe('one outbox worker among the server processes', () => {
  const delivers = (t: TestApp) => t.logs.some((l) => l.msg === 'this process delivers the outbox');
  // It polls only after ten minutes: what it sends before that, it sent because it was woken.
  const idle = { outbox: { pollMs: 600_000, backoffBaseMs: 50, electionRetryMs: 50 } };

  it('lets one server deliver, woken by a write through another, and another take over when it closes', async () => {
    const first = await gateway();
    const second = await gateway();
    const leader = await appWith({ ...idle, notifications: { gatewayUrl: first.url } });
    const follower = await appWith({ ...idle, notifications: { gatewayUrl: second.url } });
    expect(delivers(leader)).toBe(true);
    expect(delivers(follower)).toBe(false);

    const { id } = await placeOrder(follower);
    const key = `order:${id}:created`;
    expect(await once(key, 'sent')).toMatchObject({ attempts: 1 });
    // Earlier tests left messages pending (a leader sends them too): only this test's are counted.
    const ours = (fake: FakeGateway) => fake.keys().filter((k) => k === key || k === 'test:takeover');
    expect(ours(first.fake)).toEqual([key]);
    expect(ours(second.fake)).toEqual([]);

    // Nobody wakes anyone for this one: the leader would only find it at its next poll.
    await fixture.database.db.transaction((tx) =>
      enqueue(tx, { eventKey: 'test:takeover', recipient: '081200000003', message: 'Uji' }),
    );
    await leader.app.close();
    expect(await once('test:takeover', 'sent')).toMatchObject({ attempts: 1 });
    expect(delivers(follower)).toBe(true);
    expect(ours(second.fake)).toEqual(['test:takeover']);
    expect(ours(first.fake)).toEqual([key]);
  });

  it('steps down when its connection is lost, and a leader is elected again', async () => {
    const { fake, url } = await gateway();
    const servers = [
      await appWith({ ...idle, notifications: { gatewayUrl: url } }),
      await appWith({ ...idle, notifications: { gatewayUrl: url } }),
    ];
    const [leader] = servers;
    if (!leader) throw new Error('no server');
    await fixture.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and granted and database = (
        select oid from pg_database where datname = current_database()
      )`);
    await eventually(async () =>
      leader.logs.some((l) => l.msg === 'this process no longer delivers the outbox') ? true : undefined,
    );

    const { id } = await placeOrder(servers[1] as TestApp);
    const key = `order:${id}:created`;
    expect(await once(key, 'sent')).toMatchObject({ attempts: 1 });
    expect(fake.keys().filter((k) => k === key)).toEqual([key]);
  });
});
