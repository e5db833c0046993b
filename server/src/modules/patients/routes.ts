import {
  deskRoles,
  nextMrnSchema,
  PATIENT_SEARCH_LIMIT,
  patientAuditListSchema,
  patientCheckRequestSchema,
  patientCheckSchema,
  patientDetailSchema,
  patientInputSchema,
  patientMergePlanSchema,
  patientMergeRequestSchema,
  idParamsSchema,
  patientSearchQuerySchema,
  patientSearchResultSchema,
  RESULT_LIMIT_HEADER,
  RESULT_TRUNCATED_HEADER,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { notePatientRead } from '../../plugins/patient-reads.js';
import { routesOf } from '../../plugins/routes.js';
import { checkPatient, createPatient, patientAudit, updatePatient } from './counter.js';
import { mergePatients, previewMerge } from './merge.js';
import { getPatientDetail, previewNextMrn, searchPatients } from './service.js';

/**
 * Patients at the counter: registration clerks find and register walk-in patients, the medical records
 * desk keeps the records (roles `registration`, `records`, `admin`); merging two records is the admins'.
 */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const counter = routesOf(app, {
    tags: ['patients'],
    onRequest: app.requireStaff(deskRoles.counter),
    errors: errorResponses(400, 401, 403, 404),
  });

  counter.get(
    '/api/patients',
    {
      summary: 'Search patients by one criterion (at most 200 rows)',
      description:
        'Exactly one of `name`, `nik`, `nip`, `phone`, `insuranceNo` (case-insensitive, anywhere in the ' +
        'value, at least 3 characters; spaces, dots and dashes in numbers are ignored), `mrn` (the ' +
        'medical record number, exact, in any case; digits also without their leading zeros: `1` finds ' +
        "`000001`) or `birthDate` (exact), or `q`: the counter's single box, where what is typed decides the criteria (digits: a " +
        'record number, a 13-digit BPJS card number, a 16-digit NIK, an 18-digit NIP, a mobile number; a ' +
        'dd-mm-yyyy date; else a name), a number that may be two of them searched as both, and each row ' +
        'says in `matched` what it was found by. ' +
        `At most ${PATIENT_SEARCH_LIMIT} patients, best matches first (the term nearer the ` +
        `start), then by name. Headers: \`${RESULT_LIMIT_HEADER}\` is the row limit, ` +
        `\`${RESULT_TRUNCATED_HEADER}\` is \`true\` when more patients matched than were returned.`,
      querystring: patientSearchQuerySchema,
      response: patientSearchResultSchema,
      config: { readsPatients: { kind: 'search' } },
    },
    async (request, reply) => {
      const { rows, truncated } = await searchPatients(app.db, request.query);
      reply.header(RESULT_LIMIT_HEADER, String(PATIENT_SEARCH_LIMIT));
      reply.header(RESULT_TRUNCATED_HEADER, String(truncated));
      // The rows are the database's, named and ordered as the schema says (service.ts, searchColumns): written
      // as they are. Checked and copied through the response schema, 200 of them took twice as long.
      reply.type('application/json; charset=utf-8').serializer((payload) => JSON.stringify(payload));
      return rows;
    },
  );

  counter.get(
    '/api/patients/next-mrn',
    {
      summary: 'The medical record number a new patient would get now (a preview: it is taken on saving)',
      response: nextMrnSchema,
      errors: errorResponses(401, 403),
    },
    async () => ({ mrn: await previewNextMrn(app.db) }),
  );

  counter.post(
    '/api/patients/check',
    {
      summary: "Check a patient form before saving: the NIK's findings and possible duplicates",
      description:
        'Nothing is saved. `nik` lists what is wrong with the NIK: `error` findings (not 16 digits, an ' +
        'unknown province, no birth date in digits 7–12) refuse a save, `warning` findings (the NIK says ' +
        'another birth date or sex; a woman has 40 added to her day) do not. `duplicates` are live patients ' +
        'with the same NIK (`match: nik`, a save is refused) or the same name (any case and spacing) and ' +
        'birth date (`match: nameBirthDate`, a save needs `confirmDuplicate: true`). `patientId` is the ' +
        'record being changed, never its own duplicate.',
      body: patientCheckRequestSchema,
      response: patientCheckSchema,
      errors: errorResponses(400, 401, 403),
      // The duplicates it names are patients' identities: a search, with what was checked as its criteria.
      config: { readsPatients: { kind: 'search', body: true } },
    },
    (request) => checkPatient(app.db, request.body),
  );

  counter.post(
    '/api/patients',
    {
      summary: 'Register a new patient at the counter, with the next medical record number',
      description:
        'Group, unit, rank and company are codes of the reference lists (`GET /api/reference-codes`); the ' +
        "code's name is stored beside it. 409 `PATIENT_NIK_TAKEN` when another patient has the NIK (the " +
        'message names their medical record number, not their name); 409 `POSSIBLE_DUPLICATE` when another ' +
        'patient has the same name and birth date and `confirmDuplicate` is not `true`. Audited with every ' +
        'value.',
      body: patientInputSchema,
      status: 201,
      response: patientDetailSchema,
      errors: errorResponses(400, 401, 403, 409),
    },
    async (request, reply) =>
      reply.status(201).send(await createPatient(app.db, actorOf(request), request.body, app.writeThrough())),
  );

  counter.get(
    '/api/patients/:id',
    {
      summary: "A patient's identity with every legacy field and the age today",
      description:
        'A record merged into another is 404 `PATIENT_MERGED`, with the medical record number of the ' +
        'record it was merged into in the message.',
      params: idParamsSchema,
      response: patientDetailSchema,
      config: { readsPatients: { kind: 'record' } },
    },
    (request) => getPatientDetail(app.db, request.params.id),
  );

  counter.put(
    '/api/patients/:id',
    {
      summary: "Change a patient's record (every field but the medical record number)",
      description:
        'As `POST /api/patients`; the name-and-birth-date check runs only when one of them changes. Each ' +
        'changed field is audited with its old and new value. Saving clears `importIssues` (what the ' +
        'legacy import left for the records desk to complete, such as an unreadable birth date). Linked to ' +
        'a SIMRS, the changed fields are written there in the same action, only while the SIMRS still holds ' +
        'what the portal showed: else 409 `SIMRS_CONFLICT` with the record as it is now in `current` (nothing ' +
        'written); 422 `SIMRS_REFUSED_VALUE` or 503 `SIMRS_UNAVAILABLE` when the SIMRS refuses or does not answer.',
      params: idParamsSchema,
      body: patientInputSchema,
      response: patientDetailSchema,
      errors: errorResponses(400, 401, 403, 404, 409, 422, 503),
      // The answer is the record; so is the SIMRS's record of a conflict (`current`).
      config: { readsPatients: { kind: 'record' } },
    },
    async (request) => {
      try {
        return await updatePatient(
          app.db,
          actorOf(request),
          request.params.id,
          request.body,
          app.writeThrough(),
        );
      } catch (err) {
        if (err instanceof AppError && err.current) notePatientRead(request, request.params.id);
        throw err;
      }
    },
  );

  counter.get(
    '/api/patients/:id/audit',
    {
      summary:
        "A patient's change history, newest first: who, when, each field from the old value to the new",
      params: idParamsSchema,
      response: patientAuditListSchema,
      errors: errorResponses(401, 403, 404),
      config: { readsPatients: { kind: 'changes' } },
    },
    (request) => patientAudit(app.db, request.params.id),
  );

  const admin = routesOf(app, {
    tags: ['patients'],
    onRequest: app.requireStaff(deskRoles.admin),
    errors: errorResponses(400, 401, 403, 404),
  });

  admin.get(
    '/api/patients/:id/merge-preview',
    {
      summary: 'What merging another record into this one would move and fill, and what stops it',
      params: idParamsSchema,
      querystring: patientMergeRequestSchema,
      response: patientMergePlanSchema,
      config: { readsPatients: { kind: 'merge' } },
    },
    (request) => previewMerge(app.db, request.params.id, request.query.duplicateId),
  );

  admin.post(
    '/api/patients/:id/merge',
    {
      summary: 'Merge a duplicate record of the same person into this one',
      config: { simrsOwned: 'Penggabungan data pasien' },
      description:
        "Moves the duplicate's outpatient visits, inpatient stays, bookings and operations to this record, " +
        "fills this record's empty fields from the duplicate (the NIK too), deletes the duplicate (it then " +
        'points here) and audits both. 409 `MERGE_CONFLICT` when both have a current inpatient stay, or both ' +
        'a booking that is not cancelled at the same clinic on the same day; then nothing changes.',
      params: idParamsSchema,
      body: patientMergeRequestSchema,
      response: patientDetailSchema,
      errors: errorResponses(400, 401, 403, 404, 409),
    },
    (request) => mergePatients(app.db, actorOf(request), request.params.id, request.body.duplicateId),
  );
};
