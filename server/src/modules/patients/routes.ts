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
import { getPatientDetail, searchPatients } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

/** Patient search and identity: the medical records desk (role `records`) and admins. */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const recordsStaff = app.requireStaff(deskRoles.records);

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
};
