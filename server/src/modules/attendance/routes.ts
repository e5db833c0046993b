import {
  attendanceRecapQuerySchema,
  attendanceRecapSchema,
  attendanceShiftSchema,
  deskRoles,
  idParamsSchema,
  myAttendanceQuerySchema,
  myAttendanceSchema,
  rosterEligibleSchema,
  rosterEntryListSchema,
  rosterEntrySchema,
  rosterInputSchema,
  rosterNowSchema,
  rosterQuerySchema,
  todayAttendanceSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, sessionOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { recapCsv } from './csv.js';
import { eligibleStaff, listRoster, removeRosterEntry, rosterNow, setRosterEntry } from './roster.js';
import { attendanceRecap, clockIn, clockOut, myAttendance, todayAttendance } from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Attendance (absensi) and the duty roster (piket). Every staff member clocks in and out and reads the
 * roster; the lists of others, the recap and the roster's planning are for admins.
 */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyStaff = app.requireStaff();
  const admin = app.requireStaff(deskRoles.admin);
  const own = routesOf(app, { tags: ['attendance'], onRequest: anyStaff, errors });
  const overview = routesOf(app, { tags: ['attendance'], onRequest: admin, errors });
  const roster = routesOf(app, { tags: ['roster'], onRequest: anyStaff, errors });
  const planning = routesOf(app, { tags: ['roster'], onRequest: admin, errors });

  own.post(
    '/api/attendance/clock-in',
    {
      summary: 'Clock in now (database clock); 409 while a shift is open',
      status: 201,
      response: attendanceShiftSchema,
    },
    async (request, reply) => reply.status(201).send(await clockIn(app.db, actorOf(request))),
  );

  own.post(
    '/api/attendance/clock-out',
    {
      summary: 'Clock out of the open shift now (database clock); 409 without one',
      response: attendanceShiftSchema,
    },
    (request) => clockOut(app.db, actorOf(request)),
  );

  own.get(
    '/api/attendance/me',
    {
      summary: 'My open shift and my shifts of a month (default: this month, in the hospital time zone)',
      querystring: myAttendanceQuerySchema,
      response: myAttendanceSchema,
    },
    (request) => myAttendance(app.db, sessionOf(request).id, request.query.month),
  );

  overview.get(
    '/api/attendance/today',
    {
      summary: "Today's shifts and roster posts of every active staff member, and who is absent (admin)",
      response: todayAttendanceSchema,
    },
    () => todayAttendance(app.db),
  );

  overview.get(
    '/api/attendance/recap',
    {
      summary:
        'Monthly recap per staff member: days present, minutes, late arrivals against the roster (admin)',
      querystring: attendanceRecapQuerySchema,
      response: attendanceRecapSchema,
    },
    (request) => attendanceRecap(app.db, request.query.month),
  );

  overview.get(
    '/api/attendance/recap.csv',
    {
      summary: 'The monthly recap as CSV: UTF-8 with BOM, semicolon-separated, header in Bahasa (admin)',
      querystring: attendanceRecapQuerySchema,
      response: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
    },
    async (request, reply) => {
      const { month } = request.query;
      const csv = recapCsv(await attendanceRecap(app.db, month));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="rekap-absensi-${month}.csv"`)
        .send(csv);
    },
  );

  roster.get(
    '/api/roster',
    {
      summary: 'Roster entries of a date range (at most 62 days), by date, shift and post',
      querystring: rosterQuerySchema,
      response: rosterEntryListSchema,
    },
    (request) => listRoster(app.db, request.query.from, request.query.to),
  );

  roster.get(
    '/api/roster/now',
    {
      summary: 'Who is scheduled for the current shift, next to who actually holds each post',
      response: rosterNowSchema,
    },
    () => rosterNow(app.db),
  );

  planning.get(
    '/api/roster/eligible',
    { summary: 'Active staff who may be rostered, per post (admin)', response: rosterEligibleSchema },
    () => eligibleStaff(app.db),
  );

  planning.put(
    '/api/roster',
    {
      summary: 'Plan a person for a post on a date and shift, replacing whoever was planned (admin)',
      body: rosterInputSchema,
      response: rosterEntrySchema,
    },
    (request) => setRosterEntry(app.db, actorOf(request), request.body),
  );

  planning.delete(
    '/api/roster/:id',
    { summary: 'Remove a roster entry (admin)', params: idParamsSchema, status: 204, response: z.null() },
    async (request, reply) => {
      await removeRosterEntry(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
