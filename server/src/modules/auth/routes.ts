import { loginRequestSchema, type SessionInfo, sessionInfoSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { type AuthenticatedSession, login, logout, type SessionPolicy } from './service.js';

const publicInfo = ({ tokenHash: _tokenHash, ...info }: AuthenticatedSession): SessionInfo => info;

export const authRoutes: FastifyPluginAsyncZod<{ session: SessionPolicy }> = async (app, opts) => {
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff login: sets the session cookie and returns the CSRF token',
        body: loginRequestSchema,
        response: { 200: sessionInfoSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { token, session } = await login(
        app.db,
        { ...request.body, address: request.ip, userAgent: request.headers['user-agent'] },
        opts.session,
      );
      app.sessionCookies.set(reply, token);
      return session;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.requireStaff(),
      schema: {
        tags: ['auth'],
        summary: 'Ends the staff session',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await logout(app.db, sessionOf(request).tokenHash);
      app.sessionCookies.clear(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.requireStaff(),
      schema: {
        tags: ['auth'],
        summary: 'The logged-in staff member',
        response: { 200: sessionInfoSchema, ...errorResponses(401) },
      },
    },
    async (request) => publicInfo(sessionOf(request)),
  );
};
