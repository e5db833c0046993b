import { deskRoles, patientReadPageSchema, patientReadQuerySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import { listPatientReads } from './service.js';

/** The read audit's screen (`/jejak-akses`): the medical records officer (role `records`) and admins. */
export const patientReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const officers = routesOf(app, {
    tags: ['patients'],
    onRequest: app.requireStaff(deskRoles.patientReads),
    errors: errorResponses(400, 401, 403),
  });

  officers.get(
    '/api/patient-reads',
    {
      summary: "Who read patients' data: searches, opened records and histories, lists (newest first, paged)",
      description:
        'Each successful staff read of patient data: `search` (the criteria typed, not what was found), ' +
        "`record`, `visits` (a patient's visit history), `visit` (one visit by its registration number), " +
        '`bookings`, `changes` (the change history), `merge` (a merge preview), `report` and `export` (the ' +
        "hospital-wide lists and their CSV; `criteria.list` names the list). `staff` is part of the staff member's " +
        'name or username; `patient` a medical record number (also without its leading zeros) or part of the ' +
        "patient's name; `from`..`to` whole days (the hospital's time zone).",
      querystring: patientReadQuerySchema,
      response: patientReadPageSchema,
    },
    (request) => listPatientReads(app.db, request.query),
  );
};
