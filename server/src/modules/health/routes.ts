import { healthResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.js';
import { pingDatabase } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Server and database status',
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.dbBackend };
    },
  );
};
