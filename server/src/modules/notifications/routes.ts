import { deskRoles, outboxPageSchema, outboxParamsSchema, outboxQuerySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { listOutbox, retryMessage } from './service.js';

/** The outbox for staff who answer for the notifications: what went out, what waits, what failed. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = routesOf(app, {
    tags: ['notifications'],
    onRequest: app.requireStaff(deskRoles.outbox),
    errors: errorResponses(401, 403, 404),
  });

  outbox.get(
    '/api/desk/outbox',
    {
      summary: 'Messages of the outbox (WhatsApp, reports to BPJS), newest first (admin, piket, cs)',
      querystring: outboxQuerySchema,
      response: outboxPageSchema,
    },
    (request) => listOutbox(app.db, request.query),
  );

  outbox.post(
    '/api/desk/outbox/:id/retry',
    {
      summary: 'Send a failed message again (409 unless it failed)',
      params: outboxParamsSchema,
      status: 204,
      response: z.null(),
      errors: errorResponses(401, 403, 404, 409),
      config: { wakesOutbox: true },
    },
    async (request, reply) => {
      await retryMessage(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
