import {
  deskRoles,
  idParamsSchema,
  ownPasswordChangeSchema,
  staffCreateSchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffPageSchema,
  staffPasswordResetSchema,
  staffUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, sessionOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { addStaff, listStaffPage, resetStaffPassword, updateStaff } from './admin.js';
import { changeOwnPassword } from './own-password.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Staff administration (`/pegawai`): accounts, roles and duty eligibility, admins only; and everyone's own
 * password.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requireStaff(deskRoles.admin);

  app.get(
    '/api/staff',
    {
      onRequest: admins,
      schema: {
        tags: ['staff'],
        summary: 'Staff by name, a page at a time; q searches name, username and phone',
        querystring: staffListQuerySchema,
        response: { 200: staffPageSchema, ...errors },
      },
    },
    (request) => listStaffPage(app.db, request.query),
  );

  app.post(
    '/api/staff',
    {
      onRequest: admins,
      schema: {
        tags: ['staff'],
        summary: 'Add a staff member (409 when the username or phone is taken)',
        body: staffCreateSchema,
        response: { 201: staffMemberSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addStaff(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/api/staff/:id',
    {
      onRequest: admins,
      schema: {
        tags: ['staff'],
        summary:
          'Change a staff member; deactivating ends their sessions (409 for oneself, the last admin, or the holder of a duty post)',
        params: idParamsSchema,
        body: staffUpdateSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    (request) => updateStaff(app.db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/staff/:id/password',
    {
      onRequest: admins,
      schema: {
        tags: ['staff'],
        summary: "Set a staff member's new password; their sessions end",
        params: idParamsSchema,
        body: staffPasswordResetSchema,
        response: { 204: z.null(), ...errors },
      },
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

  app.post(
    '/api/auth/password',
    {
      onRequest: app.requireStaff(),
      schema: {
        tags: ['auth'],
        summary:
          "Change one's own password with the current one; the other sessions end (400 wrong current password, 429 too many)",
        body: ownPasswordChangeSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await changeOwnPassword(app.db, sessionOf(request), { ...request.body, address: request.ip });
      return reply.status(204).send(null);
    },
  );
};
