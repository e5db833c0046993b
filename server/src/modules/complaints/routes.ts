import {
  complaintAnswerRequestSchema,
  complaintCategoryListSchema,
  complaintCategoryParamsSchema,
  complaintCategoryUpdateSchema,
  complaintCreatedSchema,
  complaintRequestSchema,
  complaintStatusChangeSchema,
  deskComplaintCategoryListSchema,
  deskComplaintCategorySchema,
  deskComplaintDetailSchema,
  deskComplaintPageSchema,
  idParamsSchema,
  deskComplaintQuerySchema,
  deskRoles,
  newComplaintCategorySchema,
  publicComplaintSchema,
  trackingCodeParamsSchema,
  trackingLookupQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_BODY_LIMIT, type PublicWriteOptions } from '../../lib/public-writes.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import type { PublicLinks } from '../notifications/templates.js';
import {
  answerComplaint,
  changeComplaintStatus,
  createCategory,
  createComplaint,
  findComplaint,
  getDeskComplaint,
  listAllCategories,
  listCategories,
  listComplaints,
  updateCategory,
} from './service.js';

const staffErrors = errorResponses(401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);

export const complaintRoutes: FastifyPluginAsyncZod<PublicWriteOptions & PublicLinks> = async (app, opts) => {
  const links = { publicUrl: opts.publicUrl };
  const open = routesOf(app, { tags: ['complaints'] });

  open.get(
    '/api/complaint-categories',
    {
      summary: 'Complaint categories offered on the form, in the admins’ order',
      response: complaintCategoryListSchema,
    },
    () => listCategories(app.db),
  );

  open.post(
    '/api/complaints',
    {
      summary: 'File a complaint; the answer carries the tracking code',
      body: complaintRequestSchema,
      status: 201,
      response: complaintCreatedSchema,
      errors: errorResponses(400, 413, 429),
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
    },
    async (request, reply) => {
      const client = { address: request.ip, ...opts.publicWrites };
      return reply.status(201).send(await createComplaint(app.db, request.body, client));
    },
  );

  open.get(
    '/api/complaints/:code',
    {
      summary: "Status page of a complaint with the hospital's answers: 404 unless `phone` matches",
      params: trackingCodeParamsSchema,
      querystring: trackingLookupQuerySchema,
      response: publicComplaintSchema,
      errors: errorResponses(404),
    },
    (request) => findComplaint(app.db, request.params.code, request.query.phone),
  );

  const admins = routesOf(app, {
    tags: ['complaints'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: writeErrors,
  });

  admins.post(
    '/api/complaint-categories',
    {
      summary: 'Add a complaint category (admin)',
      body: newComplaintCategorySchema,
      status: 201,
      response: deskComplaintCategorySchema,
    },
    async (request, reply) =>
      reply.status(201).send(await createCategory(app.db, actorOf(request), request.body)),
  );

  admins.patch(
    '/api/complaint-categories/:code',
    {
      summary: 'Rename, reorder, or (de)activate a complaint category (admin)',
      params: complaintCategoryParamsSchema,
      body: complaintCategoryUpdateSchema,
      response: deskComplaintCategorySchema,
    },
    (request) => updateCategory(app.db, actorOf(request), request.params.code, request.body),
  );

  const desk = routesOf(app, {
    tags: ['complaints'],
    onRequest: app.requireStaff(deskRoles.complaints),
    errors: staffErrors,
  });

  desk.get(
    '/api/desk/complaint-categories',
    {
      summary: 'All complaint categories, inactive ones too (complaints, cs, admin)',
      response: deskComplaintCategoryListSchema,
    },
    () => listAllCategories(app.db),
  );

  desk.get(
    '/api/desk/complaints',
    {
      summary: 'Complaints desk: complaints, newest first (complaints, cs, admin)',
      querystring: deskComplaintQuerySchema,
      response: deskComplaintPageSchema,
      errors: errorResponses(400, 401, 403, 404),
    },
    (request) => listComplaints(app.db, request.query),
  );

  desk.get(
    '/api/desk/complaints/:id',
    {
      summary: 'One complaint with its answers and who wrote them',
      params: idParamsSchema,
      response: deskComplaintDetailSchema,
    },
    (request) => getDeskComplaint(app.db, request.params.id),
  );

  desk.post(
    '/api/desk/complaints/:id/responses',
    {
      summary:
        'Answer the complainant (shown on the status page and sent by WhatsApp); optionally move the status',
      params: idParamsSchema,
      body: complaintAnswerRequestSchema,
      response: deskComplaintDetailSchema,
      errors: writeErrors,
      config: { wakesOutbox: true },
    },
    (request) => answerComplaint(app.db, actorOf(request), request.params.id, request.body, links),
  );

  desk.post(
    '/api/desk/complaints/:id/status',
    {
      summary: 'Move a complaint: RECEIVED→IN_PROGRESS→RESOLVED or RECEIVED→RESOLVED; other moves 409',
      params: idParamsSchema,
      body: complaintStatusChangeSchema,
      response: deskComplaintDetailSchema,
      errors: writeErrors,
      config: { wakesOutbox: true },
    },
    (request) =>
      changeComplaintStatus(app.db, actorOf(request), request.params.id, request.body.status, links),
  );
};
