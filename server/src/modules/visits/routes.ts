import {
  deskRoles,
  inpatientHistoryQuerySchema,
  inpatientVisitListSchema,
  outpatientHistoryQuerySchema,
  outpatientVisitListSchema,
  patientParamsSchema,
  RECENT_VISITS,
  recentVisitListSchema,
  visitDetailSchema,
  visitParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.js';
import { inpatientHistory, outpatientHistory, recentVisits, visitByRegistrationNo } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

/** Visit history, outpatient and inpatient: the medical records desk (role `records`) and admins. */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  const recordsStaff = app.requireStaff(deskRoles.records);

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
