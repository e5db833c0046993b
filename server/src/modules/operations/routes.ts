import {
  deskRoles,
  operationCancelSchema,
  operationInputSchema,
  operationListQuerySchema,
  operationListSchema,
  idParamsSchema,
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
import { routesOf } from '../../plugins/routes.js';
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

/** The operating-room schedule: kept by theatre staff (or admin), with an anonymised public view of today. */
export const operationRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = routesOf(app, { tags: ['operating schedule'] });
  // Today's: built again at least every half minute, so that a new day starts on its own.
  const publicSchedule = app.readModel(
    'publicOperatingSchedule',
    () => publicOperatingSchedule(app.db, localToday()),
    { tables: ['operations', 'clinics', 'doctors'], maxAgeMs: 30_000 },
  );
  const theatre = routesOf(app, {
    tags: ['operating schedule'],
    onRequest: app.requireStaff(deskRoles.theatre),
    errors: errorResponses(400, 401, 403, 404, 409),
  });

  open.get(
    '/api/public/operating-schedule',
    {
      summary: "Today's operating-room schedule without anything about the patients",
      response: publicOperatingScheduleSchema,
    },
    (request, reply) => publicSchedule.reply(request, reply),
  );

  theatre.get(
    '/api/operations',
    {
      summary:
        "A day's operations in queue order; status narrows to one state (not cancelled) or Batal (cancelled)",
      querystring: operationListQuerySchema,
      response: operationListSchema,
    },
    (request) => listOperations(app.db, request.query.date, request.query.status),
  );

  theatre.get(
    '/api/operations/patients',
    {
      summary: 'Find a patient for the schedule by medical record number or name',
      querystring: operationPatientQuerySchema,
      response: operationPatientListSchema,
      config: { readsPatients: { kind: 'search' } },
    },
    (request) => searchOperationPatients(app.db, request.query.q),
  );

  theatre.get(
    '/api/operations/surgeons',
    { summary: 'Active doctors who can be named as surgeon', response: surgeonListSchema },
    () => listSurgeons(app.db),
  );

  theatre.post(
    '/api/operations',
    {
      summary: "Add an operation at the end of its day's list",
      description:
        '409 `THEATRE_TAKEN` when the theatre is planned at the same start for another operation of the day that is waiting or running.',
      config: { simrsOwned: 'Jadwal operasi' },
      body: operationInputSchema,
      status: 201,
      response: operationSchema,
    },
    async (request, reply) =>
      reply.status(201).send(await addOperation(app.db, actorOf(request), request.body, localToday())),
  );

  theatre.put(
    '/api/operations/:id',
    {
      summary: 'Change a waiting operation (409 once started, done or cancelled)',
      description: '409 `THEATRE_TAKEN` as for adding one.',
      config: { simrsOwned: 'Jadwal operasi' },
      params: idParamsSchema,
      body: operationInputSchema,
      response: operationSchema,
    },
    (request) => editOperation(app.db, actorOf(request), request.params.id, request.body, localToday()),
  );

  theatre.post(
    '/api/operations/reorder',
    {
      summary: "Put a day's operations in a new order: all of that day's ids, each once",
      config: { simrsOwned: 'Jadwal operasi' },
      body: operationReorderSchema,
      response: operationListSchema,
    },
    (request) => reorderOperations(app.db, actorOf(request), request.body),
  );

  theatre.post(
    '/api/operations/:id/status',
    {
      summary: 'Move Menunggu → Sedang Berlangsung → Selesai; any other move is 409',
      description:
        "Linked to a SIMRS, the status is written to the operation's `emr_template` row in the same action " +
        '(`status_operasi`, `batal`), only while that row holds what the portal showed: else 409 ' +
        '`SIMRS_CONFLICT` with the operation as it is now in `current`. Cancelling writes `batal` the same way.',
      params: idParamsSchema,
      body: operationStatusChangeSchema,
      response: operationSchema,
    },
    (request) =>
      moveOperation(
        app.db,
        actorOf(request),
        request.params.id,
        request.body.status,
        localToday(),
        app.writeThrough(),
      ),
  );

  theatre.post(
    '/api/operations/:id/cancel',
    {
      summary: 'Cancel (batal) an operation that is not done; it stays in the list, flagged',
      params: idParamsSchema,
      body: operationCancelSchema,
      response: operationSchema,
    },
    (request) =>
      cancelOperation(app.db, actorOf(request), request.params.id, request.body.reason, app.writeThrough()),
  );
};
