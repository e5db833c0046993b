import { healthResponseSchema, readinessResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hospitalTimeZone } from '../../lib/dates.js';
import { errorResponses } from '../../plugins/errors.js';
import { checkReadiness, pingDatabase } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: "Server and database status (liveness), and the hospital's time zone",
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.dbBackend, timeZone: hospitalTimeZone() };
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations applied, outbox worker running',
        response: { 200: readinessResponseSchema, ...errorResponses(503) },
      },
    },
    async () => {
      const { leadsOutbox } = await checkReadiness(app.db, app.outboxWorker);
      return {
        status: 'ready' as const,
        database: app.dbBackend,
        checks: { database: 'ok', migrations: 'ok', outbox: 'ok' } as const,
        leadsOutbox,
      };
    },
  );
};
