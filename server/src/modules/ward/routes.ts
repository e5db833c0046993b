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
import { admit, discharge, listCurrentAdmissions, searchWardPatients, transfer } from './service.js';

const errors = errorResponses(401, 403, 404, 409);

/** The ward desk: staff with the `ward` role (or admin) admit, transfer and discharge. */
export const wardRoutes: FastifyPluginAsyncZod = async (app) => {
  const wardStaff = app.requireStaff(deskRoles.ward);

  app.get(
    '/api/ward/patients',
    {
      onRequest: wardStaff,
      schema: {
        tags: ['ward'],
        summary: 'Find a patient by medical record number or name, with the current room',
        querystring: wardPatientQuerySchema,
        response: { 200: wardPatientListSchema, ...errors },
      },
    },
    (request) => searchWardPatients(app.db, request.query.q),
  );

  app.get(
    '/api/ward/admissions',
    {
      onRequest: wardStaff,
      schema: {
        tags: ['ward'],
        summary: 'Current inpatients, optionally of one room',
        querystring: admissionListQuerySchema,
        response: { 200: currentAdmissionListSchema, ...errors },
      },
    },
    (request) => listCurrentAdmissions(app.db, request.query.room),
  );

  app.post(
    '/api/ward/admissions',
    {
      onRequest: wardStaff,
      config: { changesFeeds: ['beds'] },
      schema: {
        tags: ['ward'],
        summary: 'Admit a patient to a room (409 when full, wrong sex or already admitted)',
        body: admitRequestSchema,
        response: { 201: currentAdmissionSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await admit(app.db, actorOf(request), request.body)),
  );

  app.post(
    '/api/ward/admissions/:id/transfer',
    {
      onRequest: wardStaff,
      config: { changesFeeds: ['beds'] },
      schema: {
        tags: ['ward'],
        summary: 'Move an inpatient to another room',
        params: admissionParamsSchema,
        body: transferRequestSchema,
        response: { 200: currentAdmissionSchema, ...errors },
      },
    },
    (request) => transfer(app.db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/ward/admissions/:id/discharge',
    {
      onRequest: wardStaff,
      config: { changesFeeds: ['beds'] },
      schema: {
        tags: ['ward'],
        summary: 'Discharge an inpatient; the bed is free at once',
        params: admissionParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await discharge(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
