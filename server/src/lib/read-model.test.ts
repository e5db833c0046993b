import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../test/app.js';

let t: TestApp;
let base: string;
const open: AbortController[] = [];

beforeAll(async () => {
  // Client addresses from X-Forwarded-For, so that one test can be several clients.
  t = await createTestApp({ streams: { perAddress: 2, total: 3 }, trustProxy: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const controller of open) controller.abort();
  await t.app.close();
});

/** Opens an event stream from `address`; a stream that opened stays open until `close`. */
async function stream(path: string, address: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, {
    headers: { 'x-forwarded-for': address },
    signal: controller.signal,
  });
  if (res.status === 200) {
    open.push(controller);
    // The first document arrives at once: the stream is open, not just asked for.
    await res.body?.getReader().read();
  }
  return { res, close: () => controller.abort() };
}

describe('event stream limits (database-backed)', () => {
  it('caps open streams per address and in all, across boards, and frees a place when one closes', async () => {
    const first = await stream('/api/beds/stream', '10.60.0.1');
    expect(first.res.status).toBe(200);
    expect((await stream('/api/queue/board/stream', '10.60.0.1')).res.status).toBe(200);

    const overAddress = await stream('/api/beds/stream', '10.60.0.1');
    expect(overAddress.res.status).toBe(429);
    expect(overAddress.res.headers.get('retry-after')).toBe('30');
    expect(await overAddress.res.json()).toEqual({
      error: {
        code: 'TOO_MANY_STREAMS',
        message: 'Terlalu banyak sambungan langsung dari alamat Anda. Coba lagi dalam 30 detik.',
      },
    });

    expect((await stream('/api/beds/stream', '10.60.0.2')).res.status).toBe(200);
    const overTotal = await stream('/api/beds/stream', '10.60.0.3');
    expect(overTotal.res.status).toBe(429);
    expect(await overTotal.res.json()).toMatchObject({
      error: {
        message: 'Server sedang melayani terlalu banyak sambungan langsung. Coba lagi dalam 30 detik.',
      },
    });
    // The plain documents are not streams: never refused by these limits.
    expect((await t.app.inject({ method: 'GET', url: '/api/beds' })).statusCode).toBe(200);

    first.close();
    await eventually(
      async () => ((await stream('/api/beds/stream', '10.60.0.3')).res.status === 200 ? true : undefined),
      { what: 'the closed stream to free its place' },
    );
    expect((await stream('/api/beds/stream', '10.60.0.1')).res.status).toBe(429);
  });
});
