import { bedsResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BedsFeed } from './feed.js';
import { getBeds } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    bedsFeed: BedsFeed;
  }
}

const HEARTBEAT_MS = 25_000;

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
    async (request, reply) => {
      const first = await getBeds(app.db);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies must pass events through at once, not buffer them.
        'x-accel-buffering': 'no',
      });
      const write = (doc: unknown) => res.write(`event: beds\ndata: ${JSON.stringify(doc)}\n\n`);
      write(first);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const unsubscribe = app.bedsFeed.subscribe({ send: write, end: () => res.end() });
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
};
