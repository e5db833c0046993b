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
  deskComplaintParamsSchema,
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

export const complaintRoutes: FastifyPluginAsyncZod<PublicWriteOptions> = async (app, opts) => {
  app.get(
    '/api/complaint-categories',
    {
      schema: {
        tags: ['complaints'],
        summary: 'Complaint categories offered on the form, in the admins’ order',
        response: { 200: complaintCategoryListSchema },
      },
    },
    () => listCategories(app.db),
  );

  app.post(
    '/api/complaints',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
      schema: {
        tags: ['complaints'],
        summary: 'File a complaint; the answer carries the tracking code',
        body: complaintRequestSchema,
        response: { 201: complaintCreatedSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const client = { address: request.ip, ...opts.publicWrites };
      return reply.status(201).send(await createComplaint(app.db, request.body, client));
    },
  );

  app.get(
    '/api/complaints/:code',
    {
      schema: {
        tags: ['complaints'],
        summary: "Status page of a complaint with the hospital's answers: 404 unless `phone` matches",
        params: trackingCodeParamsSchema,
        querystring: trackingLookupQuerySchema,
        response: { 200: publicComplaintSchema, ...errorResponses(404) },
      },
    },
    (request) => findComplaint(app.db, request.params.code, request.query.phone),
  );

  const admin = app.requireStaff(deskRoles.admin);
  const deskStaff = app.requireStaff(deskRoles.complaints);

  app.post(
    '/api/complaint-categories',
    {
      onRequest: admin,
      schema: {
        tags: ['complaints'],
        summary: 'Add a complaint category (admin)',
        body: newComplaintCategorySchema,
        response: { 201: deskComplaintCategorySchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCategory(app.db, actorOf(request), request.body)),
  );

  app.patch(
    '/api/complaint-categories/:code',
    {
      onRequest: admin,
      schema: {
        tags: ['complaints'],
        summary: 'Rename, reorder, or (de)activate a complaint category (admin)',
        params: complaintCategoryParamsSchema,
        body: complaintCategoryUpdateSchema,
        response: { 200: deskComplaintCategorySchema, ...writeErrors },
      },
    },
    (request) => updateCategory(app.db, actorOf(request), request.params.code, request.body),
  );

  app.get(
    '/api/desk/complaint-categories',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['complaints'],
        summary: 'All complaint categories, inactive ones too (complaints, cs, admin)',
        response: { 200: deskComplaintCategoryListSchema, ...staffErrors },
      },
    },
    () => listAllCategories(app.db),
  );

  app.get(
    '/api/desk/complaints',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['complaints'],
        summary: 'Complaints desk: complaints, newest first (complaints, cs, admin)',
        querystring: deskComplaintQuerySchema,
        response: { 200: deskComplaintPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => listComplaints(app.db, request.query),
  );

  app.get(
    '/api/desk/complaints/:id',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['complaints'],
        summary: 'One complaint with its answers and who wrote them',
        params: deskComplaintParamsSchema,
        response: { 200: deskComplaintDetailSchema, ...staffErrors },
      },
    },
    (request) => getDeskComplaint(app.db, request.params.id),
  );

  app.post(
    '/api/desk/complaints/:id/responses',
    {
      onRequest: deskStaff,
      config: { wakesOutbox: true },
      schema: {
        tags: ['complaints'],
        summary:
          'Answer the complainant (shown on the status page and sent by WhatsApp); optionally move the status',
        params: deskComplaintParamsSchema,
        body: complaintAnswerRequestSchema,
        response: { 200: deskComplaintDetailSchema, ...writeErrors },
      },
    },
    (request) => answerComplaint(app.db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/desk/complaints/:id/status',
    {
      onRequest: deskStaff,
      config: { wakesOutbox: true },
      schema: {
        tags: ['complaints'],
        summary: 'Move a complaint: RECEIVED→IN_PROGRESS→RESOLVED or RECEIVED→RESOLVED; other moves 409',
        params: deskComplaintParamsSchema,
        body: complaintStatusChangeSchema,
        response: { 200: deskComplaintDetailSchema, ...writeErrors },
      },
    },
    (request) => changeComplaintStatus(app.db, actorOf(request), request.params.id, request.body.status),
  );
};
