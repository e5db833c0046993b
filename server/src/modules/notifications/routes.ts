import { createHash, timingSafeEqual } from 'node:crypto';
import {
  deskRoles,
  messageKindParamsSchema,
  messagePreviewSchema,
  messageTemplateInputSchema,
  messageTemplateListSchema,
  messageTemplateSchema,
  optOutInputSchema,
  optOutListSchema,
  optOutParamsSchema,
  outboxBacklogSchema,
  outboxPageSchema,
  outboxRetriedSchema,
  outboxRetryFailedSchema,
  idParamsSchema,
  outboxQuerySchema,
  type OutboxChannel,
  whatsappInboundSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { inboundMessage, listOptOuts, optOut, removeOptOut } from './opt-outs.js';
import { listOutbox, outboxBacklog, retryFailed, retryMessage } from './service.js';
import { listTemplates, previewTemplate, resetTemplate, saveTemplate } from './templates.js';

export interface OutboxRouteOptions {
  /** WHATSAPP_GATEWAY_TOKEN: the gateway posts the patients' replies with it; unset, it cannot. */
  gatewayToken: string | undefined;
  /** Per channel, whether its other side is configured (see `outboxBacklogSchema`). */
  configured: Record<OutboxChannel, boolean>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The outbox for staff who answer for the notifications (what went out, what waits, what failed), the
 * texts of the messages to patients, the numbers that opted out, and the gateway's door for replies.
 */
export const outboxRoutes: FastifyPluginAsyncZod<OutboxRouteOptions> = async (app, opts) => {
  const outbox = routesOf(app, {
    tags: ['notifications'],
    onRequest: app.requireStaff(deskRoles.outbox),
    errors: errorResponses(401, 403, 404),
  });

  outbox.get(
    '/api/desk/outbox',
    {
      summary: 'Messages of the outbox (WhatsApp, reports to BPJS), newest first (admin, piket, cs)',
      querystring: outboxQuerySchema,
      response: outboxPageSchema,
    },
    (request) => listOutbox(app.db, request.query),
  );

  outbox.post(
    '/api/desk/outbox/:id/retry',
    {
      summary: 'Send a failed message again (409 unless it failed, or when its number opted out)',
      params: idParamsSchema,
      status: 204,
      response: z.null(),
      errors: errorResponses(401, 403, 404, 409),
      config: { wakesOutbox: true },
    },
    async (request, reply) => {
      await retryMessage(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  outbox.get(
    '/api/desk/outbox/backlog',
    {
      summary: 'Per channel: what waits, what is stuck (its last attempt failed) and since when, what failed',
      response: z.array(outboxBacklogSchema),
    },
    async () =>
      (await outboxBacklog(app.db)).map((c) => ({
        ...c,
        configured: opts.configured[c.channel],
        oldestPendingAt: c.oldestPendingAt?.toISOString() ?? null,
        oldestStuckAt: c.oldestStuckAt?.toISOString() ?? null,
        lastSentAt: c.lastSentAt?.toISOString() ?? null,
      })),
  );

  outbox.post(
    '/api/desk/outbox/retry-failed',
    {
      summary:
        'Send every failed message of a channel again, e.g. after an outage of BPJS (answers how many)',
      body: outboxRetryFailedSchema,
      response: outboxRetriedSchema,
      errors: errorResponses(400, 401, 403),
      config: { wakesOutbox: true },
    },
    async (request) => ({ retried: await retryFailed(app.db, actorOf(request), request.body.channel) }),
  );

  const admin = routesOf(app, {
    tags: ['notifications'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: errorResponses(400, 401, 403, 404),
  });

  admin.get(
    '/api/admin/message-templates',
    {
      summary: 'The WhatsApp texts to patients, one per kind, with the placeholders each may use',
      response: messageTemplateListSchema,
    },
    () => listTemplates(app.db),
  );
  admin.put(
    '/api/admin/message-templates/:kind',
    {
      summary: 'Change the text of a kind (400 for a placeholder the kind does not know)',
      params: messageKindParamsSchema,
      body: messageTemplateInputSchema,
      response: messageTemplateSchema,
    },
    (request) => saveTemplate(app.db, actorOf(request), request.params.kind, request.body.body),
  );
  admin.delete(
    '/api/admin/message-templates/:kind',
    {
      summary: 'Back to the built-in text of a kind',
      params: messageKindParamsSchema,
      response: messageTemplateSchema,
    },
    (request) => resetTemplate(app.db, actorOf(request), request.params.kind),
  );
  admin.post(
    '/api/admin/message-templates/:kind/preview',
    {
      summary: 'A text (saved or not) rendered with a sample booking',
      params: messageKindParamsSchema,
      body: messageTemplateInputSchema,
      response: messagePreviewSchema,
    },
    (request) => previewTemplate(request.params.kind, request.body.body),
  );

  admin.get(
    '/api/admin/whatsapp-opt-outs',
    { summary: 'Numbers that get no more WhatsApp messages, newest first', response: optOutListSchema },
    () => listOptOuts(app.db),
  );
  admin.post(
    '/api/admin/whatsapp-opt-outs',
    {
      summary: "Stop the WhatsApp messages to a number (on the patient's request); what waits for it fails",
      body: optOutInputSchema,
      status: 204,
      response: z.null(),
    },
    async (request, reply) => {
      await optOut(app.db, request.body.phone, 'admin', actorOf(request));
      return reply.status(204).send(null);
    },
  );
  admin.delete(
    '/api/admin/whatsapp-opt-outs/:phone',
    {
      summary: 'Send WhatsApp messages to a number again',
      params: optOutParamsSchema,
      status: 204,
      response: z.null(),
    },
    async (request, reply) => {
      await removeOptOut(app.db, actorOf(request), request.params.phone);
      return reply.status(204).send(null);
    },
  );

  // The token is checked before the body, as a session is.
  const fromGateway = async (request: { headers: { authorization?: string } }) => {
    const token = opts.gatewayToken;
    if (!token) throw new AppError(404, 'NOT_FOUND', 'Data tidak ditemukan.');
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), digest(`Bearer ${token}`))) {
      throw new AppError(401, 'UNAUTHORIZED', 'Token gateway tidak valid.');
    }
  };
  const gateway = routesOf(app, {
    tags: ['notifications'],
    onRequest: fromGateway,
    errors: errorResponses(400, 401, 404),
  });
  gateway.post(
    '/api/whatsapp/inbound',
    {
      summary: "The gateway's webhook for a patient's reply: STOP (or BERHENTI) opts the number out",
      description:
        'Called by the WhatsApp gateway with `Authorization: Bearer $WHATSAPP_GATEWAY_TOKEN` (404 while no ' +
        'token is configured, 401 for another). Body `{"from":"62812…","message":"STOP"}`; other fields are ' +
        'ignored. Answers whether the number was opted out.',
      body: whatsappInboundSchema,
      response: z.object({ optedOut: z.boolean() }),
    },
    (request) => inboundMessage(app.db, request.body),
  );
};
