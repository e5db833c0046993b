import {
  ambulanceOrderRequestSchema,
  deskOrderDetailSchema,
  deskOrderPageSchema,
  deskOrderParamsSchema,
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
import {
  assignOrder,
  changeOrderStatus,
  createOrder,
  findOrder,
  getDeskOrder,
  listOrders,
} from './service.js';

const publicWriteErrors = errorResponses(400, 413, 429);

export const orderRoutes: FastifyPluginAsyncZod<PublicWriteOptions> = async (app, opts) => {
  app.post(
    '/api/ambulance-orders',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
      schema: {
        tags: ['orders'],
        summary: 'Order an ambulance; the answer carries the tracking code',
        body: ambulanceOrderRequestSchema,
        response: { 201: publicOrderSchema, ...publicWriteErrors },
      },
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

  app.post(
    '/api/hearse-orders',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
      schema: {
        tags: ['orders'],
        summary: 'Order a hearse (mobil jenazah); the answer carries the tracking code',
        body: hearseOrderRequestSchema,
        response: { 201: publicOrderSchema, ...publicWriteErrors },
      },
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

  app.get(
    '/api/orders/:code',
    {
      schema: {
        tags: ['orders'],
        summary: "Status page of an order: 404 unless `phone` is the requester's",
        params: trackingCodeParamsSchema,
        querystring: trackingLookupQuerySchema,
        response: { 200: publicOrderSchema, ...errorResponses(404) },
      },
    },
    (request) => findOrder(app.db, request.params.code, request.query.phone),
  );

  const deskStaff = app.requireStaff(deskRoles.orders);

  app.get(
    '/api/desk/orders',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['orders'],
        summary: 'Orders desk: orders by pickup time, newest first (orders, piket, admin)',
        querystring: deskOrderQuerySchema,
        response: { 200: deskOrderPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => listOrders(app.db, request.query),
  );

  app.get(
    '/api/desk/orders/:id',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['orders'],
        summary: 'One order with its timeline and who made each change',
        params: deskOrderParamsSchema,
        response: { 200: deskOrderDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getDeskOrder(app.db, request.params.id),
  );

  app.post(
    '/api/desk/orders/:id/status',
    {
      onRequest: deskStaff,
      config: { wakesOutbox: true },
      schema: {
        tags: ['orders'],
        summary:
          'Move an order: NEW→CONFIRMED→ON_THE_WAY→DONE, or CANCELLED (note = reason, required) before DONE; other moves 409. The note is shown to the requester',
        params: deskOrderParamsSchema,
        body: orderStatusChangeSchema,
        response: { 200: deskOrderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => changeOrderStatus(app.db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/desk/orders/:id/assignment',
    {
      onRequest: deskStaff,
      config: { wakesOutbox: true },
      schema: {
        tags: ['orders'],
        summary: 'Name the vehicle and driver of an open order (409 once done or cancelled)',
        params: deskOrderParamsSchema,
        body: orderAssignmentSchema,
        response: { 200: deskOrderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => assignOrder(app.db, actorOf(request), request.params.id, request.body),
  );
};
