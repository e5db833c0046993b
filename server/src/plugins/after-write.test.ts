import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../modules/notifications/worker.js';
import { eventually } from '../test/app.js';
import { afterWritePlugin } from './after-write.js';

/**
 * A server with a read model `counter` built from the table `counters`; `announce` plays the database's
 * notifications, which a write of `/write` sets off as the triggers of migration 0014 do.
 */
async function appWith(events: string[]) {
  const app = Fastify();
  app.decorate('outboxWorker', { wake: () => events.push('woken') } as unknown as OutboxWorker);
  let announce: (table: string) => void = () => {};
  await app.register(afterWritePlugin, {
    streams: { perAddress: 10, total: 1000 },
    changes: async (listener) => {
      announce = listener;
      return {
        sync: async () => {
          events.push('synced');
        },
        stop: async () => {
          announce = () => {};
        },
      };
    },
  });
  const state = { version: 0, builds: 0 };
  const model = app.readModel(
    'counter',
    async () => {
      state.builds += 1;
      return { version: state.version };
    },
    { tables: ['counters'] },
  );
  model.subscribe({ send: (json) => events.push(`published ${json}`), end: () => events.push('ended') });
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.on('finish', () => events.push(`answered ${reply.statusCode}`));
  });
  const config = { wakesOutbox: true };
  app.post('/write', { config }, async () => {
    state.version += 1;
    announce('counters');
    return { version: state.version };
  });
  app.post('/refused', { config }, async (_request, reply) => reply.status(409).send({ refused: true }));
  app.get('/counter', (request, reply) => model.reply(request, reply));
  await app.ready();
  return { app, state, model, announce: (table: string) => announce(table) };
}

describe('after a write', () => {
  it('a success waits for its change notifications and wakes the outbox before it is answered; a read or a refusal does neither', async () => {
    const events: string[] = [];
    const { app } = await appWith(events);
    expect((await app.inject({ method: 'HEAD', url: '/counter' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/refused' })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
    await app.close();
    expect(events.filter((event) => !event.startsWith('published'))).toEqual([
      'answered 200',
      'answered 409',
      'synced',
      'woken',
      'answered 200',
      'ended',
    ]);
  });
});

describe('a read model', () => {
  it('is built once and answered from memory, with an ETag that a caller holding it gets a 304 for', async () => {
    const { app, state } = await appWith([]);
    const first = await app.inject({ method: 'GET', url: '/counter' });
    expect(first.json()).toEqual({ version: 0 });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'GET', url: '/counter', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(state.builds).toBe(1);

    await app.inject({ method: 'POST', url: '/write' });
    const changed = await app.inject({ method: 'GET', url: '/counter', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ version: 1 });
    expect(changed.headers.etag).not.toBe(etag);
    await app.close();
  });

  it('follows a change the database announces for its tables (another process, the command line), not for others', async () => {
    const events: string[] = [];
    const { app, state, announce } = await appWith(events);
    await app.inject({ method: 'GET', url: '/counter' });
    state.version = 7;
    announce('patients');
    expect((await app.inject({ method: 'GET', url: '/counter' })).json()).toEqual({ version: 0 });

    announce('counters');
    await eventually(async () => (events.includes('published {"version":7}') ? true : undefined), {
      timeoutMs: 200,
      what: 'the subscriber to hear the change',
    });
    expect((await app.inject({ method: 'GET', url: '/counter' })).json()).toEqual({ version: 7 });
    // After a lost connection to the database nothing is known: everything is built again.
    state.version = 8;
    announce('*');
    expect((await app.inject({ method: 'GET', url: '/counter' })).json()).toEqual({ version: 8 });
    await app.close();
  });

  it('sends each subscriber only a document it does not have yet, whenever it came', async () => {
    const events: string[] = [];
    const { app, state, model, announce } = await appWith(events);
    const early: string[] = [];
    const late: string[] = [];
    const first = await model.current();
    model.subscribe({ send: (json) => early.push(json), end: () => {} }, first.etag);
    state.version = 1;
    announce('counters');
    // A stream opened after the change holds the new version from its start…
    model.subscribe({ send: (json) => late.push(json), end: () => {} }, (await model.current()).etag);
    await eventually(async () => (early.length > 0 ? true : undefined), {
      timeoutMs: 200,
      what: 'the early subscriber to hear the change',
    });
    // …and is not sent it again when the change's push comes after it.
    expect(early).toEqual(['{"version":1}']);
    expect(late).toEqual([]);
    // A change that leaves the document as it was sends nothing.
    announce('counters');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(early).toEqual(['{"version":1}']);
    state.version = 2;
    announce('counters');
    await eventually(async () => (late.length > 0 ? true : undefined), {
      timeoutMs: 200,
      what: 'the late subscriber to hear the next change',
    });
    expect({ early, late }).toEqual({ early: ['{"version":1}', '{"version":2}'], late: ['{"version":2}'] });
    await app.close();
  });
});
