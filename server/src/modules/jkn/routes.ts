import {
  bpjsMappingInputSchema,
  bpjsMappingSchema,
  bpjsReferenceSchema,
  bpjsScheduleListSchema,
  bpjsScheduleQuerySchema,
  idParamsSchema,
  jknBookingCodeRequestSchema,
  jknCredentialsInputSchema,
  jknCredentialsSchema,
  jknBookingRequestSchema,
  jknBookingSchema,
  jknCancelRequestSchema,
  jknCheckInRequestSchema,
  jknEnvelope,
  jknMetadataOnlySchema,
  jknNewPatientRequestSchema,
  jknNewPatientSchema,
  jknOperationListSchema,
  jknOperationsRequestSchema,
  jknPatientOperationListSchema,
  jknPatientOperationsRequestSchema,
  jknPharmacyBookingSchema,
  jknPharmacyStatusSchema,
  jknRemainingSchema,
  jknStatusRequestSchema,
  jknStatusSchema,
  jknTokenSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import type { BpjsLink } from '../bpjs/client.js';
import { addressMatcher } from '../../lib/addresses.js';
import { listBpjsMapping, mapToBpjs } from '../clinics/admin.js';
import type { BookingWindow } from '../clinics/booking-window.js';
import type { BookingReads } from '../registration/booking-reads.js';
import { checkToken, getJknCredentials, issueToken, setJknCredentials } from './auth.js';
import { jknErrorHandler, jknOk, JknRefusal } from './envelope.js';
import { checkBpjsSchedules, fetchBpjsReference } from './mapping.js';
import {
  cancelJknBooking,
  checkInJknBooking,
  jknBooking,
  jknOperations,
  jknPatientOperations,
  jknPharmacyBooking,
  jknPharmacyStatus,
  jknQueueStatus,
  jknRemaining,
  registerJknPatient,
} from './service.js';

export interface JknOptions {
  /** How long a token lasts (JKN_TOKEN_MINUTES). */
  tokenMinutes: number;
  /** BPJS's addresses and ranges (JKN_TRUSTED_ADDRESSES): failures from elsewhere never hold them back. */
  trustedAddresses?: readonly string[];
  /** How many days ahead a booking may be made (REGISTRATION_HORIZON_DAYS). */
  horizonDays: number;
  /** Where the links of the WhatsApp confirmation point (PUBLIC_URL). */
  publicUrl: string;
  /** The bookings' schedules and confirmation text in memory (the registration module's). */
  reads: BookingReads;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

const tokenHeaders = z.object({ 'x-username': z.string(), 'x-token': z.string() });

/**
 * The hospital's web service for Mobile JKN, as BPJS's catalogue names the services. BPJS calls it
 * from its own few addresses, authenticated by token: the per-address write limit of the public
 * booking does not apply, failed token requests are throttled instead.
 */
export const jknRoutes: FastifyPluginAsyncZod<JknOptions> = async (app, options) => {
  jknErrorHandler(app);
  const trusted = addressMatcher(options.trustedAddresses ?? []);
  // BPJS's callers do not all send `Content-Type: application/json`: a body is read as JSON whatever its
  // type says (in this plugin only), with the same guard against prototype poisoning as the default.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  const window = (): BookingWindow => ({ horizonDays: options.horizonDays, now: new Date() });

  async function authorised(request: FastifyRequest) {
    const username = header(request, 'x-username');
    const token = header(request, 'x-token');
    if (!username || !token) throw new JknRefusal('Username dan Token wajib diisi');
    await checkToken(app.db, username, token);
  }

  app.get(
    '/token',
    {
      schema: {
        tags: ['mobile-jkn'],
        summary: 'Token for the other services, for the user name and password given to BPJS',
        // Optional here so that the handler answers a missing one in BPJS's words.
        headers: z.object({ 'x-username': z.string().optional(), 'x-password': z.string().optional() }),
        response: { 200: jknEnvelope(jknTokenSchema), 429: jknMetadataOnlySchema },
      },
    },
    async (request) => {
      const username = header(request, 'x-username');
      const password = header(request, 'x-password');
      if (!username || !password) throw new JknRefusal('Username dan Password wajib diisi');
      const token = await issueToken(
        app.db,
        { username, password, address: request.ip },
        { minutes: options.tokenMinutes, trusted },
      );
      return jknOk({ token });
    },
  );

  /** A POST service behind the token: `body` validated, `run` gives the response (or nothing). */
  function service<Body extends z.ZodType, Response extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    response: Response | null,
    /** True when the service writes reports to BPJS. */
    writes: boolean,
    run: (
      input: z.infer<Body>,
      request: FastifyRequest,
    ) => Promise<{ response?: z.infer<Response>; message?: string }>,
  ) {
    app.post(
      path,
      {
        onRequest: authorised,
        config: { wakesOutbox: writes },
        schema: {
          tags: ['mobile-jkn'],
          summary,
          headers: tokenHeaders,
          body,
          response: { 200: response ? jknEnvelope(response) : jknMetadataOnlySchema },
        },
      },
      async (request) => {
        const answer = await run(request.body as z.infer<Body>, request);
        return jknOk(answer.response, answer.message);
      },
    );
  }

  service(
    '/statusantrean',
    'Queue status of a doctor session',
    jknStatusRequestSchema,
    jknStatusSchema,
    false,
    async (input) => ({
      response: await jknQueueStatus(app.db, input, window()),
    }),
  );
  service(
    '/ambilantrean',
    'Book a queue number (202 for a patient unknown to the hospital)',
    jknBookingRequestSchema,
    jknBookingSchema,
    true,
    async (input, request) => ({
      response: await jknBooking(
        app.db,
        input,
        { window: window(), links: { publicUrl: options.publicUrl }, reads: options.reads },
        request.ip,
        app.writeThrough(),
      ),
    }),
  );
  service(
    '/sisaantrean',
    'Patients ahead of a booking',
    jknBookingCodeRequestSchema,
    jknRemainingSchema,
    false,
    async (input) => ({
      response: await jknRemaining(app.db, input.kodebooking),
    }),
  );
  service('/batalantrean', 'Cancel a booking', jknCancelRequestSchema, null, true, async (input) => {
    await cancelJknBooking(app.db, input, app.writeThrough());
    return {};
  });
  service('/checkinantrean', 'Check in on the day', jknCheckInRequestSchema, null, true, async (input) => {
    await checkInJknBooking(app.db, input, app.writeThrough());
    return {};
  });
  service(
    '/pasienbaru',
    'Register a new patient: the medical record number',
    jknNewPatientRequestSchema,
    jknNewPatientSchema,
    false,
    async (input) => ({
      response: await registerJknPatient(app.db, input, app.writeThrough()),
      message: 'Harap datang ke admisi untuk melengkapi data rekam medis',
    }),
  );
  service(
    '/jadwaloperasirs',
    "The hospital's operating schedule between two dates",
    jknOperationsRequestSchema,
    jknOperationListSchema,
    false,
    async (input) => ({ response: await jknOperations(app.db, input) }),
  );
  service(
    '/jadwaloperasipasien',
    "A JKN member's operations",
    jknPatientOperationsRequestSchema,
    jknPatientOperationListSchema,
    false,
    async (input) => ({ response: await jknPatientOperations(app.db, input.nopeserta) }),
  );
  service(
    '/ambilantreanfarmasi',
    'Pharmacy queue number of a booking sent to the pharmacy',
    jknBookingCodeRequestSchema,
    jknPharmacyBookingSchema,
    false,
    async (input) => ({ response: await jknPharmacyBooking(app.db, input.kodebooking) }),
  );
  service(
    '/statusantreanfarmasi',
    'Pharmacy queue status of a booking',
    jknBookingCodeRequestSchema,
    jknPharmacyStatusSchema,
    false,
    async (input) => ({ response: await jknPharmacyStatus(app.db, input.kodebooking) }),
  );
};

/** The admin's side: the mapping to BPJS's codes, BPJS's reference lists, the credentials given to BPJS. */
export const bpjsAdminRoutes: FastifyPluginAsyncZod<{ link: BpjsLink | undefined }> = async (
  app,
  options,
) => {
  const admin = app.requireStaff(['admin']);
  const errors = errorResponses(400, 401, 403, 404, 409);

  app.get(
    '/api/admin/bpjs/mapping',
    {
      onRequest: admin,
      schema: {
        tags: ['mobile-jkn admin'],
        summary: 'Clinics and doctors with their BPJS codes and names (null: not mapped)',
        response: { 200: bpjsMappingSchema, ...errors },
      },
    },
    async () => ({ configured: options.link !== undefined, ...(await listBpjsMapping(app.db)) }),
  );

  for (const kind of ['clinic', 'doctor'] as const) {
    app.put(
      `/api/admin/bpjs/mapping/${kind}s/:id`,
      {
        onRequest: admin,
        config: { simrsOwned: 'Pemetaan kode BPJS' },
        schema: {
          tags: ['mobile-jkn admin'],
          summary: `Map a ${kind} to a BPJS code and name (null code: unmapped)`,
          params: idParamsSchema,
          body: bpjsMappingInputSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await mapToBpjs(app.db, actorOf(request), kind, request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );
  }

  app.get(
    '/api/admin/bpjs/reference',
    {
      onRequest: admin,
      schema: {
        tags: ['mobile-jkn admin'],
        summary: "BPJS's poli and doctor lists (ref/poli, ref/dokter), fetched now",
        response: { 200: bpjsReferenceSchema, ...errorResponses(401, 403, 409, 502) },
      },
    },
    () => fetchBpjsReference(options.link),
  );

  app.get(
    '/api/admin/bpjs/schedules',
    {
      onRequest: admin,
      schema: {
        tags: ['mobile-jkn admin'],
        summary: "BPJS's doctor schedules of a poli on a date (jadwaldokter), checked against the hospital's",
        querystring: bpjsScheduleQuerySchema,
        response: { 200: bpjsScheduleListSchema, ...errorResponses(400, 401, 403, 409, 502) },
      },
    },
    (request) => checkBpjsSchedules(app.db, options.link, request.query.kodepoli, request.query.date),
  );

  app.get(
    '/api/admin/jkn-credentials',
    {
      onRequest: admin,
      schema: {
        tags: ['mobile-jkn admin'],
        summary: 'The user name given to BPJS for the Mobile JKN service (never the password)',
        response: { 200: jknCredentialsSchema, ...errors },
      },
    },
    () => getJknCredentials(app.db),
  );

  app.put(
    '/api/admin/jkn-credentials',
    {
      onRequest: admin,
      schema: {
        tags: ['mobile-jkn admin'],
        summary: "Set the user name and password given to BPJS; BPJS's tokens end at once",
        body: jknCredentialsInputSchema,
        response: { 200: jknCredentialsSchema, ...errors },
      },
    },
    (request) => {
      // The staff password rules (the common-password list, not the user name), beside the length above.
      refuseWeakPassword(request.body.password, { name: '', username: request.body.username.toLowerCase() });
      return setJknCredentials(app.db, actorOf(request), request.body);
    },
  );
};
