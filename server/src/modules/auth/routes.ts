import {
  loginRequestSchema,
  ownAttemptPageSchema,
  ownAttemptQuerySchema,
  type SessionInfo,
  sessionInfoSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { DEVICE_COOKIE } from './device.js';
import { type AuthenticatedSession, login, logout, ownAttempts, type SessionPolicy } from './service.js';

const publicInfo = ({ tokenHash: _tokenHash, ...info }: AuthenticatedSession): SessionInfo => info;

export const authRoutes: FastifyPluginAsyncZod<{ session: SessionPolicy }> = async (app, opts) => {
  const open = routesOf(app, { tags: ['auth'] });
  // Also for a person who must set a new password first: they can see who they are and leave.
  const signedIn = routesOf(app, {
    tags: ['auth'],
    onRequest: app.requireStaff(undefined, { beforePasswordChange: true }),
    errors: errorResponses(401),
  });

  open.post(
    '/api/auth/login',
    {
      summary: 'Staff login: sets the session cookie and returns the CSRF token',
      description:
        'Also sets `portal_device`, the known-device cookie: sent back on a later login of the same ' +
        'account, it lets that browser past failures made elsewhere. Wrong passwords are limited per ' +
        'account and address: 429 with `Retry-After` goes only to the address that failed (docs/security.md).',
      body: loginRequestSchema,
      response: sessionInfoSchema,
      errors: errorResponses(401, 429),
    },
    async (request, reply) => {
      const { token, session, device } = await login(
        app.db,
        {
          ...request.body,
          address: request.ip,
          userAgent: request.headers['user-agent'],
          device: request.cookies[DEVICE_COOKIE],
        },
        opts.session,
      );
      app.sessionCookies.set(reply, token);
      app.sessionCookies.setDevice(reply, device);
      return session;
    },
  );

  signedIn.post(
    '/api/auth/logout',
    { summary: 'Ends the staff session', status: 204, response: z.null() },
    async (request, reply) => {
      await logout(app.db, sessionOf(request).tokenHash);
      app.sessionCookies.clear(reply);
      return reply.status(204).send(null);
    },
  );

  signedIn.get(
    '/api/auth/me',
    { summary: 'The logged-in staff member', response: sessionInfoSchema },
    async (request) => publicInfo(sessionOf(request)),
  );

  signedIn.get(
    '/api/auth/attempts',
    {
      summary: "The caller's own logins and the failed attempts at their password, newest first (paged)",
      description:
        'Every check of the password, by every route: `login`, `handover` (the duty handover) and ' +
        '`password` (the password change). `outcome` is `success`, `failed` (a wrong password) or ' +
        '`throttled` (refused unchecked after too many failures); `address` is where the attempt came from.',
      querystring: ownAttemptQuerySchema,
      response: ownAttemptPageSchema,
      onRequest: app.requireStaff(),
      errors: errorResponses(400, 401, 403),
    },
    (request) => ownAttempts(app.db, sessionOf(request).id, request.query),
  );
};
