import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DatabaseBackend } from '@portal/contract';
import Fastify, { type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Config, VCLAIM_RECHECK_SECONDS } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { attendanceRoutes } from './modules/attendance/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { aplicaresSetup } from './modules/aplicares/reports.js';
import { bedRoutes } from './modules/beds/routes.js';
import { clinicRoutes } from './modules/clinics/routes.js';
import { complaintRoutes } from './modules/complaints/routes.js';
import { dutyRoutes } from './modules/duty/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { bpjsAdminRoutes, jknRoutes } from './modules/jkn/routes.js';
import { queueQualityRoutes } from './modules/registration/quality-routes.js';
import { outboxRoutes } from './modules/notifications/routes.js';
import { queueReminders, REMINDER_BATCH } from './modules/registration/messages.js';
import { patientReadRoutes } from './modules/patient-reads/routes.js';
import { OutboxWorker } from './modules/notifications/worker.js';
import { operationRoutes } from './modules/operations/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { patientRoutes } from './modules/patients/routes.js';
import { referenceRoutes } from './modules/references/routes.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { surveyRoutes } from './modules/surveys/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { channelsConfigured, configurationFacts } from './modules/system/service.js';
import { tariffRoutes } from './modules/tariffs/routes.js';
import { bookingReads } from './modules/registration/booking-reads.js';
import { Vclaim } from './modules/bpjs/vclaim.js';
import { type JknChecker, recheckPendingBookings } from './modules/registration/jkn-checks.js';
import { visitRoutes } from './modules/visits/routes.js';
import { wardRoutes } from './modules/ward/routes.js';
import { afterWritePlugin } from './plugins/after-write.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, internalError, serializeError } from './plugins/errors.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { simrsOwnedPlugin } from './plugins/simrs-owned.js';
import { patientReadsPlugin } from './plugins/patient-reads.js';
import { securityHeaders } from './plugins/security.js';
import { inlineScriptHashes, readIndexHtml, webPlugin } from './plugins/web.js';
import { openSimrs } from './simrs/client.js';
import { SimrsLinkWorker } from './simrs/worker.js';
import { WriteThrough } from './simrs/write.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbBackend: DatabaseBackend;
    /** Delivers the WhatsApp outbox; routes that commit a message wake it (`config.wakesOutbox`). */
    outboxWorker: OutboxWorker;
    /** The SIMRS writes of one user action (linked mode; standalone it writes nothing). */
    writeThrough(): WriteThrough;
  }
}

// Validation messages reach people: Bahasa Indonesia.
z.config(z.locales.id());

export interface AppOptions {
  config: Pick<
    Config,
    | 'logLevel'
    | 'bodyLimit'
    | 'trustProxy'
    | 'streams'
    | 'webDist'
    | 'cookieSecure'
    | 'session'
    | 'notifications'
    | 'publicWriteLimit'
    | 'registration'
    | 'bpjs'
    | 'metricsToken'
    | 'workers'
    | 'commit'
    | 'simrsDatabaseUrl'
  >;
  database: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Outbox worker timing; tests shorten it. */
  outbox?: {
    pollMs?: number;
    backoffBaseMs?: number;
    /** The longest wait between two attempts (15 min). */
    maxBackoffMs?: number;
    /** How long a report to BPJS is retried (BPJS_RETRY_HOURS); the outage fault test shortens it. */
    bpjsRetryForMs?: number;
    electionRetryMs?: number;
    leaseMarginMs?: number;
    /** How often the leader runs its scheduled jobs (the booking reminders). */
    jobEveryMs?: number;
  };
  /** SIMRS link timing (linked mode); tests shorten it. */
  simrs?: { pollMs?: number };
  /** Sees every route as it is declared: the fuzz tests find the routes and their schemas here. */
  onRoute?: (route: RouteOptions) => void;
}

/** Log lines never carry credentials, even when a handler logs a request or body. */
const redact = {
  paths: [
    'req.headers.cookie',
    'req.headers.authorization',
    'req.headers["x-csrf-token"]',
    'res.headers["set-cookie"]',
    'password',
    '*.password',
    '*.passwordHash',
  ],
  censor: '[redacted]',
};

/** What the request log shows instead of a path's secret or personal part. */
const HIDDEN = '[disembunyikan]';
/** A path segment that is a word of the portal's own routes (`registrasi`, `jadwal-dokter`), not a value. */
export const ROUTE_WORD = /^[a-z][a-z-]*$/;

/**
 * The path as the request log shows it. Paths carry secrets and personal data: booking, order and complaint
 * codes, survey tokens, phone numbers (`/api/registrations/ABCD-1234`, `/survei/<token>`). A matched route
 * is shown as its pattern (`/api/registrations/:code`), which names the route and none of its values; a path
 * no route matched (the web app's pages, a 404) keeps its words and hides every other segment. The query is
 * never shown: it carries what people typed (a patient's NIK or name on a search), and a name can carry it
 * as well as a value.
 */
export function loggedUrl(url: string | undefined, route: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const [path = '', query] = url.split(/\?(.*)/s);
  const shown =
    route !== undefined && !route.includes('*')
      ? route
      : path
          .split('/')
          .map((segment) => (segment === '' || ROUTE_WORD.test(segment) ? segment : HIDDEN))
          .join('/');
  return query === undefined ? shown : `${shown}?[redacted]`;
}

const serializers = {
  err: serializeError,
  req(
    request: Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip' | 'socket'> & {
      routeOptions?: { url?: string };
    },
  ) {
    return {
      method: request.method,
      // Optional: anything logged under `req` comes through here, also plain objects.
      url: loggedUrl(request.url, request.routeOptions?.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** A request refused before a route sees it, answered in the envelope like every other refusal. */
interface Refused {
  status: number;
  error: { code: string; message: string };
}

/**
 * What Fastify refuses before routing (a malformed or too long URL) and what Node refuses before Fastify
 * sees a request (a header or URL over 16 kB, a request too slow), by their error codes; any other fault
 * of Node's parser is a malformed request.
 */
const refusedBeforeRouting: Record<string, Refused> = {
  FST_ERR_BAD_URL: { status: 400, error: { code: 'BAD_REQUEST', message: 'Alamat (URL) tidak valid.' } },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    error: { code: 'URI_TOO_LONG', message: 'Alamat (URL) terlalu panjang.' },
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    error: { code: 'HEADERS_TOO_LARGE', message: 'Alamat (URL) atau kepala permintaan terlalu panjang.' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    error: { code: 'REQUEST_TIMEOUT', message: 'Permintaan terlalu lama dikirim.' },
  },
};
const malformedRequest: Refused = {
  status: 400,
  error: { code: 'BAD_REQUEST', message: 'Permintaan HTTP tidak valid.' },
};

/** Node's own answer to a request it cannot parse, in the envelope; the connection then ends, as Node's does. */
function clientErrorAnswer(headers: Record<string, string>) {
  return (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection reset has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, error } = refusedBeforeRouting[err.code ?? ''] ?? malformedRequest;
    const body = JSON.stringify({ error });
    const lines = Object.entries({
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    if (socket.writable)
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
    socket.destroy();
  };
}

export async function buildApp({
  config,
  database,
  logStream,
  outbox,
  simrs: linkTiming,
  onRoute,
}: AppOptions) {
  const indexHtml = readIndexHtml(config.webDist);
  const security = {
    scriptHashes: indexHtml ? inlineScriptHashes(indexHtml) : [],
    https: config.cookieSecure,
  };
  const headers = securityHeaders(security);
  const app = Fastify({
    logger: { level: config.logLevel, redact, serializers, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Request ids are ours, not the caller's: they tie a 500 shown to a user to the log line.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    clientErrorHandler: clientErrorAnswer(headers),
    // Refused before routing, so without hooks: the headers of every other answer are set here.
    frameworkErrors(err, request, reply) {
      const known = refusedBeforeRouting[err.code];
      if (!known) request.log.error({ err }, 'unexpected error before routing');
      const { status, error } = known ?? { status: 500, error: internalError(request.id) };
      (reply as FastifyReply)
        .headers(headers)
        .status(status)
        .header('x-request-id', request.id)
        .type('application/json; charset=utf-8')
        .send({ error });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbBackend', database.backend);
  const { notifications } = config;
  // VClaim: every JKN booking on the website, kiosk and counter has its card and referral checked.
  const jkn: JknChecker | undefined = config.bpjs.vclaim
    ? { vclaim: new Vclaim(config.bpjs.vclaim), ppkCode: config.bpjs.ppkCode }
    : undefined;
  const outboxWorker = new OutboxWorker(database, app.log.child({ module: 'outbox' }), {
    gateway: notifications.gatewayUrl
      ? {
          url: notifications.gatewayUrl,
          token: notifications.gatewayToken,
          timeoutMs: notifications.timeoutMs,
        }
      : undefined,
    bpjs: config.bpjs.antrean,
    aplicares: config.bpjs.aplicares,
    maxAttempts: notifications.maxAttempts,
    pollMs: outbox?.pollMs ?? 2000,
    backoffBaseMs: outbox?.backoffBaseMs ?? 5000,
    maxBackoffMs: outbox?.maxBackoffMs ?? 15 * 60_000,
    bpjsRetryForMs: outbox?.bpjsRetryForMs ?? notifications.bpjsRetryHours * 3_600_000,
    electionRetryMs: outbox?.electionRetryMs ?? 1000,
    leaseMarginMs: outbox?.leaseMarginMs ?? 60_000,
    jobs: [
      {
        name: 'booking-reminders',
        everyMs: outbox?.jobEveryMs ?? 60_000,
        run: async (db) => {
          const queued = await queueReminders(db, config.registration, config.registration.reminderHour);
          return { queued, more: queued === REMINDER_BATCH };
        },
      },
      ...(jkn
        ? [
            {
              // The bookings made while VClaim did not answer are asked about again.
              name: 'vclaim-recheck',
              everyMs: outbox?.jobEveryMs ?? config.bpjs.vclaimRecheckMs ?? VCLAIM_RECHECK_SECONDS * 1000,
              run: async (db: Database) => ({
                queued: 0,
                more: (await recheckPendingBookings(db, jkn)).more,
              }),
            },
          ]
        : []),
    ],
  });
  app.decorate('outboxWorker', outboxWorker);
  // Linked mode: one pool on the SIMRS for the link and the write-through of the desks.
  const simrs = config.simrsDatabaseUrl ? openSimrs(config.simrsDatabaseUrl) : undefined;
  app.decorate('writeThrough', () => new WriteThrough(simrs));
  const simrsLink = simrs
    ? new SimrsLinkWorker(database, simrs, app.log.child({ module: 'simrs-link' }), {
        pollMs: linkTiming?.pollMs ?? 5000,
        electionRetryMs: outbox?.electionRetryMs ?? 1000,
        aplicares: aplicaresSetup(config.bpjs),
      })
    : undefined;
  // One hook, not a promise, per request: the public reads are answered from memory, and each hook costs.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    done();
  });
  // Ready means migrated (main.ts migrates before listening): only then may the worker read the outbox.
  app.addHook('onReady', async () => {
    await outboxWorker.start();
    await simrsLink?.start();
  });
  // Before the worker's hook: the live streams end first, so that closing does not wait for their clients.
  await app.register(afterWritePlugin, { changes: database.onChange, streams: config.streams });
  // The worker finishes the send under way while the database is still open.
  app.addHook('preClose', async () => {
    await simrsLink?.stop();
    await outboxWorker.stop();
  });
  app.addHook('onClose', async () => {
    await simrs?.close();
    await database.close();
  });

  await app.register(errorsPlugin);
  // Before the routes: it counts every answer by its route.
  await app.register(metricsPlugin, { token: config.metricsToken, database });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { session: config.session, cookieSecure: config.cookieSecure });
  // Before the routes: it hooks the routes that answer patients' data as they are declared.
  await app.register(patientReadsPlugin);
  // Linked mode: the routes that would change the SIMRS's data in the portal alone are refused.
  await app.register(simrsOwnedPlugin, { linked: simrs !== undefined });
  await app.register(healthRoutes);
  await app.register(authRoutes, { session: config.session });
  await app.register(dutyRoutes);
  await app.register(tariffRoutes);
  await app.register(bedRoutes);
  await app.register(wardRoutes, { aplicares: aplicaresSetup(config.bpjs) });
  // Orders and complaints share one budget per client address.
  const publicWrites = { limit: config.publicWriteLimit };
  // A completed order and a resolved complaint invite to the satisfaction survey, linked from PUBLIC_URL.
  const { publicUrl } = config.registration;
  await app.register(orderRoutes, { publicWrites, publicUrl });
  await app.register(complaintRoutes, { publicWrites, publicUrl });
  await app.register(surveyRoutes, { publicWrites });
  await app.register(outboxRoutes, {
    gatewayToken: notifications.gatewayToken,
    configured: channelsConfigured(configurationFacts(config, app.dbBackend)),
  });
  await app.register(clinicRoutes, config.registration);
  // Bookings on the website, at the counter and through Mobile JKN read their schedules from one copy.
  const reads = bookingReads(app);
  await app.register(registrationRoutes, { ...config.registration, reads, jkn });
  await app.register(queueQualityRoutes, { link: config.bpjs.antrean });
  await app.register(staffRoutes, { session: config.session });
  await app.register(operationRoutes);
  await app.register(patientRoutes);
  await app.register(referenceRoutes);
  await app.register(visitRoutes);
  await app.register(patientReadRoutes);
  await app.register(reportRoutes);
  await app.register(attendanceRoutes);
  await app.register(systemRoutes, { config });
  await app.register(jknRoutes, {
    prefix: '/api/jkn',
    tokenMinutes: config.bpjs.tokenMinutes,
    trustedAddresses: config.bpjs.trustedAddresses,
    horizonDays: config.registration.horizonDays,
    publicUrl: config.registration.publicUrl,
    reads,
  });
  await app.register(bpjsAdminRoutes, { link: config.bpjs.antrean });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
