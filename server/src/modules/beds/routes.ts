import { type BedsResponse, bedsResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LiveFeed } from '../../lib/live-feed.js';
import { getBeds } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    bedsFeed: LiveFeed<BedsResponse>;
  }
}

export const bedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/beds',
    {
      schema: {
        tags: ['beds'],
        summary: 'Bed availability per room and class, derived from current admissions',
        response: { 200: bedsResponseSchema },
      },
    },
    () => getBeds(app.db),
  );

  app.get(
    '/api/beds/stream',
    {
      schema: {
        tags: ['beds'],
        summary: 'Server-sent events: the bed document at once and again on every change (event "beds")',
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => app.bedsFeed.stream(request, reply, 'beds'),
  );
};
