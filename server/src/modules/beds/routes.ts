import { bedsResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { getBeds } from '../ward/beds.js';

/** The public bed board: a read model of the ward's rooms and admissions, also as a live stream. */
export const bedRoutes: FastifyPluginAsyncZod = async (app) => {
  const model = app.readModel('beds', () => getBeds(app.db), { tables: ['rooms', 'admissions'] });
  const beds = routesOf(app, { tags: ['beds'] });

  beds.get(
    '/api/beds',
    {
      summary: 'Bed availability per room and class, derived from current admissions',
      response: bedsResponseSchema,
    },
    (request, reply) => model.reply(request, reply),
  );

  beds.get(
    '/api/beds/stream',
    {
      summary: 'Server-sent events: the bed document at once and again on every change (event "beds")',
      produces: ['text/event-stream'],
      errors: errorResponses(429),
    },
    (request, reply) => model.stream(request, reply, 'beds'),
  );
};
