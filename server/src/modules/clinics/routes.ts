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
  closedDateListSchema,
  closedDateQuerySchema,
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
import { routesOf } from '../../plugins/routes.js';
import {
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

/**
 * Clinics and doctor schedules: public reads for booking, reference data for admins and the registration
 * desk. The places left per session, changing a schedule and closing a day, which also reach the sessions
 * and their bookings, are the registration module's.
 */
export const clinicRoutes: FastifyPluginAsyncZod<RegistrationConfig> = async (app, opts) => {
  const window = () => ({ horizonDays: opts.horizonDays, now: new Date() });
  const open = routesOf(app, { tags: ['registration'] });
  const clinicList = app.readModel('clinics', () => listClinics(app.db), { tables: ['clinics'] });
  // A session over for today closes its day: the days follow the clock too (built again every half minute).
  const bookingDays = app.readModels(
    'registrationDates',
    (clinicId: number) => registrationDates(app.db, clinicId, window()),
    { tables: ['clinics', 'doctors', 'doctor_schedules', 'closed_dates'], maxAgeMs: 30_000 },
  );

  open.get(
    '/api/clinics',
    { summary: 'Clinics that take outpatient bookings', response: clinicListSchema },
    (request, reply) => clinicList.reply(request, reply),
  );

  open.get(
    '/api/public/registration-dates',
    {
      summary: 'The days of the booking window of a clinic: open, or why not',
      querystring: registrationDatesQuerySchema,
      response: registrationDateListSchema,
      errors: errorResponses(400, 404),
    },
    (request, reply) => bookingDays.reply(request, reply, request.query.clinicId),
  );

  const desk = routesOf(app, {
    tags: ['clinic admin'],
    onRequest: app.requireStaff(deskRoles.registration),
    errors: errorResponses(400, 401, 403, 404, 409),
  });

  desk.get(
    '/api/admin/clinics',
    { summary: 'All clinics, active or not', response: adminClinicListSchema },
    () => listAdminClinics(app.db),
  );
  desk.post(
    '/api/admin/clinics',
    {
      summary: 'Add a clinic',
      body: clinicInputSchema,
      status: 201,
      response: adminClinicSchema,
      config: { simrsOwned: 'Data poliklinik' },
    },
    async (request, reply) =>
      reply.status(201).send(await saveClinic(app.db, actorOf(request), request.body)),
  );
  desk.put(
    '/api/admin/clinics/:id',
    {
      summary: 'Change a clinic (inactive clinics take no bookings)',
      params: idParamsSchema,
      body: clinicInputSchema,
      response: adminClinicSchema,
      config: { simrsOwned: 'Data poliklinik' },
    },
    (request) => saveClinic(app.db, actorOf(request), request.body, request.params.id),
  );

  desk.get(
    '/api/admin/doctors',
    { summary: 'All doctors, active or not', response: adminDoctorListSchema },
    () => listDoctors(app.db),
  );
  desk.post(
    '/api/admin/doctors',
    {
      summary: 'Add a doctor',
      body: doctorInputSchema,
      status: 201,
      response: adminDoctorSchema,
      config: { simrsOwned: 'Data dokter' },
    },
    async (request, reply) =>
      reply.status(201).send(await saveDoctor(app.db, actorOf(request), request.body)),
  );
  desk.put(
    '/api/admin/doctors/:id',
    {
      summary: 'Change a doctor',
      params: idParamsSchema,
      body: doctorInputSchema,
      response: adminDoctorSchema,
      config: { simrsOwned: 'Data dokter' },
    },
    (request) => saveDoctor(app.db, actorOf(request), request.body, request.params.id),
  );

  desk.get(
    '/api/admin/schedules',
    {
      summary: 'Weekly doctor schedules, optionally of one clinic',
      querystring: adminScheduleQuerySchema,
      response: adminScheduleListSchema,
    },
    (request) => listSchedules(app.db, request.query.clinicId),
  );
  desk.post(
    '/api/admin/schedules',
    {
      summary: 'Add a weekly schedule',
      body: scheduleInputSchema,
      status: 201,
      response: adminScheduleSchema,
      config: { simrsOwned: 'Jadwal dokter' },
    },
    async (request, reply) =>
      reply.status(201).send(await addSchedule(app.db, actorOf(request), request.body)),
  );
  desk.get(
    '/api/admin/closed-dates',
    {
      summary: 'Days without outpatient service, from a date (default today) on',
      querystring: closedDateQuerySchema,
      response: closedDateListSchema,
    },
    (request) => listClosedDates(app.db, request.query.from),
  );
  desk.delete(
    '/api/admin/closed-dates/:id',
    { summary: 'Open a closed day again', params: idParamsSchema, status: 204, response: z.null() },
    async (request, reply) => {
      await removeClosedDate(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
