import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { CSRF_HEADER } from '@portal/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { rowsOf } from './db/rows.js';
import { eventually } from './test/app.js';
import { sample } from './test/metrics.js';
import { createPatient, createSchedule, createStaffMember, webBooking } from './test/factories.js';
import { entry, type RunningServer, serverDir, startServer, stopServer } from './test/process.js';

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** The client's port of the connection: the log names it (`req.remotePort`), with the pid that served it. */
  localPort: number;
}

interface Stream {
  localPort: number;
  /** The data of every event so far. */
  events: string[];
  close(): void;
}

/** The portal started as the operator starts it, with WORKERS=2 on a new, empty PostgreSQL database. */
describe('the portal with two server processes on PostgreSQL', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `portal_test_cluster_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  let server: RunningServer;
  let database: DatabaseHandle | undefined;
  const streams: Stream[] = [];

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  // Three processes compile and start: slow on a busy machine (see startServer).
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    server = await startServer(
      { ...process.env, DATABASE_URL: databaseUrl, WORKERS: '2', LOG_LEVEL: 'info' },
      { listening: 2 },
    );
    database = await openDatabase({ databaseUrl });
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  const logLines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown> & { pid: number; msg: string });
  const listeningPids = () =>
    logLines()
      .filter((l) => l.msg.startsWith('Server listening'))
      .map((l) => l.pid);
  /** The pid of the process that took the connection from `localPort`. */
  const servedBy = (localPort: number) =>
    eventually(
      async () => logLines().find((l) => (l.req as { remotePort?: number })?.remotePort === localPort)?.pid,
      {
        what: `the log line of the request from port ${localPort}`,
      },
    );

  /** One request on a connection of its own, so that the primary hands each to the next process. */
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method,
          path,
          agent: false,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text,
              headers: res.headers,
              localPort: req.socket?.localPort ?? 0,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const openStream = (path: string) =>
    new Promise<Stream>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, agent: false }, (res) => {
        const stream: Stream = {
          localPort: req.socket?.localPort ?? 0,
          events: [],
          close: () => req.destroy(),
        };
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
          const events = text.split('\n\n');
          text = events.pop() ?? '';
          for (const event of events) {
            const data = event.split('\n').find((line) => line.startsWith('data: '));
            if (data) stream.events.push(data.slice('data: '.length));
          }
        });
        resolve(stream);
      });
      req.on('error', reject);
      req.end();
    });

  it('serves from two processes on one port, one of which delivers the outbox', async () => {
    const [first, second] = listeningPids();
    expect(new Set([first, second, server.child.pid]).size).toBe(3);
    const served = new Set<number>();
    for (let i = 0; i < 6 && served.size < 2; i++) {
      const answer = await send('GET', '/api/health');
      expect(answer.status).toBe(200);
      served.add(await servedBy(answer.localPort));
    }
    expect([...served].sort()).toEqual([first, second].sort());
    const deliverers = logLines().filter((l) => l.msg === 'this process delivers the outbox');
    expect(deliverers).toHaveLength(1);
  });

  it('shows a change made through one process on the other: on its live bed board and to a GET', async () => {
    const workers = new Set(listeningPids());
    // A live bed board on each process.
    const boards = new Map<number, Stream>();
    for (let i = 0; i < 6 && boards.size < 2; i++) {
      const stream = await openStream('/api/beds/stream');
      streams.push(stream);
      const pid = await servedBy(stream.localPort);
      if (boards.has(pid)) stream.close();
      else boards.set(pid, stream);
    }
    expect(new Set(boards.keys())).toEqual(workers);

    if (!database) throw new Error('no database');
    const nurse = await createStaffMember(database.db, { roles: ['ward'] });
    const login = await send(
      'POST',
      '/api/auth/login',
      {},
      { username: nurse.username, password: nurse.password },
    );
    expect(login.status, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0] as string;
    const { csrfToken } = JSON.parse(login.body) as { csrfToken: string };
    const created = await send(
      'POST',
      '/api/rooms',
      { cookie, [CSRF_HEADER]: csrfToken },
      { code: 'KLS-1', name: 'Ruang Kluster', class: 'KL3', sex: null, bpjsRoomCode: null, capacity: 4 },
    );
    expect(created.status, created.body).toBe(201);
    const writer = await servedBy(created.localPort);
    const other = [...workers].find((pid) => pid !== writer) as number;

    const board = boards.get(other) as Stream;
    await eventually(async () => (board.events.some((e) => e.includes('Ruang Kluster')) ? true : undefined), {
      what: 'the new room on the live bed board of the other process',
    });
    const read = await eventually(
      async () => {
        const answer = await send('GET', '/api/beds');
        return (await servedBy(answer.localPort)) === other ? answer : undefined;
      },
      { what: 'a GET served by the other process' },
    );
    expect(read.status).toBe(200);
    expect(read.body).toContain('Ruang Kluster');
  });

  it('never oversells when bookings come through both processes at once', async () => {
    if (!database) throw new Error('no database');
    const schedule = await createSchedule(database.db, { quotaNonJkn: 20, quotaJkn: 0 });
    const people = await Promise.all(Array.from({ length: 60 }, () => createPatient(database!.db)));
    const answers = await Promise.all(
      people.map((person) => send('POST', '/api/registrations', {}, webBooking(schedule, person))),
    );
    const served = new Set(await Promise.all(answers.map((answer) => servedBy(answer.localPort))));
    expect(served.size).toBe(2);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(40);
    const seqs = answers
      .filter((a) => a.status === 201)
      .map((a) => (JSON.parse(a.body) as { queueSeq: number }).queueSeq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('counts a staff account’s failed logins across both processes', async () => {
    if (!database) throw new Error('no database');
    const clerk = await createStaffMember(database.db, { roles: ['registration'] });
    const login = (password: string) =>
      send('POST', '/api/auth/login', {}, { username: clerk.username, password });
    const failures = await Promise.all(Array.from({ length: 5 }, (_, i) => login(`salah-${i}`)));
    expect(failures.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    const served = new Set(await Promise.all(failures.map((answer) => servedBy(answer.localPort))));
    expect(served.size).toBe(2);
    const right = await Promise.all([login(clerk.password), login(clerk.password)]);
    expect(right.map((a) => a.status)).toEqual([429, 429]);
  });

  it('answers /metrics for both processes: requests added up, the outbox read once', async () => {
    if (!database) throw new Error('no database');
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const scrape = async () => {
      const answer = await send('GET', '/metrics');
      expect(answer.status, answer.body).toBe(200);
      return answer.body;
    };
    const before = sample(await scrape(), 'portal_http_requests_total', health) ?? 0;
    const served = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const answer = await send('GET', '/api/health');
      served.add(await servedBy(answer.localPort));
    }
    expect(served.size).toBe(2);
    const [row] = await rowsOf<{ pending: number }>(
      database.db.execute(
        sql`select count(*)::int as pending from outbox where status = 'pending' and channel = 'whatsapp'`,
      ),
    );
    const pending = row?.pending ?? 0;
    expect(pending).toBeGreaterThan(0);
    // Whichever process takes the scrape answers for both.
    for (let i = 0; i < 2; i++) {
      const text = await scrape();
      expect(sample(text, 'portal_http_requests_total', health)).toBe(before + 6);
      expect(sample(text, 'portal_outbox_leader')).toBe(1);
      expect(sample(text, 'portal_outbox_pending', { channel: 'whatsapp' })).toBe(pending);
      expect(sample(text, 'portal_database_up')).toBe(1);
    }
    // Through the proxy it is not answered (no METRICS_TOKEN here).
    expect((await send('GET', '/metrics', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
  });

  it('starts a process again when one dies, and ends them all cleanly on SIGTERM', async () => {
    const [victim] = listeningPids();
    process.kill(victim as number, 'SIGKILL');
    await eventually(async () => (listeningPids().length === 3 ? true : undefined), {
      timeoutMs: 30_000,
      what: 'a third process listening',
    });
    expect((await send('GET', '/api/health')).status).toBe(200);

    for (const stream of streams) stream.close();
    expect(await stopServer(server)).toBe(0);
    expect(server.output()).toContain('all server processes ended');
    const survivors = listeningPids().filter((pid) => pid !== victim);
    const shutDown = logLines().filter((l) => l.msg === 'shutting down');
    expect(new Set(shutDown.map((l) => l.pid))).toEqual(new Set(survivors));
  });

  it('stops with exit code 1 when its processes cannot start, as a single process does', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as { port: number };
    const child = spawn(...entry('main'), {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, WORKERS: '2', PORT: String(port) },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    const [code] = await once(child, 'exit');
    taken.close();
    expect(code).toBe(1);
    expect(output).toContain('EADDRINUSE');
    expect(output).toContain('a server process failed to start; stopping');
  }, 120_000);
});
