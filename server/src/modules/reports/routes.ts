import { Readable } from 'node:stream';
import {
  bookingExportQuerySchema,
  bookingReportQuerySchema,
  bookingReportSchema,
  deskRoles,
  inpatientExportQuerySchema,
  inpatientReportQuerySchema,
  inpatientReportSchema,
  outpatientExportQuerySchema,
  outpatientReportQuerySchema,
  outpatientReportSchema,
  reportPatientGroupListSchema,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { bookingCsv, bookingReport } from './bookings.js';
import { patientGroups } from './common.js';
import { inpatientCsv, inpatientReport } from './stays.js';
import { outpatientCsv, outpatientReport } from './visits.js';

const csvFile = {
  description: 'CSV file: UTF-8 with BOM, semicolon-separated, CRLF, header in Bahasa Indonesia',
  content: { 'text/csv': { schema: z.string() } },
};

/** Sends an export as a download, streamed: the rows are read batch by batch while the client takes them. */
function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>): void {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(chunks));
}

const range = 'From `from` to `to` (inclusive, YYYY-MM-DD, at most a year)';
const paging = '; `page` counts from 1, `pageSize` at most 100.';

/**
 * The hospital-wide lists of the medical records desk (role `records`) and admins: outpatient visits, inpatient
 * stays and bookings of a date range, each page with the count of every day, and each list as CSV.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = routesOf(app, {
    tags: ['reports'],
    onRequest: app.requireStaff(deskRoles.records),
    errors: errorResponses(400, 401, 403),
  });

  records.get(
    '/api/reports/patient-groups',
    {
      summary: 'The patient groups the lists can be narrowed to (the reference list `patient_group`)',
      response: reportPatientGroupListSchema,
    },
    () => patientGroups(app.db),
  );

  records.get(
    '/api/reports/visits',
    {
      summary: 'Outpatient visits of the whole hospital by visit date, oldest first, with the count per day',
      description:
        `${range}; optionally one clinic, one patient group (\`patientGroup\`: its code; the visit has no ` +
        'payer of its own, the group its patient had when it was recorded stands for it), and `cancelled=true` only the cancelled (BATAL) ' +
        'or `false` only the other visits. Deleted visits are never listed. `total` counts the whole filter' +
        paging,
      querystring: outpatientReportQuerySchema,
      response: outpatientReportSchema,
      config: { readsPatients: { kind: 'report', list: 'visits' } },
    },
    (request) => outpatientReport(app.db, request.query),
  );

  records.get(
    '/api/reports/visits/export.csv',
    {
      summary: 'Every outpatient visit of the filter as CSV, in the order of the list',
      description: 'The filters of `GET /api/reports/visits`, without the page.',
      querystring: outpatientExportQuerySchema,
      response: csvFile,
      config: { readsPatients: { kind: 'export', list: 'visits' } },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      sendCsv(reply, `rawat-jalan_${from}_${to}.csv`, outpatientCsv(app.db, request.query));
      return reply;
    },
  );

  records.get(
    '/api/reports/stays',
    {
      summary:
        'Inpatient stays admitted on the days of a range (hospital time zone), oldest admission first, with the count per day',
      description:
        `${range}; optionally one room (\`roomCode\`) and one patient group. A stay admitted before \`from\` ` +
        'and still running is not listed. Deleted stays are never listed' +
        paging,
      querystring: inpatientReportQuerySchema,
      response: inpatientReportSchema,
      config: { readsPatients: { kind: 'report', list: 'stays' } },
    },
    (request) => inpatientReport(app.db, request.query),
  );

  records.get(
    '/api/reports/stays/export.csv',
    {
      summary: 'Every inpatient stay of the filter as CSV, in the order of the list',
      description: 'The filters of `GET /api/reports/stays`, without the page.',
      querystring: inpatientExportQuerySchema,
      response: csvFile,
      config: { readsPatients: { kind: 'export', list: 'stays' } },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      sendCsv(reply, `rawat-inap_${from}_${to}.csv`, inpatientCsv(app.db, request.query));
      return reply;
    },
  );

  records.get(
    '/api/reports/bookings',
    {
      summary:
        'Outpatient bookings of every channel by the day booked, with the count per day and per status',
      description:
        `${range}; optionally one channel (\`source\`), clinic, status and payer. Cancelled bookings are ` +
        'listed with their status; `perStatus` counts the filter whatever status it keeps' +
        paging,
      querystring: bookingReportQuerySchema,
      response: bookingReportSchema,
      config: { readsPatients: { kind: 'report', list: 'bookings' } },
    },
    (request) => bookingReport(app.db, request.query),
  );

  records.get(
    '/api/reports/bookings/export.csv',
    {
      summary: 'Every booking of the filter as CSV, in the order of the list',
      description: 'The filters of `GET /api/reports/bookings`, without the page.',
      querystring: bookingExportQuerySchema,
      response: csvFile,
      config: { readsPatients: { kind: 'export', list: 'bookings' } },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      sendCsv(reply, `pendaftaran_${from}_${to}.csv`, bookingCsv(app.db, request.query));
      return reply;
    },
  );
};
