import {
  ambulanceOrderRequestSchema,
  deskOrderDetailSchema,
  deskOrderPageSchema,
  idParamsSchema,
  deskOrderQuerySchema,
  deskRoles,
  hearseOrderRequestSchema,
  orderAssignmentSchema,
  orderStatusChangeSchema,
  publicOrderSchema,
  trackingCodeParamsSchema,
  trackingLookupQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_BODY_LIMIT, type PublicWriteOptions } from '../../lib/public-writes.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import type { PublicLinks } from '../notifications/templates.js';
import {
  assignOrder,
  changeOrderStatus,
  createOrder,
  findOrder,
  getDeskOrder,
  listOrders,
} from './service.js';

export const orderRoutes: FastifyPluginAsyncZod<PublicWriteOptions & PublicLinks> = async (app, opts) => {
  const links = { publicUrl: opts.publicUrl };
  const open = routesOf(app, { tags: ['orders'], errors: errorResponses(400, 413, 429) });

  open.post(
    '/api/ambulance-orders',
    {
      summary: 'Order an ambulance; the answer carries the tracking code',
      body: ambulanceOrderRequestSchema,
      status: 201,
      response: publicOrderSchema,
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
    },
    async (request, reply) => {
      const { patientName, ...rest } = request.body;
      const order = await createOrder(
        app.db,
        { kind: 'ambulance', patientName, ...rest },
        { address: request.ip, ...opts.publicWrites },
      );
      return reply.status(201).send(order);
    },
  );

  open.post(
    '/api/hearse-orders',
    {
      summary: 'Order a hearse (mobil jenazah); the answer carries the tracking code',
      body: hearseOrderRequestSchema,
      status: 201,
      response: publicOrderSchema,
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
    },
    async (request, reply) => {
      const { deceasedName, ...rest } = request.body;
      const order = await createOrder(
        app.db,
        { kind: 'hearse', patientName: deceasedName, ...rest },
        { address: request.ip, ...opts.publicWrites },
      );
      return reply.status(201).send(order);
    },
  );

  open.get(
    '/api/orders/:code',
    {
      summary: "Status page of an order: 404 unless `phone` is the requester's",
      params: trackingCodeParamsSchema,
      querystring: trackingLookupQuerySchema,
      response: publicOrderSchema,
      errors: errorResponses(404),
    },
    (request) => findOrder(app.db, request.params.code, request.query.phone),
  );

  const desk = routesOf(app, {
    tags: ['orders'],
    onRequest: app.requireStaff(deskRoles.orders),
    errors: errorResponses(400, 401, 403, 404, 409),
  });

  desk.get(
    '/api/desk/orders',
    {
      summary: 'Orders desk: orders by pickup time, newest first (orders, piket, admin)',
      querystring: deskOrderQuerySchema,
      response: deskOrderPageSchema,
      errors: errorResponses(400, 401, 403, 404),
    },
    (request) => listOrders(app.db, request.query),
  );

  desk.get(
    '/api/desk/orders/:id',
    {
      summary: 'One order with its timeline and who made each change',
      params: idParamsSchema,
      response: deskOrderDetailSchema,
      errors: errorResponses(401, 403, 404),
    },
    (request) => getDeskOrder(app.db, request.params.id),
  );

  desk.post(
    '/api/desk/orders/:id/status',
    {
      summary:
        'Move an order: NEW→CONFIRMED→ON_THE_WAY→DONE, or CANCELLED (note = reason, required) before DONE; other moves 409. The note is shown to the requester',
      params: idParamsSchema,
      body: orderStatusChangeSchema,
      response: deskOrderDetailSchema,
      config: { wakesOutbox: true },
    },
    (request) => changeOrderStatus(app.db, actorOf(request), request.params.id, request.body, links),
  );

  desk.post(
    '/api/desk/orders/:id/assignment',
    {
      summary: 'Name the vehicle and driver of an open order (409 once done or cancelled)',
      params: idParamsSchema,
      body: orderAssignmentSchema,
      response: deskOrderDetailSchema,
      config: { wakesOutbox: true },
    },
    (request) => assignOrder(app.db, actorOf(request), request.params.id, request.body),
  );
};
