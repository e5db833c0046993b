import {
  adminClinicListSchema,
  adminClinicSchema,
  adminDoctorListSchema,
  adminDoctorSchema,
  adminScheduleListSchema,
  adminScheduleQuerySchema,
  adminScheduleSchema,
  clinicInputSchema,
  clinicListSchema,
  closedDateInputSchema,
  closedDateListSchema,
  closedDateQuerySchema,
  closedDateSchema,
  deskRoles,
  doctorInputSchema,
  idParamsSchema,
  registrationDateListSchema,
  registrationDatesQuerySchema,
  scheduleInputSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationConfig } from '../../config.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import {
  addClosedDate,
  addSchedule,
  listAdminClinics,
  listClosedDates,
  listDoctors,
  listSchedules,
  removeClosedDate,
  saveClinic,
  saveDoctor,
} from './admin.js';
import { listClinics, registrationDates } from './booking-window.js';

const staffErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * Clinics and doctor schedules: public reads for booking, reference data for admins and the registration
 * desk. The places left per session and changing a schedule, which also reach the sessions, are the
 * registration module's.
 */
export const clinicRoutes: FastifyPluginAsyncZod<RegistrationConfig> = async (app, opts) => {
  const window = () => ({ horizonDays: opts.horizonDays, now: new Date() });

  app.get(
    '/api/clinics',
    {
      schema: {
        tags: ['registration'],
        summary: 'Clinics that take outpatient bookings',
        response: { 200: clinicListSchema },
      },
    },
    () => listClinics(app.db),
  );

  app.get(
    '/api/public/registration-dates',
    {
      schema: {
        tags: ['registration'],
        summary: 'The days of the booking window of a clinic: open, or why not',
        querystring: registrationDatesQuerySchema,
        response: { 200: registrationDateListSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => registrationDates(app.db, request.query.clinicId, window()),
  );

  const desk = app.requireStaff(deskRoles.registration);

  app.get(
    '/api/admin/clinics',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'All clinics, active or not',
        response: { 200: adminClinicListSchema, ...staffErrors },
      },
    },
    () => listAdminClinics(app.db),
  );
  app.post(
    '/api/admin/clinics',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Add a clinic',
        body: clinicInputSchema,
        response: { 201: adminClinicSchema, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveClinic(app.db, actorOf(request), request.body)),
  );
  app.put(
    '/api/admin/clinics/:id',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Change a clinic (inactive clinics take no bookings)',
        params: idParamsSchema,
        body: clinicInputSchema,
        response: { 200: adminClinicSchema, ...staffErrors },
      },
    },
    (request) => saveClinic(app.db, actorOf(request), request.body, request.params.id),
  );

  app.get(
    '/api/admin/doctors',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'All doctors, active or not',
        response: { 200: adminDoctorListSchema, ...staffErrors },
      },
    },
    () => listDoctors(app.db),
  );
  app.post(
    '/api/admin/doctors',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Add a doctor',
        body: doctorInputSchema,
        response: { 201: adminDoctorSchema, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveDoctor(app.db, actorOf(request), request.body)),
  );
  app.put(
    '/api/admin/doctors/:id',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Change a doctor',
        params: idParamsSchema,
        body: doctorInputSchema,
        response: { 200: adminDoctorSchema, ...staffErrors },
      },
    },
    (request) => saveDoctor(app.db, actorOf(request), request.body, request.params.id),
  );

  app.get(
    '/api/admin/schedules',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Weekly doctor schedules, optionally of one clinic',
        querystring: adminScheduleQuerySchema,
        response: { 200: adminScheduleListSchema, ...staffErrors },
      },
    },
    (request) => listSchedules(app.db, request.query.clinicId),
  );
  app.post(
    '/api/admin/schedules',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Add a weekly schedule',
        body: scheduleInputSchema,
        response: { 201: adminScheduleSchema, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addSchedule(app.db, actorOf(request), request.body)),
  );
  app.get(
    '/api/admin/closed-dates',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Days without outpatient service, from a date (default today) on',
        querystring: closedDateQuerySchema,
        response: { 200: closedDateListSchema, ...staffErrors },
      },
    },
    (request) => listClosedDates(app.db, request.query.from),
  );
  app.post(
    '/api/admin/closed-dates',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Close a day: for the whole hospital, one clinic, or one doctor (leave)',
        body: closedDateInputSchema,
        response: { 201: closedDateSchema, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addClosedDate(app.db, actorOf(request), request.body)),
  );
  app.delete(
    '/api/admin/closed-dates/:id',
    {
      onRequest: desk,
      schema: {
        tags: ['clinic admin'],
        summary: 'Open a closed day again',
        params: idParamsSchema,
        response: { 204: z.null(), ...staffErrors },
      },
    },
    async (request, reply) => {
      await removeClosedDate(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
