import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import { latestBackup } from '../db/backup.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError, notFound } from '../errors.js';
import { answerCollects, clusterMetrics } from '../lib/cluster-metrics.js';
import { httpDuration, httpRequests, processRegistry } from '../lib/metrics.js';
import { pingDatabase } from '../modules/health/service.js';
import { type ChannelBacklog, outboxBacklog } from '../modules/notifications/service.js';
import { linkStatus } from '../simrs/link.js';

export interface MetricsOptions {
  /** METRICS_TOKEN: asked of every scrape when set. */
  token: string | undefined;
  database: Pick<DatabaseHandle, 'poolStats'>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/** Headers a proxy adds: a request that carries one came through it, whatever address it comes from. */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read the metrics: with METRICS_TOKEN, whoever sends it as a bearer token (compared in constant
 * time); without, only a client on this host that talks to the server directly. Behind the reverse proxy
 * every request comes from loopback, so the socket's address (never `request.ip`, which TRUST_PROXY takes
 * from X-Forwarded-For) counts only for a request without the proxy's headers.
 */
function mayScrape(request: FastifyRequest, token: Buffer | undefined): boolean {
  if (token) {
    const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    return bearer !== undefined && timingSafeEqual(digest(bearer), token);
  }
  if (FORWARDED.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

interface DatabaseReading {
  up: boolean;
  /** Unset when the database could not be read. */
  backlog?: ChannelBacklog[];
  /** When the last good backup finished: null when none is recorded, unset when it could not be read. */
  backupAt?: Date | null;
  /** Linked mode: when each mirrored SIMRS table's copy was complete (null during its first mirror). */
  simrs?: { table: string; syncedAt: Date | null }[];
}

const seconds = (at: Date) => at.getTime() / 1000;
/** How long ago `at` was, in seconds; 0 when there is none. */
const ageSeconds = (at: Date | null | undefined) => (at ? Math.max(0, Date.now() / 1000 - seconds(at)) : 0);

/**
 * How long a scrape waits for the database: a server that cannot be reached and does not refuse holds a
 * query for the pool's connection timeout (10 s), Prometheus's whole scrape timeout; past this it is down.
 */
const DATABASE_WAIT_MS = 3000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * `/metrics` in the Prometheus text format (see lib/metrics.ts for what each process counts), and the count
 * and duration of every answer by route pattern. Refused scrapes are answered as an unknown page, so that
 * the endpoint is not advertised. In a cluster a scrape answers for all its processes (lib/cluster-metrics.ts).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const token = options.token === undefined ? undefined : digest(options.token);

  // The route's pattern, never the URL (which carries ids and codes): a bounded set of series.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const { method } = request;
    const status = reply.statusCode;
    httpRequests.inc({ method, route, status: String(status) });
    httpDuration.observe(
      { method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Read from the database at scrape time, once per scrape for all the gauges below (prom-client starts
  // every `collect` of a scrape at once). The outbox is the same from every process of a cluster: its gauges
  // are not added up but the largest taken.
  const registry = new Registry();
  let reading: Promise<DatabaseReading> | undefined;
  const readDatabase = async (): Promise<DatabaseReading> => {
    await pingDatabase(app.db);
    const [backlog, backup, simrs] = await Promise.all([
      outboxBacklog(app.db).catch(() => undefined),
      latestBackup(app.db).catch(() => undefined),
      linkStatus(app.db).catch(() => undefined),
    ]);
    return {
      up: true,
      backlog,
      backupAt: backup === undefined ? undefined : (backup?.finishedAt ?? null),
      simrs,
    };
  };
  const read = () =>
    (reading ??= within(readDatabase(), DATABASE_WAIT_MS)
      .catch((): DatabaseReading => ({ up: false }))
      .finally(() => {
        reading = undefined;
      }));
  const perChannel = (set: (gauge: Gauge<'channel'>, backlog: ChannelBacklog) => void) =>
    async function collect(this: Gauge<'channel'>) {
      const { backlog } = await read();
      this.reset();
      for (const channel of backlog ?? []) set(this, channel);
    };

  new Gauge({
    name: 'portal_database_up',
    help: 'Whether the database answered this scrape (1) or not (0)',
    aggregator: 'min',
    registers: [registry],
    async collect() {
      this.set((await read()).up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'portal_outbox_pending',
    help: 'Outbox messages waiting to be delivered, by channel',
    labelNames: ['channel'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: perChannel((gauge, c) => gauge.set({ channel: c.channel }, c.pending)),
  });
  new Gauge({
    name: 'portal_outbox_failed',
    help: 'Outbox messages failed for good (staff may retry them), by channel',
    labelNames: ['channel'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: perChannel((gauge, c) => gauge.set({ channel: c.channel }, c.failed)),
  });
  new Gauge({
    name: 'portal_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox message still waiting, by channel (0 when none waits)',
    labelNames: ['channel'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: perChannel((gauge, c) => gauge.set({ channel: c.channel }, ageSeconds(c.oldestPendingAt))),
  });
  new Gauge({
    name: 'portal_outbox_stuck',
    help: 'Outbox messages not delivered whose last attempt failed (retrying, or failed for good), by channel',
    labelNames: ['channel'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: perChannel((gauge, c) => gauge.set({ channel: c.channel }, c.stuck)),
  });
  new Gauge({
    name: 'portal_outbox_oldest_stuck_age_seconds',
    help: 'Age of the oldest stuck outbox message, by channel (0 when none is stuck)',
    labelNames: ['channel'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: perChannel((gauge, c) => gauge.set({ channel: c.channel }, ageSeconds(c.oldestStuckAt))),
  });
  new Gauge({
    name: 'portal_outbox_last_success_timestamp_seconds',
    help: 'When a message of the channel was last delivered (Unix time); absent when never',
    labelNames: ['channel'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: perChannel((gauge, c) => {
      if (c.lastSentAt) gauge.set({ channel: c.channel }, seconds(c.lastSentAt));
    }),
  });
  new Gauge({
    name: 'portal_simrs_link_lag_seconds',
    help: "Linked mode: how old each mirrored SIMRS table's copy is (absent during its first mirror)",
    labelNames: ['table'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const { simrs } = await read();
      this.reset();
      for (const table of simrs ?? [])
        if (table.syncedAt) this.set({ table: table.table }, ageSeconds(table.syncedAt));
    },
  });
  new Gauge({
    name: 'portal_backup_last_success_timestamp_seconds',
    help: 'When the last good backup finished (Unix time); 0 when none is recorded',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const { backupAt } = await read();
      // A database that cannot be read keeps the last value: its own alert tells.
      if (backupAt !== undefined) this.set(backupAt ? seconds(backupAt) : 0);
    },
  });
  new Gauge({
    name: 'portal_outbox_leader',
    help: 'Whether this process delivers the outbox (a cluster adds them up: 1 expected)',
    registers: [registry],
    collect() {
      this.set(app.outboxWorker.health().leading ? 1 : 0);
    },
  });
  const { poolStats } = options.database;
  if (poolStats) {
    new Gauge({
      name: 'portal_database_pool_connections',
      help: 'PostgreSQL connections of the pool, by state (idle, busy), and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = poolStats();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'busy' }, total - idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  const registries = [processRegistry, registry];
  if (cluster.isWorker) {
    const stop = answerCollects(registries);
    app.addHook('onClose', async () => stop());
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, token)) throw notFound('Halaman tidak ditemukan.');
    let text: string;
    if (cluster.isWorker) {
      try {
        text = await clusterMetrics();
      } catch (err) {
        request.log.warn({ err }, 'cluster metrics not collected');
        throw new AppError(503, 'METRICS_UNAVAILABLE', 'Metrik belum dapat dikumpulkan. Coba lagi.', {
          retryAfter: 5,
        });
      }
    } else {
      text = (await Promise.all(registries.map((r) => r.metrics()))).join('');
    }
    return reply.type(processRegistry.contentType).header('cache-control', 'no-store').send(text);
  });
});
