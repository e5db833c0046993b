import {
  adminScheduleSchema,
  bookingCodeParamsSchema,
  clinicParamsSchema,
  clinicScheduleListSchema,
  deskRoles,
  idParamsSchema,
  pharmacyDeskSchema,
  pharmacyRequestSchema,
  queueActionParamsSchema,
  queueBoardSchema,
  queueDeskQuerySchema,
  queueDeskSchema,
  queueEntrySchema,
  queueSessionRequestSchema,
  registrationCreatedSchema,
  registrationRequestSchema,
  registrationStatusViewSchema,
  scheduleInputSchema,
  scheduleQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegistrationConfig } from '../../config.js';
import { PUBLIC_BODY_LIMIT } from '../../lib/public-writes.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { getPharmacyDesk, sendToPharmacy } from './pharmacy.js';
import { callNext, getQueueBoard, getQueueDesk, queueAction, undoLast } from './queue.js';
import { cancelRegistration, checkIn, createRegistration, getRegistrationStatus } from './service.js';
import { changeSchedule, clinicSchedules } from './sessions.js';

const staffErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * Outpatient bookings (public), the clinic queue desk (staff) and the public queue board; and what touches
 * the sessions' quotas: the places left per session, and changing a weekly schedule.
 */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationConfig> = async (app, opts) => {
  const board = app.liveFeed('queueBoard', () => getQueueBoard(app.db));
  const window = () => ({ horizonDays: opts.horizonDays, now: new Date() });

  app.get(
    '/api/clinics/:id/schedules',
    {
      schema: {
        tags: ['registration'],
        summary: "A clinic's doctor sessions on a date, with the quota left per payer",
        params: clinicParamsSchema,
        querystring: scheduleQuerySchema,
        response: { 200: clinicScheduleListSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => clinicSchedules(app.db, request.params.id, request.query.date, window()),
  );

  app.post(
    '/api/registrations',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
      schema: {
        tags: ['registration'],
        summary: 'Book an outpatient visit: booking code, queue number and estimated time',
        body: registrationRequestSchema,
        response: { 201: registrationCreatedSchema, ...errorResponses(400, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const booking = await createRegistration(
        app.db,
        request.body,
        { address: request.ip, writeLimit: opts.writeLimit },
        window(),
      );
      return reply.status(201).send(booking);
    },
  );

  app.get(
    '/api/registrations/:code',
    {
      schema: {
        tags: ['registration'],
        summary: 'A booking by its code: status, people ahead, estimated time',
        params: bookingCodeParamsSchema,
        response: { 200: registrationStatusViewSchema, ...errorResponses(404) },
      },
    },
    (request) => getRegistrationStatus(app.db, request.params.code),
  );

  const patientAction = (path: string, summary: string, act: typeof checkIn) =>
    app.post(
      `/api/registrations/:code/${path}`,
      {
        config: { changesFeeds: ['queueBoard'], wakesOutbox: true },
        schema: {
          tags: ['registration'],
          summary,
          params: bookingCodeParamsSchema,
          response: { 200: registrationStatusViewSchema, ...errorResponses(404, 409) },
        },
      },
      (request) => act(app.db, request.params.code),
    );
  patientAction('check-in', 'Check in on the day of the visit (BOOKED → CHECKED_IN)', checkIn);
  patientAction(
    'cancel',
    'Cancel while BOOKED and not in the past; the place goes back to the quota',
    cancelRegistration,
  );

  const desk = app.requireStaff(deskRoles.registration);

  app.get(
    '/api/queue/desk',
    {
      onRequest: desk,
      schema: {
        tags: ['queue desk'],
        summary: "Today's sessions of a clinic with their bookings and task stamps",
        querystring: queueDeskQuerySchema,
        response: { 200: queueDeskSchema, ...staffErrors },
      },
    },
    (request) => getQueueDesk(app.db, request.query.clinicId),
  );

  app.post(
    '/api/queue/desk/call-next',
    {
      onRequest: desk,
      config: { changesFeeds: ['queueBoard'], wakesOutbox: true },
      schema: {
        tags: ['queue desk'],
        summary: 'Call the lowest number waiting for the clinic (task 4)',
        body: queueSessionRequestSchema,
        response: { 200: queueEntrySchema, ...staffErrors },
      },
    },
    (request) => callNext(app.db, actorOf(request), request.body.scheduleId),
  );

  app.post(
    '/api/queue/desk/undo',
    {
      onRequest: desk,
      config: { changesFeeds: ['queueBoard'], wakesOutbox: true },
      schema: {
        tags: ['queue desk'],
        summary: "Undo the session's last desk action (its stamp is kept, marked undone)",
        body: queueSessionRequestSchema,
        response: { 200: queueEntrySchema, ...staffErrors },
      },
    },
    (request) => undoLast(app.db, actorOf(request), request.body.scheduleId),
  );

  app.post(
    '/api/queue/desk/registrations/:code/:action',
    {
      onRequest: desk,
      config: { changesFeeds: ['queueBoard'], wakesOutbox: true },
      schema: {
        tags: ['queue desk'],
        summary:
          'Move one booking: check-in (task 1 new patient, 3 otherwise), admission-start (2), admission-end (3), call (4), serve (5), no-show (99), pharmacy-start (6), pharmacy-done (7)',
        params: queueActionParamsSchema,
        response: { 200: queueEntrySchema, ...staffErrors },
      },
    },
    (request) => queueAction(app.db, actorOf(request), request.params.code, request.params.action),
  );

  app.post(
    '/api/queue/desk/registrations/:code/pharmacy',
    {
      onRequest: desk,
      config: { wakesOutbox: true },
      schema: {
        tags: ['queue desk'],
        summary:
          "Send a served patient to the pharmacy with the prescription type: the pharmacy's next number",
        params: bookingCodeParamsSchema,
        body: pharmacyRequestSchema,
        response: { 200: queueEntrySchema, ...staffErrors },
      },
    },
    (request) => sendToPharmacy(app.db, actorOf(request), request.params.code, request.body.prescriptionType),
  );

  app.get(
    '/api/queue/pharmacy',
    {
      onRequest: desk,
      schema: {
        tags: ['queue desk'],
        summary: "Today's pharmacy queue: prescriptions in the order of their numbers, with tasks 6 and 7",
        response: { 200: pharmacyDeskSchema, ...staffErrors },
      },
    },
    () => getPharmacyDesk(app.db),
  );

  app.get(
    '/api/queue/board',
    {
      schema: {
        tags: ['queue board'],
        summary: 'Per clinic with a session today: the number being served and how many wait',
        response: { 200: queueBoardSchema },
      },
    },
    () => getQueueBoard(app.db),
  );

  app.get(
    '/api/queue/board/stream',
    {
      schema: {
        tags: ['queue board'],
        summary: 'Server-sent events: the queue board at once and again on every change (event "board")',
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => board.stream(request, reply, 'board'),
  );

  app.put(
    '/api/admin/schedules/:id',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary:
          'Change a weekly schedule; new quotas apply to sessions from today on, never below places taken',
        params: idParamsSchema,
        body: scheduleInputSchema,
        response: { 200: adminScheduleSchema, ...staffErrors },
      },
    },
    (request) => changeSchedule(app.db, actorOf(request), request.params.id, request.body),
  );
};
