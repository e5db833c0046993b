import {
  deskRoles,
  publicSurveySchema,
  surveyAnswersSchema,
  surveyIndexQuerySchema,
  surveyIndexSchema,
  surveySubmittedSchema,
  surveyTokenParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_BODY_LIMIT, type PublicWriteOptions } from '../../lib/public-writes.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { surveyIndexCsv } from './csv.js';
import { getPublicSurvey, submitSurvey, surveyIndex } from './service.js';

/** The satisfaction survey (SKM): the patient's link, and the index for admins. */
export const surveyRoutes: FastifyPluginAsyncZod<PublicWriteOptions> = async (app, opts) => {
  const open = routesOf(app, { tags: ['surveys'], errors: errorResponses(404) });

  open.get(
    '/api/public/surveys/:token',
    {
      summary: 'The survey of a survey link: which service it asks about, and whether it was answered',
      params: surveyTokenParamsSchema,
      response: publicSurveySchema,
    },
    (request) => getPublicSurvey(app.db, request.params.token),
  );

  open.post(
    '/api/public/surveys/:token',
    {
      summary: 'Answer the survey: the nine elements U1–U9 (1–4) and an optional comment; once (409 after)',
      params: surveyTokenParamsSchema,
      body: surveyAnswersSchema,
      response: surveySubmittedSchema,
      errors: errorResponses(400, 404, 409, 413, 429),
      bodyLimit: PUBLIC_BODY_LIMIT,
    },
    (request) =>
      submitSurvey(app.db, request.params.token, request.body, {
        address: request.ip,
        ...opts.publicWrites,
      }),
  );

  const admins = routesOf(app, {
    tags: ['surveys'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: errorResponses(400, 401, 403),
  });

  admins.get(
    '/api/surveys/index',
    {
      summary:
        'Indeks Kepuasan Masyarakat per unit and month (NRR per element, IKM × 25, letter A–D) and the comments, without who answered (admin)',
      querystring: surveyIndexQuerySchema,
      response: surveyIndexSchema,
    },
    (request) => surveyIndex(app.db, request.query.from, request.query.to),
  );

  admins.get(
    '/api/surveys/index.csv',
    {
      summary: 'The index as CSV: UTF-8 with BOM, semicolon-separated, header in Bahasa (admin)',
      querystring: surveyIndexQuerySchema,
      response: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = surveyIndexCsv(await surveyIndex(app.db, from, to));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="indeks-kepuasan-${from}-${to}.csv"`)
        .send(csv);
    },
  );
};
