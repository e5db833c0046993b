import {
  deskRoles,
  operationCancelSchema,
  operationInputSchema,
  operationListQuerySchema,
  operationListSchema,
  operationParamsSchema,
  operationPatientListSchema,
  operationPatientQuerySchema,
  operationReorderSchema,
  operationSchema,
  operationStatusChangeSchema,
  publicOperatingScheduleSchema,
  surgeonListSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localToday } from '../../lib/dates.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import {
  addOperation,
  cancelOperation,
  editOperation,
  listOperations,
  listSurgeons,
  moveOperation,
  publicOperatingSchedule,
  reorderOperations,
  searchOperationPatients,
} from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The operating-room schedule: kept by theatre staff (or admin), with an anonymised public view of today. */
export const operationRoutes: FastifyPluginAsyncZod = async (app) => {
  const theatreStaff = app.requireStaff(deskRoles.theatre);

  app.get(
    '/api/public/operating-schedule',
    {
      schema: {
        tags: ['operating schedule'],
        summary: "Today's operating-room schedule without anything about the patients",
        response: { 200: publicOperatingScheduleSchema },
      },
    },
    () => publicOperatingSchedule(app.db, localToday()),
  );

  app.get(
    '/api/operations',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary:
          "A day's operations in queue order; status narrows to one state (not cancelled) or Batal (cancelled)",
        querystring: operationListQuerySchema,
        response: { 200: operationListSchema, ...errors },
      },
    },
    (request) => listOperations(app.db, request.query.date, request.query.status),
  );

  app.get(
    '/api/operations/patients',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary: 'Find a patient for the schedule by medical record number or name',
        querystring: operationPatientQuerySchema,
        response: { 200: operationPatientListSchema, ...errors },
      },
    },
    (request) => searchOperationPatients(app.db, request.query.q),
  );

  app.get(
    '/api/operations/surgeons',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary: 'Active doctors who can be named as surgeon',
        response: { 200: surgeonListSchema, ...errors },
      },
    },
    () => listSurgeons(app.db),
  );

  app.post(
    '/api/operations',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary: "Add an operation at the end of its day's list",
        body: operationInputSchema,
        response: { 201: operationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addOperation(app.db, actorOf(request), request.body, localToday())),
  );

  app.put(
    '/api/operations/:id',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary: 'Change a waiting operation (409 once started, done or cancelled)',
        params: operationParamsSchema,
        body: operationInputSchema,
        response: { 200: operationSchema, ...errors },
      },
    },
    (request) => editOperation(app.db, actorOf(request), request.params.id, request.body, localToday()),
  );

  app.post(
    '/api/operations/reorder',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary: "Put a day's operations in a new order: all of that day's ids, each once",
        body: operationReorderSchema,
        response: { 200: operationListSchema, ...errors },
      },
    },
    (request) => reorderOperations(app.db, actorOf(request), request.body),
  );

  app.post(
    '/api/operations/:id/status',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary: 'Move Menunggu → Sedang Berlangsung → Selesai; any other move is 409',
        params: operationParamsSchema,
        body: operationStatusChangeSchema,
        response: { 200: operationSchema, ...errors },
      },
    },
    (request) =>
      moveOperation(app.db, actorOf(request), request.params.id, request.body.status, localToday()),
  );

  app.post(
    '/api/operations/:id/cancel',
    {
      onRequest: theatreStaff,
      schema: {
        tags: ['operating schedule'],
        summary: 'Cancel (batal) an operation that is not done; it stays in the list, flagged',
        params: operationParamsSchema,
        body: operationCancelSchema,
        response: { 200: operationSchema, ...errors },
      },
    },
    (request) => cancelOperation(app.db, actorOf(request), request.params.id, request.body.reason),
  );
};
