import { outboxChannels } from '@portal/contract';
import { payers, registrationSources } from '@portal/contract/constants';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The metrics this server process counts itself, for `/metrics` (plugins/metrics.ts): kept per process, as
 * Prometheus expects, and added up over a cluster's processes by the primary (lib/cluster-metrics.ts). What
 * is read from the database at scrape time (the outbox, the pool) is the plugin's, per app.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by route pattern (never the raw URL), method and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from a request to the end of its answer, by route pattern, method and status class (2xx…5xx)',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const openStreams = new Gauge({
  name: 'portal_event_streams_open',
  help: 'Live event streams (boards) open now',
  registers: [processRegistry],
});

export const databaseErrors = new Counter({
  name: 'portal_database_errors_total',
  help: 'Requests failed by the database: unreachable (answered 503) or a failed query (answered 500)',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const outboxDeliveries = new Counter({
  name: 'portal_outbox_deliveries_total',
  help: 'Outbox messages delivered (WhatsApp gateway, BPJS), by channel',
  labelNames: ['channel'] as const,
  registers: [processRegistry],
});

export const outboxFailures = new Counter({
  name: 'portal_outbox_delivery_failures_total',
  help: 'Failed outbox delivery attempts (each retry counts), by channel',
  labelNames: ['channel'] as const,
  registers: [processRegistry],
});

export const bookings = new Counter({
  name: 'portal_bookings_total',
  help: 'Outpatient bookings committed, by channel (WEB, MJKN, DESK) and payer (JKN, UMUM)',
  labelNames: ['channel', 'payer'] as const,
  registers: [processRegistry],
});

// A series that first appears at 1 loses that first event to increase() and rate(): each starts at 0.
for (const kind of ['unreachable', 'query']) databaseErrors.inc({ kind }, 0);
for (const channel of outboxChannels) {
  outboxDeliveries.inc({ channel }, 0);
  outboxFailures.inc({ channel }, 0);
}
for (const channel of registrationSources) for (const payer of payers) bookings.inc({ channel, payer }, 0);
