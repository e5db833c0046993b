import {
  deskRoles,
  inpatientHistoryQuerySchema,
  inpatientVisitListSchema,
  outpatientHistoryQuerySchema,
  outpatientVisitListSchema,
  idParamsSchema,
  RECENT_VISITS,
  recentVisitListSchema,
  visitDetailSchema,
  visitParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.js';
import { notePatientRead } from '../../plugins/patient-reads.js';
import { routesOf } from '../../plugins/routes.js';
import { inpatientHistory, outpatientHistory, recentVisits, visitByRegistrationNo } from './service.js';

/**
 * Visit history, outpatient and inpatient: the medical records desk (role `records`) and admins. Every answer
 * is in the read audit.
 */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = routesOf(app, {
    tags: ['patients'],
    onRequest: app.requireStaff(deskRoles.records),
    errors: errorResponses(400, 401, 403, 404),
  });

  records.get(
    '/api/patients/:id/visits',
    {
      summary: `The last ${RECENT_VISITS} visits, outpatient and inpatient together, newest first`,
      description: 'Cancelled (BATAL) outpatient visits are listed too, marked `cancelled`.',
      params: idParamsSchema,
      response: recentVisitListSchema,
      config: { readsPatients: { kind: 'visits' } },
    },
    (request) => recentVisits(app.db, request.params.id),
  );

  records.get(
    '/api/patients/:id/outpatient-visits',
    {
      summary: 'Outpatient history by visit date, newest first',
      description:
        '`from`..`to` (inclusive; `to` defaults to today, `from` to a year before `to`; at most 5 years). ' +
        'Cancelled (BATAL) visits are excluded unless `includeCancelled=true`. `clinicId` keeps one ' +
        'clinic; `vaccination=0` keeps visits without a vaccination, `vaccination=1` those with one.',
      params: idParamsSchema,
      querystring: outpatientHistoryQuerySchema,
      response: outpatientVisitListSchema,
      config: { readsPatients: { kind: 'visits' } },
    },
    (request) => outpatientHistory(app.db, request.params.id, request.query),
  );

  records.get(
    '/api/patients/:id/inpatient-visits',
    {
      summary: 'Inpatient history by admission date, newest first',
      description:
        '`from`..`to` (inclusive, hospital time zone; `to` defaults to today, `from` to a year before `to`; at most ' +
        '5 years). `roomCode` keeps one room.',
      params: idParamsSchema,
      querystring: inpatientHistoryQuerySchema,
      response: inpatientVisitListSchema,
      config: { readsPatients: { kind: 'visits' } },
    },
    (request) => inpatientHistory(app.db, request.params.id, request.query),
  );

  records.get(
    '/api/visits/:registrationNo',
    {
      summary: 'A visit (outpatient or inpatient) by its registration number, with its patient',
      params: visitParamsSchema,
      response: visitDetailSchema,
      config: { readsPatients: { kind: 'visit' } },
    },
    async (request) => {
      const visit = await visitByRegistrationNo(app.db, request.params.registrationNo);
      notePatientRead(request, visit.patient.id);
      return visit;
    },
  );
};
