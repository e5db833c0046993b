import {
  deskRoles,
  PATIENT_SEARCH_LIMIT,
  patientDetailSchema,
  patientParamsSchema,
  patientSearchQuerySchema,
  patientSearchResultSchema,
  RESULT_LIMIT_HEADER,
  RESULT_TRUNCATED_HEADER,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { getPatientDetail, searchPatients } from './service.js';

/** Patient search and identity: the medical records desk (role `records`) and admins. */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = routesOf(app, {
    tags: ['patients'],
    onRequest: app.requireStaff(deskRoles.records),
    errors: errorResponses(400, 401, 403, 404),
  });

  records.get(
    '/api/patients',
    {
      summary: 'Search patients by one criterion (at most 200 rows)',
      description:
        'Exactly one of `name`, `nik`, `nip`, `phone`, `insuranceNo` (case-insensitive, anywhere in the ' +
        'value, at least 3 characters; spaces, dots and dashes in numbers are ignored), `mrn` (the ' +
        'medical record number, exact, in any case; digits also without their leading zeros: `1` finds ' +
        '`000001`) or `birthDate` ' +
        `(exact). At most ${PATIENT_SEARCH_LIMIT} patients, best matches first (the term nearer the ` +
        `start), then by name. Headers: \`${RESULT_LIMIT_HEADER}\` is the row limit, ` +
        `\`${RESULT_TRUNCATED_HEADER}\` is \`true\` when more patients matched than were returned.`,
      querystring: patientSearchQuerySchema,
      response: patientSearchResultSchema,
    },
    async (request, reply) => {
      const { rows, truncated } = await searchPatients(app.db, request.query);
      reply.header(RESULT_LIMIT_HEADER, String(PATIENT_SEARCH_LIMIT));
      reply.header(RESULT_TRUNCATED_HEADER, String(truncated));
      return rows;
    },
  );

  records.get(
    '/api/patients/:id',
    {
      summary: "A patient's identity with every legacy field and the age today",
      params: patientParamsSchema,
      response: patientDetailSchema,
    },
    (request) => getPatientDetail(app.db, request.params.id),
  );
};
