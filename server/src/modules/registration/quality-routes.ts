import {
  bpjsQueueViewSchema,
  deskRoles,
  idParamsSchema,
  queueQualityQuerySchema,
  queueQualitySchema,
  queueReportResentSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import type { BpjsLink } from '../bpjs/client.js';
import { bpjsQueueView, queueQuality, resendQueueReport } from './queue-quality.js';

/** The queue quality monitor of the queue desk: what BPJS Antrean RS heard of each day's JKN visits. */
export const queueQualityRoutes: FastifyPluginAsyncZod<{ link: BpjsLink | undefined }> = async (
  app,
  options,
) => {
  const desk = routesOf(app, {
    tags: ['queue desk'],
    onRequest: app.requireStaff(deskRoles.registration),
    errors: errorResponses(400, 401, 403),
  });

  desk.get(
    '/api/queue/quality',
    {
      summary: "Per clinic, a day's JKN visits and how many of their reports BPJS accepted, and the failures",
      description:
        "Read from the portal's own reports to BPJS Antrean RS (the outbox): per clinic the JKN visits (not " +
        'cancelled, not no-show), how many have their booking (`antrean/add`) and tasks 3 to 7 ' +
        '(`antrean/updatewaktu`) accepted, how many are complete (booking and tasks 3, 4, 5 accepted and ' +
        "nothing left unsent), and every report BPJS refused or that could not be sent, with BPJS's answer. " +
        'BPJS is not asked.',
      querystring: queueQualityQuerySchema,
      response: queueQualitySchema,
    },
    (request) => queueQuality(app.db, request.query.date),
  );

  desk.get(
    '/api/queue/quality/bpjs',
    {
      summary: "BPJS's own view of a day, fetched now, beside the portal's reports",
      description:
        'Asks BPJS Antrean RS for the bookings it holds of the date (`antrean/pendaftaran/tanggal`), the task ' +
        'lists of the visits with accepted tasks (`antrean/getlisttask`, at most 30) and its waiting-time ' +
        'dashboard (`dashboard/waktutunggu/tanggal/{date}/waktu/server`). Answers `available: false` with the ' +
        'reason when BPJS is not configured or does not answer.',
      querystring: queueQualityQuerySchema,
      response: bpjsQueueViewSchema,
    },
    (request) => bpjsQueueView(app.db, options.link, request.query.date),
  );

  desk.post(
    '/api/queue/quality/reports/:id/resend',
    {
      summary: 'Send a failed report of a JKN booking to BPJS again now (idempotent; audit-logged)',
      description:
        'The report is due again at once with a fresh count of attempts (`pending`); one BPJS has already ' +
        'accepted is left as it is (`sent`). 404 for a message that is no booking report to BPJS.',
      params: idParamsSchema,
      response: queueReportResentSchema,
      errors: errorResponses(400, 401, 403, 404),
      config: { wakesOutbox: true },
    },
    async (request) => ({ status: await resendQueueReport(app.db, actorOf(request), request.params.id) }),
  );
};
