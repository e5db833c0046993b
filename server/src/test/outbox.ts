import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import { createTestApp, eventually, type TestApp, type TestAppOptions } from './app.js';
import { createTestDatabase } from './db.js';
import { ambulanceOrderBody, createStaffMember, putOnDuty, type TestStaff } from './factories.js';

// The outbox's tests: a fake WhatsApp gateway (a real HTTP server) and one database shared by the servers
// of a test file, with a piket officer on duty to send orders to.

interface Received {
  headers: IncomingHttpHeaders;
  body: { to: string; message: string };
}

/** A real HTTP server standing in for the WhatsApp gateway; `answer` decides each reply. */
export class FakeGateway {
  readonly received: Received[] = [];
  answer: (n: number) => { status: number; delayMs?: number } = () => ({ status: 200 });
  private readonly server: Server;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor() {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: JSON.parse(text) });
        const { status, delayMs = 0 } = this.answer(this.received.length);
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          if (!res.destroyed)
            res.writeHead(status, { 'content-type': 'application/json' }).end('{"detail":"uji"}');
        }, delayMs);
        this.timers.add(timer);
      });
    });
  }

  /** Listens on `port` (0: any free one) and returns the URL. */
  listen(port = 0): Promise<string> {
    return new Promise((resolve) => {
      this.server.listen(port, '127.0.0.1', () => {
        resolve(`http://127.0.0.1:${(this.server.address() as AddressInfo).port}/send`);
      });
    });
  }

  close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  keys(): string[] {
    return this.received.map((r) => String(r.headers['idempotency-key']));
  }
}

/** A port with nothing listening: connections are refused until a gateway takes it. */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Outbox timing for tests: a pass every 50 ms, retries after 50 ms. */
export const fast = { outbox: { pollMs: 50, backoffBaseMs: 50 } } satisfies TestAppOptions;

/** Sets up a test file's database and closes what each test made of it; use in the file's top level. */
export function outboxFixture() {
  const fixture = {
    database: undefined as unknown as DatabaseHandle,
    officer: undefined as unknown as TestStaff,
  };
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    fixture.database = await createTestDatabase();
    fixture.officer = await createStaffMember(fixture.database.db, {
      roles: ['piket'],
      name: 'Serda Gateway',
    });
    await putOnDuty(fixture.database.db, 'piket', fixture.officer.id);
  });
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
  afterAll(() => fixture.database.close());

  async function appWith(options: TestAppOptions): Promise<TestApp> {
    const t = await createTestApp({ database: fixture.database, ...fast, ...options });
    cleanups.push(() => t.app.close());
    return t;
  }

  async function gateway(port?: number): Promise<{ fake: FakeGateway; url: string }> {
    const fake = new FakeGateway();
    const url = await fake.listen(port);
    cleanups.push(() => fake.close());
    return { fake, url };
  }

  let addresses = 0;
  async function placeOrder(t: TestApp): Promise<{ id: number; code: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ambulance-orders',
      payload: ambulanceOrderBody(),
      remoteAddress: `10.70.0.${++addresses}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json().code as string;
    const [message] = await fixture.database.db
      .select({ eventKey: outbox.eventKey })
      .from(outbox)
      .where(like(outbox.message, `%${code}%`));
    const id = Number(message?.eventKey.split(':')[1]);
    return { id, code };
  }

  const messageOf = async (eventKey: string) => {
    const [row] = await fixture.database.db.select().from(outbox).where(eq(outbox.eventKey, eventKey));
    if (!row) throw new Error(`no outbox message ${eventKey}`);
    return row;
  };

  const once = (eventKey: string, status: 'sent' | 'failed') =>
    eventually(
      async () => {
        const row = await messageOf(eventKey);
        return row.status === status ? row : undefined;
      },
      { what: `${eventKey} ${status}` },
    );

  /** Closes `close` after the test, with what the test made. */
  const afterTest = (close: () => Promise<unknown>) => cleanups.push(close);

  return { fixture, appWith, gateway, placeOrder, messageOf, once, afterTest };
}
