import { once } from 'node:events';
import type { OutboxPage } from '@portal/contract';
import { expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { startFakeBpjs } from '../fake-bpjs/server.js';
import { eventually } from '../test/app.js';
import { FakeGateway } from '../test/outbox.js';
import { embedded, offline, startServer, stopServer } from '../test/process.js';
import { type Acknowledged, prepareHospital, runBurst } from './burst.js';
import { deliveries, inconsistencies, missingFrom, readLedger } from './ledger.js';
import { login, send } from './http.js';

// Issue 16, build item 3: the server process killed with SIGKILL in the middle of a burst of bookings,
// orders and desk actions, then started again on the same data. The gateways are not configured before the
// kill (the messages wait in the outbox) and are after it, so that each message can be seen to go out once.

/** Where the data lives: an embedded database folder, or a PostgreSQL database. */
export type Store =
  { backend: 'pglite'; dataDir: string; template?: Blob } | { backend: 'postgres'; url: string };

/** Opens the store; `fresh`: the embedded folder is new, made from the template when there is one. */
const open = (store: Store, fresh = false): Promise<DatabaseHandle> =>
  store.backend === 'pglite'
    ? openDatabase({ dataDir: `${store.dataDir}/pglite`, copyOf: fresh ? store.template : undefined })
    : openDatabase({ databaseUrl: store.url });

const credentials = { consId: '31415', secretKey: 'kunci-uji-gangguan', userKey: 'user-key-gangguan' };

/** Requests acknowledged before the kill: enough for every kind of write to be under way when it comes. */
const KILL_AFTER = 200;

export async function killAndRestart(store: Store): Promise<void> {
  const setup = await open(store, true);
  await setup.migrate();
  const hospital = await prepareHospital(setup.db, KILL_AFTER / 2);
  await setup.close();

  const env = {
    ...(store.backend === 'pglite'
      ? { ...embedded(offline()), DATA_DIR: store.dataDir }
      : { ...offline(), DATABASE_URL: store.url, WORKERS: '1' }),
    LOG_LEVEL: 'info',
    // Every caller has an address of its own (X-Forwarded-For), under budgets a burst does not reach.
    TRUST_PROXY: '1',
    REGISTRATION_WRITE_LIMIT: '100000',
    PUBLIC_WRITE_LIMIT: '10000',
  };
  const first = await startServer(env);
  const base = `http://127.0.0.1:${first.port}`;
  const burst = await runBurst(base, hospital, await login(base, hospital.clerk), {
    stopAfter: KILL_AFTER,
    atStop: () => first.child.kill('SIGKILL'),
  });
  if (first.child.exitCode === null && first.child.signalCode === null) await once(first.child, 'exit');
  expect(first.child.signalCode).toBe('SIGKILL');

  const whatsapp = new FakeGateway();
  const bpjs = await startFakeBpjs(credentials);
  try {
    const again = await startServer({
      ...env,
      WHATSAPP_GATEWAY_URL: await whatsapp.listen(),
      BPJS_ANTREAN_URL: bpjs.url,
      BPJS_CONS_ID: credentials.consId,
      BPJS_SECRET_KEY: credentials.secretKey,
      BPJS_USER_KEY: credentials.userKey,
    });
    const restarted = `http://127.0.0.1:${again.port}`;
    const officer = await login(restarted, hospital.officer);
    await eventually(
      async () => {
        const { body } = await send(restarted, 'GET', '/api/desk/outbox?status=pending&pageSize=1', {
          headers: officer,
        });
        return (body as OutboxPage).total === 0 ? true : undefined;
      },
      { timeoutMs: 90_000, what: 'the outbox delivered after the restart' },
    );
    expect(await stopServer(again)).toBe(0);

    const after = await open(store);
    const ledger = await readLedger(after.db);
    await after.close();

    const missing = missingFrom(ledger, burst.acknowledged);
    const problems = inconsistencies(ledger);
    const undelivered = deliveries(ledger, whatsapp, bpjs).problems;
    const kinds = (kind: Acknowledged['kind']) => burst.acknowledged.filter((a) => a.kind === kind).length;
    const fiveHundreds = [...burst.statuses].filter(([status]) => status >= 500);
    const whatsappCount = ledger.outbox.filter((m) => m.channel === 'whatsapp').length;
    console.log(
      `kill ${store.backend}: ${burst.sent} requests sent, ${fiveHundreds.length} 5xx; ` +
        `${burst.acknowledged.length} acknowledged before SIGKILL (${kinds('booking')} bookings, ` +
        `${kinds('cancel')} cancellations, ${kinds('order')} orders, ${kinds('desk')} queue desk and ` +
        `${kinds('order-desk')} orders desk actions), ${burst.unanswered} cut off by it; ` +
        `${burst.acknowledged.length - missing.length} found after restart; ${ledger.sessions.length} sessions ` +
        `(quota used = bookings, numbers gap-free) and ${ledger.outbox.length} outbox messages ` +
        `(${whatsappCount} WhatsApp, ${ledger.outbox.length - whatsappCount} BPJS, each delivered once): ` +
        `${problems.length + undelivered.length} inconsistencies`,
    );
    expect(fiveHundreds).toEqual([]);
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
    expect(undelivered).toEqual([]);
  } finally {
    await whatsapp.close();
    await bpjs.close();
  }
}
