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
import { routesOf } from '../../plugins/routes.js';
import { dutyLog, getDuty, handover, listCandidates } from './service.js';

// The side panel is public: the chosen person's password is the gate, as in the legacy portal.
export const dutyRoutes: FastifyPluginAsyncZod = async (app) => {
  const duty = routesOf(app, { tags: ['duty'] });
  const current = app.readModel('duty', () => getDuty(app.db), { tables: ['duty_posts', 'staff'] });

  duty.get(
    '/api/duty',
    {
      summary: 'Current on-duty officer (piket) and customer-service officer (cs)',
      response: dutyResponseSchema,
    },
    (request, reply) => current.reply(request, reply),
  );

  duty.get(
    '/api/duty/:role/candidates',
    {
      summary: 'Eligible staff who could take over the post, by name',
      params: dutyRoleParamsSchema,
      response: candidatesResponseSchema,
      errors: errorResponses(404),
    },
    (request) => listCandidates(app.db, request.params.role),
  );

  duty.post(
    '/api/duty/:role/handover',
    {
      summary: "Hand the post over; the new officer's password confirms it",
      description:
        'Linked to a SIMRS, the new officer is marked there in the same action (`bhpdet_dbs.piket` or ' +
        "`emr_soap_o.aktif` '1' on their row, '0' on every other); 422 `SIMRS_REFUSED_VALUE` or 503 " +
        '`SIMRS_UNAVAILABLE` when the SIMRS refuses or does not answer, and then nothing changed.',
      params: dutyRoleParamsSchema,
      body: handoverRequestSchema,
      response: officerSchema,
      errors: errorResponses(400, 401, 404, 409, 422, 429, 503),
    },
    (request) =>
      handover(
        app.db,
        { role: request.params.role, ...request.body, address: request.ip },
        app.writeThrough(),
      ),
  );

  duty.get(
    '/api/duty/log',
    {
      onRequest: app.requireStaff(deskRoles.dutyLog),
      summary: 'Audit log of handovers and failed attempts, newest first (admin, piket)',
      querystring: dutyLogQuerySchema,
      response: dutyLogResponseSchema,
      errors: errorResponses(401, 403),
    },
    (request) => dutyLog(app.db, request.query),
  );
};
