import {
  candidatesResponseSchema,
  dutyLogQuerySchema,
  dutyLogResponseSchema,
  dutyResponseSchema,
  dutyRoleParamsSchema,
  errorResponseSchema,
  handoverRequestSchema,
  officerSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dutyLog, getDuty, handover, listCandidates } from './service.js';

// The side panel is public: the chosen person's password is the gate, as in the legacy portal.
export const dutyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/duty',
    {
      schema: {
        tags: ['duty'],
        summary: 'Current on-duty officer (piket) and customer-service officer (cs)',
        response: { 200: dutyResponseSchema },
      },
    },
    () => getDuty(app.db),
  );

  app.get(
    '/api/duty/:role/candidates',
    {
      schema: {
        tags: ['duty'],
        summary: 'Eligible staff who could take over the post, by name',
        params: dutyRoleParamsSchema,
        response: { 200: candidatesResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => listCandidates(app.db, request.params.role),
  );

  app.post(
    '/api/duty/:role/handover',
    {
      schema: {
        tags: ['duty'],
        summary: "Hand the post over; the new officer's password confirms it",
        params: dutyRoleParamsSchema,
        body: handoverRequestSchema,
        response: {
          200: officerSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) => handover(app.db, { role: request.params.role, ...request.body, address: request.ip }),
  );

  app.get(
    '/api/duty/log',
    {
      onRequest: app.requireStaff(['admin', 'piket']),
      schema: {
        tags: ['duty'],
        summary: 'Audit log of handovers and failed attempts, newest first (admin, piket)',
        querystring: dutyLogQuerySchema,
        response: { 200: dutyLogResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    (request) => dutyLog(app.db, request.query),
  );
};
