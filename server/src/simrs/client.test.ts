import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openSimrs } from './client.js';
import { parseSimrsUrl, SimrsUrlError, simrsUrlForDisplay } from './url.js';

describe('the SIMRS URL', () => {
  it('names host, port, user, password and database, decoded', () => {
    expect(parseSimrsUrl('mysql://portal:s%40ndi@10.0.0.5:3307/simrs_rs')).toEqual({
      host: '10.0.0.5',
      port: 3307,
      user: 'portal',
      password: 's@ndi',
      database: 'simrs_rs',
    });
    expect(parseSimrsUrl('mysql://root@[::1]/simrs')).toEqual({
      host: '::1',
      port: 3306,
      user: 'root',
      password: undefined,
      database: 'simrs',
    });
  });

  it.each([
    ['simrs', /bukan URL yang sah/],
    ['postgres://portal@db/simrs', /harus berupa URL mysql:\/\/ \(MariaDB atau MySQL\), bukan postgres:\/\//],
    ['mariadb://portal@db/simrs', /harus berupa URL mysql:\/\//],
    ['mysql://portal@db', /harus menyebut satu basis data/],
    ['mysql://portal@db/', /harus menyebut satu basis data/],
    ['mysql://portal@db/simrs/lain', /harus menyebut satu basis data/],
    ['mysql://db/simrs', /tanpa nama pengguna/],
    ['mysql://portal@db/simrs?ssl=true', /tidak menerima parameter/],
    ['mysql://portal@db:99999/simrs', /bukan URL yang sah/],
  ])('refuses %s with a reason', (url, reason) => {
    expect(() => parseSimrsUrl(url)).toThrow(SimrsUrlError);
    expect(() => parseSimrsUrl(url)).toThrow(reason);
  });

  it('is shown without its password', () => {
    expect(simrsUrlForDisplay('mysql://portal:rahasia@10.0.0.5:3306/simrs')).toBe(
      'mysql://portal:***@10.0.0.5:3306/simrs',
    );
    expect(simrsUrlForDisplay('mysql://root@127.0.0.1/simrs')).toBe('mysql://root@127.0.0.1/simrs');
  });
});

describe('the SIMRS client', () => {
  it('refuses a bad URL before connecting', () => {
    expect(() => openSimrs('postgres://portal@127.0.0.1/simrs')).toThrow(SimrsUrlError);
  });

  it('says where it connects, without the password', async () => {
    const client = openSimrs('mysql://portal:rahasia@10.0.0.5:3307/simrs');
    expect(client.target).toBe('10.0.0.5:3307/simrs');
    await client.close();
  });

  it('fails a query within the connect timeout when the SIMRS does not answer, and closes', async () => {
    // A port that accepts connections and never speaks MySQL: what a SIMRS that hangs looks like.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const client = openSimrs(`mysql://portal@127.0.0.1:${port}/simrs`, { connectTimeoutMs: 300 });
    try {
      const started = performance.now();
      await expect(client.rows('SELECT 1')).rejects.toThrow(/ETIMEDOUT|timeout/i);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await client.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
