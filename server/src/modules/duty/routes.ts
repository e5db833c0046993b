import {
  candidatesResponseSchema,
  deskRoles,
  dutyLogQuerySchema,
  dutyLogResponseSchema,
  dutyResponseSchema,
  dutyRoleParamsSchema,
  handoverRequestSchema,
  officerSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.js';
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
        response: { 200: candidatesResponseSchema, ...errorResponses(404) },
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
        response: { 200: officerSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    (request) => handover(app.db, { role: request.params.role, ...request.body, address: request.ip }),
  );

  app.get(
    '/api/duty/log',
    {
      onRequest: app.requireStaff(deskRoles.dutyLog),
      schema: {
        tags: ['duty'],
        summary: 'Audit log of handovers and failed attempts, newest first (admin, piket)',
        querystring: dutyLogQuerySchema,
        response: { 200: dutyLogResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => dutyLog(app.db, request.query),
  );
};
