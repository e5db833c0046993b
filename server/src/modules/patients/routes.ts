import {
  errorResponseSchema,
  inpatientHistoryQuerySchema,
  inpatientVisitListSchema,
  outpatientHistoryQuerySchema,
  outpatientVisitListSchema,
  PATIENT_SEARCH_LIMIT,
  patientDetailSchema,
  patientParamsSchema,
  patientSearchQuerySchema,
  patientSearchResultSchema,
  RECENT_VISITS,
  RESULT_LIMIT_HEADER,
  RESULT_TRUNCATED_HEADER,
  recentVisitListSchema,
  visitDetailSchema,
  visitParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPatientDetail, searchPatients } from './service.js';
import { inpatientHistory, outpatientHistory, recentVisits, visitByRegistrationNo } from './visits.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Patient search and visit history: the medical records desk (role `records`) and admins. */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const recordsStaff = app.requireStaff(['records', 'admin']);

  app.get(
    '/api/patients',
    {
      onRequest: recordsStaff,
      schema: {
        tags: ['patients'],
        summary: 'Search patients by one criterion (at most 200 rows)',
        description:
          'Exactly one of `name`, `nik`, `nip`, `phone`, `insuranceNo` (case-insensitive, anywhere in the ' +
          'value, at least 3 characters; spaces, dots and dashes in numbers are ignored) or `birthDate` ' +
          `(exact). At most ${PATIENT_SEARCH_LIMIT} patients, best matches first (the term nearer the ` +
          `start), then by name. Headers: \`${RESULT_LIMIT_HEADER}\` is the row limit, ` +
          `\`${RESULT_TRUNCATED_HEADER}\` is \`true\` when more patients matched than were returned.`,
        querystring: patientSearchQuerySchema,
        response: { 200: patientSearchResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { rows, truncated } = await searchPatients(app.db, request.query);
      reply.header(RESULT_LIMIT_HEADER, String(PATIENT_SEARCH_LIMIT));
      reply.header(RESULT_TRUNCATED_HEADER, String(truncated));
      return rows;
    },
  );

  app.get(
    '/api/patients/:id',
    {
      onRequest: recordsStaff,
      schema: {
        tags: ['patients'],
        summary: "A patient's identity with every legacy field and the age today",
        params: patientParamsSchema,
        response: { 200: patientDetailSchema, ...errors },
      },
    },
    (request) => getPatientDetail(app.db, request.params.id),
  );

  app.get(
    '/api/patients/:id/visits',
    {
      onRequest: recordsStaff,
      schema: {
        tags: ['patients'],
        summary: `The last ${RECENT_VISITS} visits, outpatient and inpatient together, newest first`,
        description: 'Cancelled (BATAL) outpatient visits are listed too, marked `cancelled`.',
        params: patientParamsSchema,
        response: { 200: recentVisitListSchema, ...errors },
      },
    },
    (request) => recentVisits(app.db, request.params.id),
  );

  app.get(
    '/api/patients/:id/outpatient-visits',
    {
      onRequest: recordsStaff,
      schema: {
        tags: ['patients'],
        summary: 'Outpatient history by visit date, newest first',
        description:
          '`from`..`to` (inclusive; `to` defaults to today, `from` to a year before `to`; at most 5 years). ' +
          'Cancelled (BATAL) visits are excluded unless `includeCancelled=true`. `clinicId` keeps one ' +
          'clinic; `vaccination=0` keeps visits without a vaccination, `vaccination=1` those with one.',
        params: patientParamsSchema,
        querystring: outpatientHistoryQuerySchema,
        response: { 200: outpatientVisitListSchema, ...errors },
      },
    },
    (request) => outpatientHistory(app.db, request.params.id, request.query),
  );

  app.get(
    '/api/patients/:id/inpatient-visits',
    {
      onRequest: recordsStaff,
      schema: {
        tags: ['patients'],
        summary: 'Inpatient history by admission date, newest first',
        description:
          '`from`..`to` (inclusive, WIB; `to` defaults to today, `from` to a year before `to`; at most ' +
          '5 years). `roomCode` keeps one room.',
        params: patientParamsSchema,
        querystring: inpatientHistoryQuerySchema,
        response: { 200: inpatientVisitListSchema, ...errors },
      },
    },
    (request) => inpatientHistory(app.db, request.params.id, request.query),
  );

  app.get(
    '/api/visits/:registrationNo',
    {
      onRequest: recordsStaff,
      schema: {
        tags: ['patients'],
        summary: 'A visit (outpatient or inpatient) by its registration number, with its patient',
        params: visitParamsSchema,
        response: { 200: visitDetailSchema, ...errors },
      },
    },
    (request) => visitByRegistrationNo(app.db, request.params.registrationNo),
  );
};
