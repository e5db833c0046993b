import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 document generated from the routes' zod schemas, and Swagger UI to try it. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Portal Rumah Sakit API',
        description:
          'HTTP API of the hospital portal. Errors use the envelope {"error":{"code","message","fields"?}}.',
        version: '1.0.0',
      },
      tags: [{ name: 'system', description: 'Health and documentation' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The document is the same for the life of the process: its JSON text (about 480 KB) is made once, not on
  // every call (10 ms each).
  let document: string | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
});
