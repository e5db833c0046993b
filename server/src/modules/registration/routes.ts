import {
  adminScheduleSchema,
  admissionCounterSchema,
  admissionQueueSchema,
  admissionTicketRequestSchema,
  admissionTicketSchema,
  bookingCodeParamsSchema,
  idParamsSchema,
  clinicScheduleListSchema,
  closedDateBookingsQuerySchema,
  closedDateBookingsSchema,
  closedDateCreatedSchema,
  closedDateInputSchema,
  deskRegistrationRequestSchema,
  deskRoles,
  diagnosisListSchema,
  diagnosisQuerySchema,
  kioskSepSchema,
  sepDeleteSchema,
  sepDraftSchema,
  sepInputSchema,
  sepSchema,
  patientRegistrationPageSchema,
  patientRegistrationsQuerySchema,
  publicDoctorSchedulesSchema,
  pharmacyDeskSchema,
  pharmacyRequestSchema,
  queueActionParamsSchema,
  queueBoardSchema,
  queueDeskQuerySchema,
  queueDeskSchema,
  queueEntrySchema,
  queueSessionRequestSchema,
  registrationCreatedSchema,
  registrationRequestSchema,
  registrationStatusViewSchema,
  scheduleInputSchema,
  scheduleQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import { addressMatcher } from '../../lib/addresses.js';
import { PUBLIC_BODY_LIMIT } from '../../lib/public-writes.js';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/errors.js';
import { routesOf } from '../../plugins/routes.js';
import {
  admissionQueue,
  callNextAdmission,
  finishAdmission,
  recallAdmission,
  takeAdmissionTicket,
} from './admission.js';
import { patientRegistrations } from './history.js';
import { getPharmacyDesk, sendToPharmacy } from './pharmacy.js';
import { callNext, getQueueBoard, getQueueDesk, queueAction, recallCalled, undoLast } from './queue.js';
import type { BookingReads } from './booking-reads.js';
import type { JknChecker } from './jkn-checks.js';
import {
  type BookingContext,
  cancelRegistration,
  checkIn,
  bookingsClosingStops,
  closeDay,
  createDeskRegistration,
  createRegistration,
  bookingQrPng,
  getRegistrationStatus,
  limitCodeLookups,
} from './service.js';
import { changeSchedule, clinicSchedules, publicDoctorSchedules } from './sessions.js';
import { deleteSep, getSep, issueSep, kioskSep, searchDiagnoses, sepDraft, updateSep } from './sep.js';

export interface RegistrationOptions extends RegistrationConfig {
  /** The bookings' schedules and confirmation text in memory (shared with Mobile JKN's bookings). */
  reads: BookingReads;
  /** VClaim, when configured: JKN bookings' cards and referrals are checked with BPJS. */
  jkn: JknChecker | undefined;
}

/**
 * Outpatient bookings (public, and at the registration counter), the clinic queue desk (staff), a
 * patient's bookings (medical records desk) and the public queue board; and what touches the sessions'
 * quotas: the places left per session, and changing a weekly schedule.
 */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationOptions> = async (app, opts) => {
  // Today's board: built again at least every half minute, so that a new day starts on its own.
  const board = app.readModel('queueBoard', () => getQueueBoard(app.db), {
    tables: [
      'clinics',
      'doctors',
      'doctor_schedules',
      'queue_sessions',
      'registrations',
      'admission_tickets',
    ],
    maxAgeMs: 30_000,
  });
  const window = () => ({ horizonDays: opts.horizonDays, now: new Date() });
  const links = { publicUrl: opts.publicUrl };
  const bookingContext = (): BookingContext => ({
    window: window(),
    links,
    reads: opts.reads,
    jkn: opts.jkn,
  });
  const open = routesOf(app, { tags: ['registration'] });
  // Places left today follow the bookings; the days off the clock (built again every half minute).
  const timetable = app.readModel('doctorSchedules', () => publicDoctorSchedules(app.db, window()), {
    tables: ['clinics', 'doctors', 'doctor_schedules', 'closed_dates', 'queue_sessions', 'registrations'],
    maxAgeMs: 30_000,
  });

  open.get(
    '/api/clinics/:id/schedules',
    {
      summary: "A clinic's doctor sessions on a date, with the quota left per payer",
      params: idParamsSchema,
      querystring: scheduleQuerySchema,
      response: clinicScheduleListSchema,
      errors: errorResponses(400, 404),
    },
    (request) => clinicSchedules(app.db, request.params.id, request.query.date, window()),
  );

  open.get(
    '/api/public/doctor-schedules',
    {
      summary: "Every clinic's doctors: weekly hours, days off in the booking window, places left today",
      response: publicDoctorSchedulesSchema,
    },
    (request, reply) => timetable.reply(request, reply),
  );

  open.post(
    '/api/registrations',
    {
      summary: 'Book an outpatient visit: booking code, queue number and estimated time',
      description:
        "With BPJS's VClaim configured (`BPJS_VCLAIM_URL`), a JKN booking's card and referral are checked with " +
        'BPJS first: a refusal is 400 `BPJS_REFUSED` with the reason next to `bpjsCardNo` or `referralNo`, ' +
        'and nothing is booked; when VClaim does not answer, the booking is made on the format checks and ' +
        'the queue desk shows it as not yet checked (`bpjsUnchecked`) until BPJS is asked again.',
      body: registrationRequestSchema,
      status: 201,
      response: registrationCreatedSchema,
      errors: errorResponses(400, 404, 409, 413, 429),
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { wakesOutbox: true },
    },
    async (request, reply) => {
      const booking = await createRegistration(
        app.db,
        request.body,
        { address: request.ip, writeLimit: opts.writeLimit },
        bookingContext(),
        app.writeThrough(),
      );
      return reply.status(201).send(booking);
    },
  );

  open.get(
    '/api/registrations/:code',
    {
      summary: 'A booking by its code: status, people ahead, estimated time',
      params: bookingCodeParamsSchema,
      response: registrationStatusViewSchema,
      errors: errorResponses(404, 429),
    },
    (request) =>
      limitCodeLookups(app.db, request.ip, () => getRegistrationStatus(app.db, request.params.code)),
  );

  open.get(
    '/api/registrations/:code/qr.png',
    {
      summary: "A booking code as the QR code on its ticket (PNG), for the WhatsApp confirmation's image",
      description:
        'Drawn from the code alone, for any code of the right form: it says nothing of whether the booking exists.',
      params: bookingCodeParamsSchema,
      response: { description: 'PNG image', content: { 'image/png': { schema: z.string() } } },
      errors: errorResponses(404),
    },
    async (request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400, immutable')
        // Fastify sends a Buffer as it is, unserialised; the schema above describes the file to OpenAPI.
        .send(bookingQrPng(request.params.code) as unknown as string),
  );

  const patientAction = (path: string, summary: string, act: typeof checkIn) =>
    open.post(
      `/api/registrations/:code/${path}`,
      {
        summary,
        params: bookingCodeParamsSchema,
        response: registrationStatusViewSchema,
        errors: errorResponses(404, 409, 429),
        config: { wakesOutbox: true },
      },
      (request) =>
        limitCodeLookups(app.db, request.ip, () => act(app.db, request.params.code, app.writeThrough())),
    );
  patientAction('check-in', 'Check in on the day of the visit (BOOKED → CHECKED_IN)', checkIn);
  patientAction(
    'cancel',
    'Cancel while BOOKED and not in the past; the place goes back to the quota',
    (db, code, through) => cancelRegistration(db, code, undefined, through),
  );

  // Without a list of kiosks, every address is one (and has its own budget).
  const isKiosk = opts.kioskAddresses.length > 0 ? addressMatcher(opts.kioskAddresses) : () => true;
  open.post(
    '/api/public/admission-tickets',
    {
      summary: "A walk-in patient's ticket for the admission counter (the lobby kiosk): today's next number",
      description:
        'For patients without a booking, by kind, each with its letter and its numbers per day from 1 ' +
        'without gaps or repeats (the database refuses either): `BPJS` `B-001`, `UMUM` `A-001`, `PRIORITAS` ' +
        '`P-001` (the elderly, disabled, pregnant: called first). Limited per kiosk ' +
        '(`ADMISSION_TICKET_LIMIT` a minute, per client address); with `KIOSK_ADDRESSES` set, only the ' +
        'kiosks get one (403 elsewhere).',
      body: admissionTicketRequestSchema,
      status: 201,
      response: admissionTicketSchema,
      errors: errorResponses(400, 403, 413, 429),
      bodyLimit: PUBLIC_BODY_LIMIT,
    },
    async (request, reply) => {
      if (!isKiosk(request.ip))
        throw new AppError(
          403,
          'NOT_A_KIOSK',
          'Nomor antrean loket pendaftaran hanya diberikan di anjungan rumah sakit.',
        );
      const ticket = await takeAdmissionTicket(
        app.db,
        { address: request.ip, limit: opts.ticketLimit },
        request.body.kind,
      );
      return reply.status(201).send(ticket);
    },
  );

  open.post(
    '/api/registrations/:code/sep',
    {
      summary: "The lobby kiosk's SEP, after a returning JKN patient checked in there: issued, or why not",
      description:
        'Issued with VClaim on the referral (or control letter) and its diagnosis, as the counter would without ' +
        "changes; `sep` null and `reason` in the patient's words (BPJS's refusal as it came) when the patient is " +
        'to see the counter: a new patient, another insurer first (COB), a refusal, VClaim not answering. It ' +
        "shows the patient's data and diagnosis, so only the kiosks named in `KIOSK_ADDRESSES` get it (403 " +
        'elsewhere, and everywhere while the list is empty).',
      params: bookingCodeParamsSchema,
      response: kioskSepSchema,
      errors: errorResponses(403, 404, 429),
    },
    (request) => {
      if (opts.kioskAddresses.length === 0 || !isKiosk(request.ip)) {
        throw new AppError(
          403,
          'NOT_A_KIOSK',
          'SEP mandiri hanya dibuat di anjungan rumah sakit. Silakan ke loket pendaftaran.',
        );
      }
      return limitCodeLookups(app.db, request.ip, () =>
        kioskSep(app.db, opts.jkn, request.ip, request.params.code),
      );
    },
  );

  const admissionDesk = routesOf(app, {
    tags: ['admission desk'],
    onRequest: app.requireStaff(deskRoles.counter),
    errors: errorResponses(400, 401, 403, 409),
  });

  admissionDesk.get(
    '/api/admission-queue',
    {
      summary:
        "Today's walk-in tickets at the admission desk in the order taken, with their kind: waiting, called to " +
        'a counter, done; how many wait, in all and per kind',
      response: admissionQueueSchema,
    },
    () => admissionQueue(app.db),
  );

  const counterAction = (path: string, summary: string, act: typeof callNextAdmission) =>
    admissionDesk.post(
      `/api/admission-queue/${path}`,
      { summary, body: admissionCounterSchema, response: admissionQueueSchema },
      (request) => act(app.db, actorOf(request), request.body.counter),
    );
  counterAction(
    'call-next',
    "Finish the counter's number and call the next waiting ticket to it (the queue board shows and says it); 409 when none waits",
    callNextAdmission,
  );
  counterAction('recall', "Call the counter's number again (the board says it again)", recallAdmission);
  counterAction('finish', "Finish the counter's number without calling another", finishAdmission);

  // The SEP of a JKN visit, at the admission desk once the patient is admitted: a direct call to VClaim that
  // the clerk waits for (see sep.ts for why not the outbox).
  const sepDesk = routesOf(app, {
    tags: ['SEP'],
    onRequest: app.requireStaff(deskRoles.counter),
    errors: errorResponses(400, 401, 403, 404, 409, 503),
  });
  const sepRoute = '/api/queue/desk/registrations/:code/sep';
  const sepRules =
    'For a JKN booking of today once the patient is admitted (task 3 or later); 409 `SEP_NOT_ADMITTED`, ' +
    '`SEP_NOT_JKN`, `SEP_NOT_TODAY` otherwise, `SEP_NO_MAPPING` when the clinic or doctor has no BPJS code, ' +
    "`VCLAIM_NOT_CONFIGURED` without VClaim. BPJS's refusal is 409 `BPJS_REFUSED` with its words as they " +
    'came; VClaim not answering is 503 `BPJS_UNAVAILABLE` (nothing issued or changed).';

  sepDesk.get(
    `${sepRoute}/draft`,
    {
      summary:
        "A booking's SEP form: what it rests on (participant, referral or control letter, mapping) and the fields filled",
      description: `${sepRules} 409 \`SEP_ISSUED\` once it has one.`,
      params: bookingCodeParamsSchema,
      response: sepDraftSchema,
    },
    (request) => sepDraft(app.db, opts.jkn, request.params.code),
  );

  sepDesk.get(
    sepRoute,
    {
      summary: "A booking's issued SEP, with what its printout shows (404 when it has none)",
      params: bookingCodeParamsSchema,
      response: sepSchema,
    },
    (request) => getSep(app.db, request.params.code),
  );

  sepDesk.post(
    sepRoute,
    {
      summary: "Issue a booking's SEP with VClaim (idempotent by booking)",
      description:
        `${sepRules} A booking with a SEP answers it without asking VClaim again. ` +
        'Two requests at once never both ask VClaim: the second is 409 `SEP_IN_PROGRESS` until the first is answered. ' +
        'Written to the audit log (`sep.issue`).',
      params: bookingCodeParamsSchema,
      body: sepInputSchema,
      response: sepSchema,
    },
    (request) => issueSep(app.db, opts.jkn, actorOf(request), request.params.code, request.body),
  );

  sepDesk.put(
    sepRoute,
    {
      summary: "Change the clerk's fields of a booking's SEP with VClaim, on the day it was issued only",
      description: `${sepRules} Written to the audit log (\`sep.update\`).`,
      params: bookingCodeParamsSchema,
      body: sepInputSchema,
      response: sepSchema,
    },
    (request) => updateSep(app.db, opts.jkn, actorOf(request), request.params.code, request.body),
  );

  sepDesk.delete(
    sepRoute,
    {
      summary: "Delete a booking's SEP with VClaim, with a reason, on the day it was issued only",
      description: `${sepRules} The reason is kept in the audit log (\`sep.delete\`); the booking may then get a new SEP.`,
      params: bookingCodeParamsSchema,
      body: sepDeleteSchema,
      response: z.object({ number: z.string() }),
    },
    (request) => deleteSep(app.db, opts.jkn, actorOf(request), request.params.code, request.body.reason),
  );

  sepDesk.get(
    '/api/sep/diagnoses',
    {
      summary: "ICD-10 diagnoses whose code or name contains `q`, from VClaim's reference, for the SEP form",
      querystring: diagnosisQuerySchema,
      response: diagnosisListSchema,
    },
    (request) => searchDiagnoses(opts.jkn, request.query.q),
  );

  const desk = routesOf(app, {
    tags: ['queue desk'],
    onRequest: app.requireStaff(deskRoles.registration),
    errors: errorResponses(400, 401, 403, 404, 409),
  });

  desk.post(
    '/api/desk/registrations',
    {
      tags: ['registration'],
      summary: 'Book at the registration counter for a patient on record: the same ticket as the website',
      description:
        'The engine of `POST /api/registrations` (quotas, one booking per patient, clinic and date, the ' +
        'booking window: today while the session has not ended, up to the horizon) and its report to BPJS, ' +
        'for a patient the clerk has found or registered: no birth date to prove and no per-address limit. ' +
        "`phone` left out is the patient's mobile number on record (400 when the record has none). For " +
        'JKN, `visitType` is BPJS `jeniskunjungan` (1 when left out), and the card and referral are checked ' +
        'with VClaim as on the website (400 `BPJS_REFUSED`). The booking is kept with the source ' +
        '`DESK` and the clerk, and written to the audit log.',
      body: deskRegistrationRequestSchema,
      status: 201,
      response: registrationCreatedSchema,
      config: { wakesOutbox: true },
    },
    async (request, reply) => {
      const booking = await createDeskRegistration(app.db, request.body, actorOf(request), bookingContext());
      return reply.status(201).send(booking);
    },
  );

  desk.get(
    '/api/queue/desk',
    {
      summary: "Today's sessions of a clinic with their bookings and task stamps",
      querystring: queueDeskQuerySchema,
      response: queueDeskSchema,
    },
    async (request) => ({
      ...(await getQueueDesk(app.db, request.query.clinicId)),
      vclaim: Boolean(opts.jkn?.ppkCode),
    }),
  );

  desk.post(
    '/api/queue/desk/call-next',
    {
      summary: 'Call the lowest number waiting for the clinic (task 4)',
      body: queueSessionRequestSchema,
      response: queueEntrySchema,
      config: { wakesOutbox: true },
    },
    (request) => callNext(app.db, actorOf(request), request.body.scheduleId, links, app.writeThrough()),
  );

  desk.post(
    '/api/queue/desk/undo',
    {
      summary: "Undo the session's last desk action (its stamp is kept, marked undone)",
      body: queueSessionRequestSchema,
      response: queueEntrySchema,
      config: { wakesOutbox: true },
    },
    (request) => undoLast(app.db, actorOf(request), request.body.scheduleId, app.writeThrough()),
  );

  desk.post(
    '/api/queue/desk/registrations/:code/:action',
    {
      summary:
        'Move one booking: check-in (task 1 new patient, 3 otherwise), admission-start (2), admission-end (3), call (4), serve (5), no-show (99), pharmacy-start (6), pharmacy-done (7)',
      params: queueActionParamsSchema,
      response: queueEntrySchema,
      config: { wakesOutbox: true },
    },
    (request) =>
      queueAction(
        app.db,
        actorOf(request),
        request.params.code,
        request.params.action,
        links,
        app.writeThrough(),
      ),
  );

  desk.post(
    '/api/queue/desk/registrations/:code/recall',
    {
      summary:
        'Call a called patient again: the queue board says the number once more (its call time moves on); ' +
        'the status and the BPJS task times stay. 409 unless the booking is called today',
      params: bookingCodeParamsSchema,
      response: queueEntrySchema,
    },
    (request) => recallCalled(app.db, actorOf(request), request.params.code),
  );

  desk.post(
    '/api/queue/desk/registrations/:code/pharmacy',
    {
      summary:
        "Send a patient to the pharmacy with the prescription type: the pharmacy's next number. A patient " +
        "still called is served by it (task 5 reports the prescription's type to BPJS as `jenisresep`)",
      params: bookingCodeParamsSchema,
      body: pharmacyRequestSchema,
      response: queueEntrySchema,
      config: { wakesOutbox: true },
    },
    (request) =>
      sendToPharmacy(app.db, actorOf(request), request.params.code, request.body.prescriptionType, {
        links,
        through: app.writeThrough(),
      }),
  );

  desk.get(
    '/api/queue/pharmacy',
    {
      summary: "Today's pharmacy queue: prescriptions in the order of their numbers, with tasks 6 and 7",
      response: pharmacyDeskSchema,
    },
    () => getPharmacyDesk(app.db),
  );

  const records = routesOf(app, {
    tags: ['patients'],
    onRequest: app.requireStaff(deskRoles.records),
    errors: errorResponses(400, 401, 403, 404),
  });

  records.get(
    '/api/patients/:id/registrations',
    {
      summary: "A patient's outpatient bookings from every channel, newest first (paged)",
      description:
        'Website and kiosk bookings (`source` `WEB`), Mobile JKN bookings (`MJKN`) and counter bookings ' +
        '(`DESK`), cancelled ones ' +
        'included: the latest visit date first, on one date the latest booked first. `page` counts from 1, ' +
        '`pageSize` is 20 unless given (at most 100); `total` counts all the bookings of the patient.',
      params: idParamsSchema,
      querystring: patientRegistrationsQuerySchema,
      response: patientRegistrationPageSchema,
      config: { readsPatients: { kind: 'bookings' } },
    },
    (request) => patientRegistrations(app.db, request.params.id, request.query),
  );

  const queueBoard = routesOf(app, { tags: ['queue board'] });

  queueBoard.get(
    '/api/queue/board',
    {
      summary:
        "Per clinic with a session today: the number being served and how many wait; the admission desk's " +
        "counters; the pharmacy's latest calls (medicine ready)",
      response: queueBoardSchema,
    },
    (request, reply) => board.reply(request, reply),
  );

  queueBoard.get(
    '/api/queue/board/stream',
    {
      summary: 'Server-sent events: the queue board at once and again on every change (event "board")',
      produces: ['text/event-stream'],
      errors: errorResponses(429),
    },
    (request, reply) => board.stream(request, reply, 'board'),
  );

  desk.put(
    '/api/admin/schedules/:id',
    {
      tags: ['clinic admin'],
      summary:
        'Change a weekly schedule; new quotas apply to sessions from today on, never below places taken',
      params: idParamsSchema,
      body: scheduleInputSchema,
      response: adminScheduleSchema,
      config: { simrsOwned: 'Jadwal dokter' },
    },
    (request) => changeSchedule(app.db, actorOf(request), request.params.id, request.body),
  );

  desk.get(
    '/api/admin/closed-dates/bookings',
    {
      tags: ['clinic admin'],
      summary: 'How many waiting bookings closing a day would cancel, asked before the close',
      querystring: closedDateBookingsQuerySchema,
      response: closedDateBookingsSchema,
    },
    async (request) => ({ bookings: await bookingsClosingStops(app.db, request.query) }),
  );

  desk.post(
    '/api/admin/closed-dates',
    {
      tags: ['clinic admin'],
      summary: 'Close a day: for the whole hospital, one clinic, or one doctor (leave)',
      description:
        'Bookings of that day it stops that still wait (BOOKED or CHECKED_IN) are cancelled (task 99, the ' +
        'place given back) and each patient gets a WhatsApp message with the reason and the link to book again.',
      body: closedDateInputSchema,
      status: 201,
      response: closedDateCreatedSchema,
      config: { wakesOutbox: true },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await closeDay(app.db, actorOf(request), request.body, links, app.writeThrough())),
  );
};
