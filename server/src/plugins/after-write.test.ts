import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxWorker } from '../modules/notifications/worker.js';
import { afterWritePlugin } from './after-write.js';

async function appWith(events: string[]) {
  const app = Fastify();
  app.decorate('outboxWorker', { wake: () => events.push('woken') } as unknown as OutboxWorker);
  await app.register(afterWritePlugin);
  let version = 0;
  const feed = app.liveFeed('counter', async () => version);
  feed.subscribe({ send: (doc) => events.push(`published ${doc}`), end: () => events.push('ended') });
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.on('finish', () => events.push(`answered ${reply.statusCode}`));
  });
  const config = { wakesOutbox: true, changesFeeds: ['counter'] };
  app.post('/write', { config }, async () => {
    version += 1;
    return { version };
  });
  app.post('/refused', { config }, async (_request, reply) => reply.status(409).send({ refused: true }));
  return app;
}

describe('effects declared on a route', () => {
  it('follow a success only, before it is answered', async () => {
    // The feed's recheck (an interval started on subscribing) must not publish on its own.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const events: string[] = [];
    const app = await appWith(events);
    vi.useRealTimers();
    expect((await app.inject({ method: 'POST', url: '/refused' })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
    await app.close();
    expect(events).toEqual(['answered 409', 'woken', 'published 1', 'answered 200', 'ended']);
  });

  it('refuse to start when a route names a feed nobody started', async () => {
    const app = Fastify();
    await app.register(afterWritePlugin);
    app.post('/write', { config: { changesFeeds: ['bedz'] } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/nobody started: bedz/);
  });
});
