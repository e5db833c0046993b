import {
  admissionListQuerySchema,
  admissionParamsSchema,
  admitRequestSchema,
  currentAdmissionListSchema,
  currentAdmissionSchema,
  deskRoles,
  transferRequestSchema,
  wardPatientListSchema,
  wardPatientQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { admit, discharge, listCurrentAdmissions, searchWardPatients, transfer } from './service.js';

/** The ward desk: staff with the `ward` role (or admin) admit, transfer and discharge. */
export const wardRoutes: FastifyPluginAsyncZod = async (app) => {
  const desk = routesOf(app, {
    tags: ['ward'],
    onRequest: app.requireStaff(deskRoles.ward),
    errors: errorResponses(401, 403, 404, 409),
  });

  desk.get(
    '/api/ward/patients',
    {
      summary: 'Find a patient by medical record number or name, with the current room',
      querystring: wardPatientQuerySchema,
      response: wardPatientListSchema,
    },
    (request) => searchWardPatients(app.db, request.query.q),
  );

  desk.get(
    '/api/ward/admissions',
    {
      summary: 'Current inpatients, optionally of one room',
      querystring: admissionListQuerySchema,
      response: currentAdmissionListSchema,
    },
    (request) => listCurrentAdmissions(app.db, request.query.room),
  );

  desk.post(
    '/api/ward/admissions',
    {
      summary: 'Admit a patient to a room (409 when full, wrong sex or already admitted)',
      body: admitRequestSchema,
      status: 201,
      response: currentAdmissionSchema,
      config: { changesFeeds: ['beds'] },
    },
    async (request, reply) => reply.status(201).send(await admit(app.db, actorOf(request), request.body)),
  );

  desk.post(
    '/api/ward/admissions/:id/transfer',
    {
      summary: 'Move an inpatient to another room',
      params: admissionParamsSchema,
      body: transferRequestSchema,
      response: currentAdmissionSchema,
      config: { changesFeeds: ['beds'] },
    },
    (request) => transfer(app.db, actorOf(request), request.params.id, request.body),
  );

  desk.post(
    '/api/ward/admissions/:id/discharge',
    {
      summary: 'Discharge an inpatient; the bed is free at once',
      params: admissionParamsSchema,
      status: 204,
      response: z.null(),
      config: { changesFeeds: ['beds'] },
    },
    async (request, reply) => {
      await discharge(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
