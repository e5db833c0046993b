import {
  deskRoles,
  idParamsSchema,
  ownPasswordChangeSchema,
  sessionsEndedSchema,
  staffCreateSchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffPageSchema,
  staffPasswordResetSchema,
  staffSessionListSchema,
  staffSessionParamsSchema,
  staffUpdateSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, sessionOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import type { SessionPolicy } from '../auth/service.js';
import { addStaff, listStaffPage, resetStaffPassword, updateStaff } from './admin.js';
import { changeOwnPassword } from './own-password.js';
import { endStaffSession, endStaffSessions, staffSessions } from './sessions.js';

/**
 * Staff administration (`/pegawai`): accounts, roles, duty eligibility and sessions, admins only; and
 * everyone's own password.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ session: SessionPolicy }> = async (app, opts) => {
  const admins = routesOf(app, {
    tags: ['staff'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: errorResponses(400, 401, 403, 404, 409),
  });

  admins.get(
    '/api/staff',
    {
      summary: 'Staff by name, a page at a time; q searches name, username and phone',
      querystring: staffListQuerySchema,
      response: staffPageSchema,
    },
    (request) => listStaffPage(app.db, request.query),
  );

  admins.post(
    '/api/staff',
    {
      summary: 'Add a staff member (409 when the username or phone is taken)',
      body: staffCreateSchema,
      status: 201,
      response: staffMemberSchema,
    },
    async (request, reply) => reply.status(201).send(await addStaff(app.db, actorOf(request), request.body)),
  );

  admins.put(
    '/api/staff/:id',
    {
      summary:
        'Change a staff member; deactivating ends their sessions (409 for oneself, the last admin, or the holder of a duty post)',
      params: idParamsSchema,
      body: staffUpdateSchema,
      response: staffMemberSchema,
    },
    (request) => updateStaff(app.db, actorOf(request), request.params.id, request.body),
  );

  admins.post(
    '/api/staff/:id/password',
    {
      summary: "Set a staff member's new password; their sessions end",
      params: idParamsSchema,
      body: staffPasswordResetSchema,
      status: 204,
      response: z.null(),
    },
    async (request, reply) => {
      await resetStaffPassword(
        app.db,
        { ...actorOf(request), tokenHash: sessionOf(request).tokenHash },
        request.params.id,
        request.body.password,
      );
      return reply.status(204).send(null);
    },
  );

  const sessionActor = (request: FastifyRequest) => ({
    ...actorOf(request),
    tokenHash: sessionOf(request).tokenHash,
  });

  admins.get(
    '/api/staff/:id/sessions',
    {
      summary: "A staff member's live sessions, the most recently used first",
      description:
        'Sessions not ended, not past their end (`SESSION_MAX_HOURS`) and not idle for ' +
        '`SESSION_IDLE_MINUTES`. `lastSeenAt` is kept to the minute. `current` marks the session of the ' +
        'caller.',
      params: idParamsSchema,
      response: staffSessionListSchema,
      errors: errorResponses(401, 403, 404),
    },
    (request) => staffSessions(app.db, sessionActor(request), request.params.id, opts.session),
  );

  admins.delete(
    '/api/staff/:id/sessions/:sessionId',
    {
      summary: 'End one session of a staff member: its next request gets 401 (audited)',
      description:
        '404 when the person has no such live session. Ending the session of the caller logs the caller ' +
        'out: the answer clears the session cookie.',
      params: staffSessionParamsSchema,
      status: 204,
      response: z.null(),
      errors: errorResponses(401, 403, 404),
    },
    async (request, reply) => {
      const { own } = await endStaffSession(
        app.db,
        sessionActor(request),
        request.params.id,
        request.params.sessionId,
      );
      if (own) app.sessionCookies.clear(reply);
      return reply.status(204).send(null);
    },
  );

  admins.delete(
    '/api/staff/:id/sessions',
    {
      summary: "End every session of a staff member; for one's own account every other session (audited)",
      params: idParamsSchema,
      response: sessionsEndedSchema,
      errors: errorResponses(401, 403, 404),
    },
    async (request) => ({ ended: await endStaffSessions(app.db, sessionActor(request), request.params.id) }),
  );

  const ownAccount = routesOf(app, {
    tags: ['auth'],
    // The way out for a person who must set a new password first (their legacy one is weak).
    onRequest: app.requireStaff(undefined, { beforePasswordChange: true }),
    errors: errorResponses(400, 401, 403, 429),
  });

  ownAccount.post(
    '/api/auth/password',
    {
      summary:
        "Change one's own password with the current one; the other sessions end (400 wrong current password, 429 too many)",
      description:
        'Open to a person who must set a new password first (`passwordChangeRequired` in `GET /api/auth/me`); ' +
        'the new password clears it.',
      body: ownPasswordChangeSchema,
      status: 204,
      response: z.null(),
    },
    async (request, reply) => {
      await changeOwnPassword(app.db, sessionOf(request), { ...request.body, address: request.ip });
      return reply.status(204).send(null);
    },
  );
};
