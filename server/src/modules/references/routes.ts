import {
  deskRoles,
  referenceEntrySchema,
  referenceInputSchema,
  referenceListQuerySchema,
  referenceListSchema,
  idParamsSchema,
  referenceRenameSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { addReference, listReferences, renameReference, retireReference } from './service.js';

/** The code lists of the patient form: read at the counter, kept by admins. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const counter = routesOf(app, {
    tags: ['reference codes'],
    onRequest: app.requireStaff(deskRoles.counter),
    errors: errorResponses(400, 401, 403),
  });
  counter.get(
    '/api/reference-codes',
    {
      summary: 'One code list (patient groups, units, ranks or companies), by code',
      description:
        '`kind` is `patient_group`, `unit`, `rank` or `company`. Retired codes are left out unless ' +
        '`includeRetired=true`.',
      querystring: referenceListQuerySchema,
      response: referenceListSchema,
    },
    (request) => listReferences(app.db, request.query),
  );

  const admin = routesOf(app, {
    tags: ['reference codes'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: errorResponses(400, 401, 403, 404, 409),
  });
  admin.post(
    '/api/reference-codes',
    {
      summary: 'Add a code to a list (a retired code comes back)',
      config: { simrsOwned: 'Daftar kode' },
      description:
        'The code is stored in capitals. A retired code of the list is brought back under the name given; ' +
        '409 `DUPLICATE` when the code is in use.',
      body: referenceInputSchema,
      status: 201,
      response: referenceEntrySchema,
      errors: errorResponses(400, 401, 403, 409),
    },
    async (request, reply) =>
      reply.status(201).send(await addReference(app.db, actorOf(request), request.body)),
  );
  admin.put(
    '/api/reference-codes/:id',
    {
      summary: 'Rename a code (the code itself never changes: patients carry it)',
      config: { simrsOwned: 'Daftar kode' },
      params: idParamsSchema,
      body: referenceRenameSchema,
      response: referenceEntrySchema,
    },
    (request) => renameReference(app.db, actorOf(request), request.params.id, request.body),
  );
  admin.delete(
    '/api/reference-codes/:id',
    {
      summary: 'Retire a code: patients keep it, the patient form no longer offers it',
      config: { simrsOwned: 'Daftar kode' },
      params: idParamsSchema,
      status: 204,
      response: z.null(),
      errors: errorResponses(401, 403, 404, 409),
    },
    async (request, reply) => {
      await retireReference(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
