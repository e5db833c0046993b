import {
  ambulanceTariffListSchema,
  ambulanceTariffQuerySchema,
  deskRoles,
  newTariffBookSchema,
  newTariffItemSchema,
  tariffBookListSchema,
  tariffBookParamsSchema,
  tariffBookSchema,
  tariffBookUpdateSchema,
  tariffImportQuerySchema,
  tariffImportResultSchema,
  tariffItemPageSchema,
  tariffItemParamsSchema,
  tariffItemQuerySchema,
  tariffItemSchema,
  tariffItemUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import {
  createTariffBook,
  createTariffItem,
  deleteTariffBook,
  deleteTariffItem,
  importTariffCsv,
  listAmbulanceTariffs,
  listTariffBooks,
  listTariffItems,
  updateTariffBook,
  updateTariffItem,
} from './service.js';

const staffErrors = errorResponses(401, 403, 404);
const CSV_LIMIT = 5 * 1024 * 1024;

export const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  // Tariff files arrive as they are saved from a spreadsheet.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: CSV_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const admin = app.requireStaff(deskRoles.admin);

  app.get(
    '/api/ambulance-tariffs',
    {
      schema: {
        tags: ['tariffs'],
        summary: 'Ambulance tariff per destination or zone, cheapest first',
        querystring: ambulanceTariffQuerySchema,
        response: { 200: ambulanceTariffListSchema },
      },
    },
    (request) => listAmbulanceTariffs(app.db, request.query.q),
  );

  app.get(
    '/api/tariff-books',
    {
      schema: { tags: ['tariffs'], summary: 'Service tariff books', response: { 200: tariffBookListSchema } },
    },
    () => listTariffBooks(app.db),
  );

  app.get(
    '/api/tariff-books/:id/items',
    {
      schema: {
        tags: ['tariffs'],
        summary: 'Items of a tariff book: search, class filter, pages',
        params: tariffBookParamsSchema,
        querystring: tariffItemQuerySchema,
        response: { 200: tariffItemPageSchema, ...errorResponses(404) },
      },
    },
    (request) => listTariffItems(app.db, request.params.id, request.query),
  );

  app.post(
    '/api/tariff-books',
    {
      onRequest: admin,
      schema: {
        tags: ['tariffs'],
        summary: 'Add a tariff book (admin)',
        body: newTariffBookSchema,
        response: { 201: tariffBookSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTariffBook(app.db, actorOf(request), request.body)),
  );

  app.patch(
    '/api/tariff-books/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['tariffs'],
        summary: 'Rename a tariff book (admin)',
        params: tariffBookParamsSchema,
        body: tariffBookUpdateSchema,
        response: { 200: tariffBookSchema, ...staffErrors },
      },
    },
    (request) => updateTariffBook(app.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/tariff-books/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['tariffs'],
        summary: 'Remove a tariff book (admin; kept, marked deleted)',
        params: tariffBookParamsSchema,
        response: { 204: z.null(), ...staffErrors },
      },
    },
    async (request, reply) => {
      await deleteTariffBook(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/tariff-books/:id/items',
    {
      onRequest: admin,
      schema: {
        tags: ['tariffs'],
        summary: 'Add an item to a tariff book (admin)',
        params: tariffBookParamsSchema,
        body: newTariffItemSchema,
        response: { 201: tariffItemSchema, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTariffItem(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/tariff-books/:id/items/:itemId',
    {
      onRequest: admin,
      schema: {
        tags: ['tariffs'],
        summary: 'Change a tariff item (admin)',
        params: tariffItemParamsSchema,
        body: tariffItemUpdateSchema,
        response: { 200: tariffItemSchema, ...staffErrors },
      },
    },
    (request) =>
      updateTariffItem(app.db, actorOf(request), request.params.id, request.params.itemId, request.body),
  );

  app.delete(
    '/api/tariff-books/:id/items/:itemId',
    {
      onRequest: admin,
      schema: {
        tags: ['tariffs'],
        summary: 'Remove a tariff item (admin; kept, marked deleted)',
        params: tariffItemParamsSchema,
        response: { 204: z.null(), ...staffErrors },
      },
    },
    async (request, reply) => {
      await deleteTariffItem(app.db, actorOf(request), request.params.id, request.params.itemId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/tariff-books/:id/import',
    {
      onRequest: admin,
      bodyLimit: CSV_LIMIT,
      schema: {
        tags: ['tariffs'],
        summary: 'Import items from a CSV file (header: nama,kelas,tarif); all rows or none (admin)',
        consumes: ['text/csv'],
        params: tariffBookParamsSchema,
        querystring: tariffImportQuerySchema,
        body: z.string().min(1, 'Berkas CSV kosong.'),
        response: { 200: tariffImportResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      importTariffCsv(app.db, actorOf(request), request.params.id, request.body, request.query.mode),
  );
};
