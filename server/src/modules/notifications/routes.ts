import { deskRoles, outboxPageSchema, outboxParamsSchema, outboxQuerySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { listOutbox, retryMessage } from './service.js';

/** The outbox for staff who answer for the notifications: what went out, what waits, what failed. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outboxStaff = app.requireStaff(deskRoles.outbox);

  app.get(
    '/api/desk/outbox',
    {
      onRequest: outboxStaff,
      schema: {
        tags: ['notifications'],
        summary: 'Messages of the outbox (WhatsApp, reports to BPJS), newest first (admin, piket, cs)',
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => listOutbox(app.db, request.query),
  );

  app.post(
    '/api/desk/outbox/:id/retry',
    {
      onRequest: outboxStaff,
      config: { wakesOutbox: true },
      schema: {
        tags: ['notifications'],
        summary: 'Send a failed message again (409 unless it failed)',
        params: outboxParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await retryMessage(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
