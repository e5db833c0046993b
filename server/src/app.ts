import { randomUUID } from 'node:crypto';
import type { DatabaseBackend } from '@portal/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { authRoutes } from './modules/auth/routes.js';
import { BedsFeed } from './modules/beds/feed.js';
import { bedRoutes } from './modules/beds/routes.js';
import { dutyRoutes } from './modules/duty/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { tariffRoutes } from './modules/tariffs/routes.js';
import { wardRoutes } from './modules/ward/routes.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { inlineScriptHashes, readIndexHtml, webPlugin } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbBackend: DatabaseBackend;
  }
}

// Validation messages reach people: Bahasa Indonesia.
z.config(z.locales.id());

export interface AppOptions {
  config: Pick<Config, 'logLevel' | 'bodyLimit' | 'trustProxy' | 'webDist' | 'cookieSecure' | 'session'>;
  database: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
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

export async function buildApp({ config, database, logStream }: AppOptions) {
  const app = Fastify({
    logger: { level: config.logLevel, redact, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Request ids are ours, not the caller's: they tie a 500 shown to a user to the log line.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbBackend', database.backend);
  const bedsFeed = new BedsFeed(database.db, app.log);
  app.decorate('bedsFeed', bedsFeed);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Live streams first, so that closing the server does not wait for their clients.
  app.addHook('preClose', async () => bedsFeed.close());
  app.addHook('onClose', () => database.close());

  const indexHtml = readIndexHtml(config.webDist);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { scriptHashes: indexHtml ? inlineScriptHashes(indexHtml) : [] });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { session: config.session, cookieSecure: config.cookieSecure });
  await app.register(healthRoutes);
  await app.register(authRoutes, { session: config.session });
  await app.register(dutyRoutes);
  await app.register(tariffRoutes);
  await app.register(bedRoutes);
  await app.register(wardRoutes);
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
