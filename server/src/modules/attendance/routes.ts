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

  app.post(
    '/api/attendance/clock-in',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['attendance'],
        summary: 'Clock in now (database clock); 409 while a shift is open',
        response: { 201: attendanceShiftSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await clockIn(app.db, actorOf(request))),
  );

  app.post(
    '/api/attendance/clock-out',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['attendance'],
        summary: 'Clock out of the open shift now (database clock); 409 without one',
        response: { 200: attendanceShiftSchema, ...errors },
      },
    },
    (request) => clockOut(app.db, actorOf(request)),
  );

  app.get(
    '/api/attendance/me',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['attendance'],
        summary: 'My open shift and my shifts of a month (default: this month, WIB)',
        querystring: myAttendanceQuerySchema,
        response: { 200: myAttendanceSchema, ...errors },
      },
    },
    (request) => myAttendance(app.db, sessionOf(request).id, request.query.month),
  );

  app.get(
    '/api/attendance/today',
    {
      onRequest: admin,
      schema: {
        tags: ['attendance'],
        summary: "Today's shifts and roster posts of every active staff member, and who is absent (admin)",
        response: { 200: todayAttendanceSchema, ...errors },
      },
    },
    () => todayAttendance(app.db),
  );

  app.get(
    '/api/attendance/recap',
    {
      onRequest: admin,
      schema: {
        tags: ['attendance'],
        summary:
          'Monthly recap per staff member: days present, minutes, late arrivals against the roster (admin)',
        querystring: attendanceRecapQuerySchema,
        response: { 200: attendanceRecapSchema, ...errors },
      },
    },
    (request) => attendanceRecap(app.db, request.query.month),
  );

  app.get(
    '/api/attendance/recap.csv',
    {
      onRequest: admin,
      schema: {
        tags: ['attendance'],
        summary: 'The monthly recap as CSV: UTF-8 with BOM, semicolon-separated, header in Bahasa (admin)',
        querystring: attendanceRecapQuerySchema,
        response: {
          200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...errors,
        },
      },
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

  app.get(
    '/api/roster',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['roster'],
        summary: 'Roster entries of a date range (at most 62 days), by date, shift and post',
        querystring: rosterQuerySchema,
        response: { 200: rosterEntryListSchema, ...errors },
      },
    },
    (request) => listRoster(app.db, request.query.from, request.query.to),
  );

  app.get(
    '/api/roster/now',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['roster'],
        summary: 'Who is scheduled for the current shift, next to who actually holds each post',
        response: { 200: rosterNowSchema, ...errors },
      },
    },
    () => rosterNow(app.db),
  );

  app.get(
    '/api/roster/eligible',
    {
      onRequest: admin,
      schema: {
        tags: ['roster'],
        summary: 'Active staff who may be rostered, per post (admin)',
        response: { 200: rosterEligibleSchema, ...errors },
      },
    },
    () => eligibleStaff(app.db),
  );

  app.put(
    '/api/roster',
    {
      onRequest: admin,
      schema: {
        tags: ['roster'],
        summary: 'Plan a person for a post on a date and shift, replacing whoever was planned (admin)',
        body: rosterInputSchema,
        response: { 200: rosterEntrySchema, ...errors },
      },
    },
    (request) => setRosterEntry(app.db, actorOf(request), request.body),
  );

  app.delete(
    '/api/roster/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['roster'],
        summary: 'Remove a roster entry (admin)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeRosterEntry(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
