import {
  ambulanceTariffHistorySchema,
  ambulanceTariffImportQuerySchema,
  ambulanceTariffImportResultSchema,
  ambulanceTariffInputSchema,
  ambulanceTariffListSchema,
  idParamsSchema,
  ambulanceTariffQuerySchema,
  ambulanceTariffSchema,
  deskRoles,
  newTariffBookSchema,
  newTariffItemSchema,
  tariffBookListSchema,
  tariffBookSchema,
  tariffBookUpdateSchema,
  tariffImportQuerySchema,
  tariffImportResultSchema,
  tariffItemPageSchema,
  tariffItemParamsSchema,
  tariffItemQuerySchema,
  type TariffItemQuery,
  tariffItemSchema,
  tariffItemUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import {
  ambulanceTariffHistory,
  createAmbulanceTariff,
  importAmbulanceTariffs,
  listAmbulanceTariffs,
  retireAmbulanceTariff,
  updateAmbulanceTariff,
} from './ambulance.js';
import { spreadsheetText } from './csv.js';
import {
  createTariffBook,
  createTariffItem,
  deleteTariffBook,
  deleteTariffItem,
  importTariffCsv,
  listTariffBooks,
  listTariffItems,
  updateTariffBook,
  updateTariffItem,
} from './service.js';

const CSV_LIMIT = 5 * 1024 * 1024;

export const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  // Tariff files arrive as they are saved from a spreadsheet, in UTF-8 or Windows-1252.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: CSV_LIMIT },
    (_req, body, done) => done(null, spreadsheetText(body as Buffer)),
  );
  const open = routesOf(app, { tags: ['tariffs'] });
  const ambulance = app.readModels(
    'ambulanceTariffs',
    (q: string | undefined) => listAmbulanceTariffs(app.db, q),
    { tables: ['ambulance_tariffs'] },
  );
  const books = app.readModel('tariffBooks', () => listTariffBooks(app.db), { tables: ['tariff_books'] });
  const items = app.readModels(
    'tariffItems',
    ({ bookId, query }: { bookId: number; query: TariffItemQuery }) => listTariffItems(app.db, bookId, query),
    { tables: ['tariff_books', 'tariff_items'] },
  );
  const admins = routesOf(app, {
    tags: ['tariffs'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: errorResponses(401, 403, 404, 409),
  });

  open.get(
    '/api/ambulance-tariffs',
    {
      summary: 'Ambulance tariff per destination or zone, cheapest first',
      querystring: ambulanceTariffQuerySchema,
      response: ambulanceTariffListSchema,
    },
    (request, reply) => ambulance.reply(request, reply, request.query.q),
  );

  admins.post(
    '/api/ambulance-tariffs',
    {
      summary: 'Add an ambulance tariff (admin)',
      body: ambulanceTariffInputSchema,
      status: 201,
      response: ambulanceTariffSchema,
      errors: errorResponses(401, 403, 409),
    },
    async (request, reply) =>
      reply.status(201).send(await createAmbulanceTariff(app.db, actorOf(request), request.body)),
  );

  admins.put(
    '/api/ambulance-tariffs/:id',
    {
      summary: 'Change an ambulance tariff: destination, price and notes (admin)',
      params: idParamsSchema,
      body: ambulanceTariffInputSchema,
      response: ambulanceTariffSchema,
      errors: errorResponses(401, 403, 404, 409),
    },
    (request) => updateAmbulanceTariff(app.db, actorOf(request), request.params.id, request.body),
  );

  admins.delete(
    '/api/ambulance-tariffs/:id',
    {
      summary: 'Retire an ambulance tariff (admin; kept with its history, hidden from the public list)',
      params: idParamsSchema,
      status: 204,
      response: z.null(),
    },
    async (request, reply) => {
      await retireAmbulanceTariff(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  admins.get(
    '/api/ambulance-tariffs/:id/history',
    {
      summary: 'Changes of an ambulance tariff, newest first: who, when, old and new values (admin)',
      params: idParamsSchema,
      response: ambulanceTariffHistorySchema,
    },
    (request) => ambulanceTariffHistory(app.db, request.params.id),
  );

  admins.post(
    '/api/ambulance-tariffs/import',
    {
      summary:
        'Preview or apply a CSV file of ambulance tariffs (header: tujuan,tarif[,keterangan]); applies all rows or none (admin)',
      consumes: ['text/csv'],
      querystring: ambulanceTariffImportQuerySchema,
      body: z.string().min(1, 'Berkas CSV kosong.'),
      response: ambulanceTariffImportResultSchema,
      errors: errorResponses(400, 401, 403, 409),
      bodyLimit: CSV_LIMIT,
    },
    (request) => importAmbulanceTariffs(app.db, actorOf(request), request.body, request.query.mode),
  );

  open.get(
    '/api/tariff-books',
    { summary: 'Service tariff books', response: tariffBookListSchema },
    (request, reply) => books.reply(request, reply),
  );

  open.get(
    '/api/tariff-books/:id/items',
    {
      summary: 'Items of a tariff book: search, class filter, pages',
      params: idParamsSchema,
      querystring: tariffItemQuerySchema,
      response: tariffItemPageSchema,
      errors: errorResponses(404),
    },
    (request, reply) => items.reply(request, reply, { bookId: request.params.id, query: request.query }),
  );

  admins.post(
    '/api/tariff-books',
    {
      summary: 'Add a tariff book (admin)',
      config: { simrsOwned: 'Buku tarif' },
      body: newTariffBookSchema,
      status: 201,
      response: tariffBookSchema,
      errors: errorResponses(401, 403, 404, 409),
    },
    async (request, reply) =>
      reply.status(201).send(await createTariffBook(app.db, actorOf(request), request.body)),
  );

  admins.patch(
    '/api/tariff-books/:id',
    {
      summary: 'Rename a tariff book (admin)',
      config: { simrsOwned: 'Buku tarif' },
      params: idParamsSchema,
      body: tariffBookUpdateSchema,
      response: tariffBookSchema,
    },
    (request) => updateTariffBook(app.db, actorOf(request), request.params.id, request.body),
  );

  admins.delete(
    '/api/tariff-books/:id',
    {
      summary: 'Remove a tariff book (admin; kept, marked deleted)',
      config: { simrsOwned: 'Buku tarif' },
      params: idParamsSchema,
      status: 204,
      response: z.null(),
    },
    async (request, reply) => {
      await deleteTariffBook(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  admins.post(
    '/api/tariff-books/:id/items',
    {
      summary: 'Add an item to a tariff book (admin)',
      config: { simrsOwned: 'Buku tarif' },
      params: idParamsSchema,
      body: newTariffItemSchema,
      status: 201,
      response: tariffItemSchema,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTariffItem(app.db, actorOf(request), request.params.id, request.body)),
  );

  admins.patch(
    '/api/tariff-books/:id/items/:itemId',
    {
      summary: 'Change a tariff item (admin)',
      config: { simrsOwned: 'Buku tarif' },
      params: tariffItemParamsSchema,
      body: tariffItemUpdateSchema,
      response: tariffItemSchema,
    },
    (request) =>
      updateTariffItem(app.db, actorOf(request), request.params.id, request.params.itemId, request.body),
  );

  admins.delete(
    '/api/tariff-books/:id/items/:itemId',
    {
      summary: 'Remove a tariff item (admin; kept, marked deleted)',
      config: { simrsOwned: 'Buku tarif' },
      params: tariffItemParamsSchema,
      status: 204,
      response: z.null(),
    },
    async (request, reply) => {
      await deleteTariffItem(app.db, actorOf(request), request.params.id, request.params.itemId);
      return reply.status(204).send(null);
    },
  );

  admins.post(
    '/api/tariff-books/:id/import',
    {
      summary: 'Import items from a CSV file (header: nama,kelas,tarif); all rows or none (admin)',
      config: { simrsOwned: 'Buku tarif' },
      consumes: ['text/csv'],
      params: idParamsSchema,
      querystring: tariffImportQuerySchema,
      body: z.string().min(1, 'Berkas CSV kosong.'),
      response: tariffImportResultSchema,
      errors: errorResponses(400, 401, 403, 404, 409),
      bodyLimit: CSV_LIMIT,
    },
    (request) =>
      importTariffCsv(app.db, actorOf(request), request.params.id, request.body, request.query.mode),
  );
};
