import {
  adminRoomSchema,
  admissionListQuerySchema,
  idParamsSchema,
  admitRequestSchema,
  aplicaresResyncSchema,
  capacityChangeSchema,
  currentAdmissionListSchema,
  currentAdmissionSchema,
  deskRoles,
  dischargeRequestSchema,
  dpjpChangeSchema,
  stayDoctorListSchema,
  roomCreateSchema,
  roomEditSchema,
  roomHistorySchema,
  roomListSchema,
  transferRequestSchema,
  wardPatientListSchema,
  wardPatientQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import type { AplicaresSetup } from '../aplicares/reports.js';
import {
  changeCapacity,
  createRoom,
  editRoom,
  listRooms,
  resyncAplicares,
  retireRoom,
  roomHistory,
} from './rooms.js';
import {
  admit,
  changeDpjp,
  discharge,
  listCurrentAdmissions,
  searchWardPatients,
  transfer,
  wardDoctors,
} from './service.js';

/** Every write of the desk changes the bed board and may report the room to BPJS Aplicares. */
const writes = { wakesOutbox: true } as const;

/**
 * The ward desk: staff with the `ward` role (or admin) admit, transfer and discharge, and keep the
 * rooms. `aplicares` is unset when rooms are not reported to BPJS.
 */
export const wardRoutes: FastifyPluginAsyncZod<{ aplicares: AplicaresSetup | undefined }> = async (
  app,
  { aplicares },
) => {
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
    '/api/ward/doctors',
    { summary: 'Active doctors a stay’s DPJP is chosen from', response: stayDoctorListSchema },
    () => wardDoctors(app.db),
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
      summary:
        "Admit a patient to a room's bed (the lowest free one unless `bed` is given), with the DPJP " +
        '(409 when full, the bed taken, wrong sex or already admitted)',
      body: admitRequestSchema,
      status: 201,
      response: currentAdmissionSchema,
      config: { ...writes, simrsOwned: 'Data rawat inap' },
    },
    async (request, reply) =>
      reply.status(201).send(await admit(app.db, actorOf(request), request.body, aplicares)),
  );

  desk.post(
    '/api/ward/admissions/:id/transfer',
    {
      summary: "Move an inpatient to another room's bed (the lowest free one unless `bed` is given)",
      params: idParamsSchema,
      body: transferRequestSchema,
      response: currentAdmissionSchema,
      config: { ...writes, simrsOwned: 'Data rawat inap' },
    },
    (request) => transfer(app.db, actorOf(request), request.params.id, request.body, aplicares),
  );

  desk.put(
    '/api/ward/admissions/:id/dpjp',
    {
      summary: 'Change the DPJP (attending doctor) of a current stay; null takes the doctor off',
      params: idParamsSchema,
      body: dpjpChangeSchema,
      response: currentAdmissionSchema,
      config: { simrsOwned: 'Data rawat inap' },
    },
    (request) => changeDpjp(app.db, actorOf(request), request.params.id, request.body.dpjpId),
  );

  desk.post(
    '/api/ward/admissions/:id/discharge',
    {
      summary: 'Discharge an inpatient, with how the stay ended (`reason`, `note`); the bed is free at once',
      params: idParamsSchema,
      // Older callers send no body.
      body: dischargeRequestSchema.nullish(),
      status: 204,
      response: z.null(),
      config: { ...writes, simrsOwned: 'Data rawat inap' },
    },
    async (request, reply) => {
      await discharge(app.db, actorOf(request), request.params.id, request.body ?? {}, aplicares);
      return reply.status(204).send(null);
    },
  );

  desk.get(
    '/api/rooms',
    {
      summary: 'Rooms with their beds taken, BPJS codes and the last report to BPJS Aplicares',
      response: roomListSchema,
    },
    () => listRooms(app.db, aplicares),
  );

  desk.post(
    '/api/rooms',
    {
      summary: 'Add a room (409 when its code or BPJS room code is taken)',
      body: roomCreateSchema,
      status: 201,
      response: adminRoomSchema,
      errors: errorResponses(400, 401, 403, 409),
      config: { ...writes, simrsOwned: 'Data ruangan' },
    },
    async (request, reply) =>
      reply.status(201).send(await createRoom(app.db, actorOf(request), request.body, aplicares)),
  );

  desk.put(
    '/api/rooms/:id',
    {
      summary:
        'Rename a room, set its BPJS class, sex and BPJS room code (409 when patients of the other sex lie in it)',
      params: idParamsSchema,
      body: roomEditSchema,
      response: adminRoomSchema,
      errors: errorResponses(400, 401, 403, 404, 409),
      config: writes,
    },
    (request) =>
      editRoom(app.db, actorOf(request), request.params.id, request.body, aplicares, app.simrsLinked),
  );

  desk.post(
    '/api/rooms/:id/capacity',
    {
      summary: 'Set the number of beds, with the reason (409 below the beds taken now)',
      params: idParamsSchema,
      body: capacityChangeSchema,
      response: adminRoomSchema,
      errors: errorResponses(400, 401, 403, 404, 409),
      config: { ...writes, simrsOwned: 'Data ruangan' },
    },
    (request) => changeCapacity(app.db, actorOf(request), request.params.id, request.body, aplicares),
  );

  desk.delete(
    '/api/rooms/:id',
    {
      summary: 'Take an empty room out of use (409 while patients lie in it)',
      params: idParamsSchema,
      status: 204,
      response: z.null(),
      config: { ...writes, simrsOwned: 'Data ruangan' },
    },
    async (request, reply) => {
      await retireRoom(app.db, actorOf(request), request.params.id, aplicares);
      return reply.status(204).send(null);
    },
  );

  desk.get(
    '/api/rooms/:id/history',
    {
      summary:
        "A room's changes, newest first: who, when, old and new values, the reason of a capacity change",
      params: idParamsSchema,
      response: roomHistorySchema,
    },
    (request) => roomHistory(app.db, request.params.id),
  );

  desk.post(
    '/api/rooms/aplicares/resync',
    {
      summary:
        'Bring BPJS Aplicares in line: delete the rooms BPJS holds that no room maps, report every mapped room (admin)',
      onRequest: app.requireStaff(deskRoles.admin),
      response: aplicaresResyncSchema,
      errors: errorResponses(401, 403, 409, 502),
      config: { wakesOutbox: true },
    },
    (request) => resyncAplicares(app.db, aplicares, actorOf(request)),
  );
};
