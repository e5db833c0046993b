import {
  bookingCodeParamsSchema,
  errorResponseSchema,
  type QueueBoard,
  queueActionParamsSchema,
  queueBoardSchema,
  queueDeskQuerySchema,
  queueDeskSchema,
  queueEntrySchema,
  queueSessionRequestSchema,
  registrationCreatedSchema,
  registrationRequestSchema,
  registrationStatusViewSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegistrationConfig } from '../../config.js';
import type { LiveFeed } from '../../lib/live-feed.js';
import { PUBLIC_BODY_LIMIT } from '../../lib/public-writes.js';
import { actorOf } from '../../plugins/auth.js';
import { callNext, getQueueBoard, getQueueDesk, queueAction, undoLast } from './queue.js';
import { cancelRegistration, checkIn, createRegistration, getRegistrationStatus } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    queueBoardFeed: LiveFeed<QueueBoard>;
  }
}

const staffErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Outpatient bookings (public), the clinic queue desk (staff) and the public queue board. */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationConfig> = async (app, opts) => {
  app.post(
    '/api/registrations',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags: ['registration'],
        summary: 'Book an outpatient visit: booking code, queue number and estimated time',
        body: registrationRequestSchema,
        response: {
          201: registrationCreatedSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const booking = await createRegistration(
        app.db,
        request.body,
        { address: request.ip, writeLimit: opts.writeLimit },
        { horizonDays: opts.horizonDays, now: new Date() },
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
        response: { 200: registrationStatusViewSchema, 404: errorResponseSchema },
      },
    },
    (request) => getRegistrationStatus(app.db, request.params.code),
  );

  const patientAction = (path: string, summary: string, act: typeof checkIn) =>
    app.post(
      `/api/registrations/:code/${path}`,
      {
        schema: {
          tags: ['registration'],
          summary,
          params: bookingCodeParamsSchema,
          response: { 200: registrationStatusViewSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const status = await act(app.db, request.params.code);
        await app.queueBoardFeed.changed();
        return status;
      },
    );
  patientAction('check-in', 'Check in on the day of the visit (BOOKED → CHECKED_IN)', checkIn);
  patientAction(
    'cancel',
    'Cancel while BOOKED and not in the past; the place goes back to the quota',
    cancelRegistration,
  );

  const desk = app.requireStaff(['registration', 'admin']);

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
      schema: {
        tags: ['queue desk'],
        summary: 'Call the lowest number waiting for the clinic (task 4)',
        body: queueSessionRequestSchema,
        response: { 200: queueEntrySchema, ...staffErrors },
      },
    },
    async (request) => {
      const entry = await callNext(app.db, actorOf(request), request.body.scheduleId);
      await app.queueBoardFeed.changed();
      return entry;
    },
  );

  app.post(
    '/api/queue/desk/undo',
    {
      onRequest: desk,
      schema: {
        tags: ['queue desk'],
        summary: "Undo the session's last desk action (its stamp is kept, marked undone)",
        body: queueSessionRequestSchema,
        response: { 200: queueEntrySchema, ...staffErrors },
      },
    },
    async (request) => {
      const entry = await undoLast(app.db, actorOf(request), request.body.scheduleId);
      await app.queueBoardFeed.changed();
      return entry;
    },
  );

  app.post(
    '/api/queue/desk/registrations/:code/:action',
    {
      onRequest: desk,
      schema: {
        tags: ['queue desk'],
        summary:
          'Move one booking: check-in (task 1 new patient, 3 otherwise), admission-start (2), admission-end (3), call (4), serve (5), no-show (99)',
        params: queueActionParamsSchema,
        response: { 200: queueEntrySchema, ...staffErrors },
      },
    },
    async (request) => {
      const entry = await queueAction(app.db, actorOf(request), request.params.code, request.params.action);
      await app.queueBoardFeed.changed();
      return entry;
    },
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
    (request, reply) => app.queueBoardFeed.stream(request, reply, 'board'),
  );
};
