import { bedsResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../plugins/routes.js';
import { getBeds } from '../ward/beds.js';

/** The public bed board: a read model of the ward's admissions, also as a live stream. */
export const bedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feed = app.liveFeed('beds', () => getBeds(app.db));
  const beds = routesOf(app, { tags: ['beds'] });

  beds.get(
    '/api/beds',
    {
      summary: 'Bed availability per room and class, derived from current admissions',
      response: bedsResponseSchema,
    },
    () => getBeds(app.db),
  );

  beds.get(
    '/api/beds/stream',
    {
      summary: 'Server-sent events: the bed document at once and again on every change (event "beds")',
      produces: ['text/event-stream'],
    },
    (request, reply) => feed.stream(request, reply, 'beds'),
  );
};
