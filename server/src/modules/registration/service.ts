import {
  ALREADY_BOOKED,
  BOOKING_NOT_FOUND,
  CANCEL_DATE_PASSED,
  CHECK_IN_NOT_TODAY,
  type ClosedDateBookingsQuery,
  type ClosedDateCreated,
  type ClosedDateInput,
  type DeskRegistrationRequest,
  normalizePhone,
  type Payer,
  type QueueTaskId,
  type RegistrationCreated,
  type RegistrationRequest,
  type RegistrationSource,
  type RegistrationStatus,
  type RegistrationStatusView,
  TOO_MANY_PATIENT_MISMATCHES,
  TOO_MANY_UNKNOWN_BOOKING_CODES,
} from '@portal/contract';
import { and, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { preparedStatement } from '../../db/prepared.js';
import { single } from '../../db/rows.js';
import {
  clinicQueueDays,
  clinics,
  doctors,
  doctorSchedules,
  queueEvents,
  queueSessions,
  registrations,
} from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { clockTime, localMoment, localToday } from '../../lib/dates.js';
import { bookings } from '../../lib/metrics.js';
import { qrPng } from '../../lib/qr-png.js';
import { type Budget, refusal, tooManyRequests, withinBudgets } from '../../lib/throttle.js';
import { bookingCodeLookups, formatTrackingCode, newTrackingCode } from '../../lib/tracking-code.js';
import { type BookableSchedule, type BookingWindow, bookableSchedule } from '../clinics/booking-window.js';
import { type BookingReads, databaseReads } from './booking-reads.js';
import {
  getPatient,
  getPatientDetail,
  identifyPatient,
  isIdentityMismatch,
  normalizeMrn,
  type PatientRecord,
  retireProvisional,
} from '../patients/service.js';
import { addClosedDate } from '../clinics/admin.js';
import { pendingSurveyToken } from '../surveys/service.js';
import { bookingReport, bookingReportValues, reportTask, unreportable } from './bpjs-reports.js';
import type { PublicLinks } from '../notifications/templates.js';
import { bookingConfirmation, bookingConfirmationValues, notifySessionCancelled } from './messages.js';
import { freePlace, opensWithPlace, type Place, placeStatement, placeValues, quotaFull } from './sessions.js';
import { WriteThrough } from '../../simrs/write.js';
import { checkJkn, type JknCheck, type JknChecker } from './jkn-checks.js';

export interface Booker {
  /** The client's address: bookings are throttled per address (REGISTRATION_WRITE_LIMIT a minute). */
  address: string;
  writeLimit: number;
}

const alreadyBooked = () => conflict('ALREADY_BOOKED', ALREADY_BOOKED);

/** `INT-012`: the clinic's prefix and the sequence, at least three digits. */
export const queueNumber = (prefix: string, seq: number) => `${prefix}-${String(seq).padStart(3, '0')}`;

/** Session start + (seq − 1) × minutes per patient, on the booking's date in the hospital's time zone. */
export function estimatedAt(date: string, start: string, seq: number, minutesPerPatient: number): Date {
  const [hours, minutes] = start.split(':').map(Number) as [number, number];
  return localMoment(date, hours, minutes + (seq - 1) * minutesPerPatient);
}

/** What a booking needs besides the patient, whichever door it comes through. */
export interface BookingRequest {
  scheduleId: number;
  date: string;
  payer: Payer;
  phone: string;
  bpjsCardNo?: string | null;
  referralNo?: string | null;
  visitType?: number | null;
  source: RegistrationSource;
  /** The client's address, kept with the booking. */
  address: string;
  /** The clerk who booked at the counter. */
  staffId?: number | null;
}

export interface BookingOptions {
  window: BookingWindow;
  /**
   * Finds the patient, or creates a new one when `identifyWrites`: then inside the booking's transaction, so
   * that a refused booking leaves no record behind.
   */
  identify: (db: Database | Transaction) => Promise<PatientRecord & { created: boolean }>;
  identifyWrites?: boolean;
  /**
   * Keeps a trace of the booking in its transaction, e.g. the counter's audit row, or a linked SIMRS's copy
   * of a Mobile JKN booking.
   */
  record?: (tx: Transaction, booking: RecordedBooking) => Promise<void>;
  /** Where the WhatsApp confirmation's links point. */
  links: PublicLinks;
  /** The schedule and the confirmation's text: the server's copy in memory; read from `db` when not given. */
  reads?: BookingReads;
  /** VClaim (BPJS_VCLAIM_URL): a JKN booking's card and referral are checked with BPJS before it is made. */
  jkn?: JknChecker;
  /** A new patient's name (`identify` creates them), compared with the name on the BPJS card. */
  newPatientName?: string;
}

/** A booking as its transaction wrote it, with its patient's number and its session's places after it. */
export type RecordedBooking = BookingRow & { mrn: string; places: Place };

/** What the routes give every booking: the window, the confirmation's links, the reads in memory, VClaim. */
export type BookingContext = Pick<BookingOptions, 'window' | 'links' | 'reads' | 'jkn'>;

/**
 * The one booking engine: the quota of the payer in the chosen session, the next queue number, the
 * patient (new ones get a medical record number), the report to BPJS and the WhatsApp confirmation to the
 * booking's number. What it reads comes first (the schedule and the confirmation's text before any
 * transaction, from memory in the server); everything it writes is one statement (`writeBooking`).
 * When that statement is the only write, it commits on its own, so the session's row is locked only while
 * it runs, as in the bare conditional update; a new patient's record or the counter's audit row make it a
 * transaction, which holds the row until its commit.
 */
export async function bookPlace(
  db: Database,
  request: BookingRequest,
  options: BookingOptions,
): Promise<RegistrationCreated & { places: Place }> {
  const reads = options.reads ?? databaseReads(db);
  const schedule = await bookableSchedule(reads.schedule, request.scheduleId, request.date, options.window);
  const confirmation = { body: await reads.confirmationBody(), links: options.links };
  const { identify, record } = options;
  const checker = request.payer === 'JKN' && request.source !== 'MJKN' ? options.jkn : undefined;
  // A patient on record is known before BPJS is asked about their card, and before any transaction.
  const known = checker && !options.identifyWrites ? await identify(db) : undefined;
  const jkn =
    checker && (await checkBooking(checker, request, schedule, known?.name ?? options.newPatientName));
  // On the database, or in the booking's transaction with what it records there.
  const book = async (tx: Database | Transaction, recorded?: (booking: RecordedBooking) => Promise<void>) => {
    const patient = known ?? (await identify(tx));
    const { booking, place } = await writeBooking(
      tx,
      request,
      schedule,
      patient,
      confirmation,
      jkn?.checked === false,
    );
    await recorded?.({ ...booking, mrn: patient.mrn, places: place });
    return {
      ...ticket(schedule, request.date, request.payer, booking),
      mrn: patient.mrn,
      patientName: patient.name,
      newPatient: patient.created,
      places: place,
    };
  };
  // A new booking code that another booking has (about one chance in 10^11): the whole booking again.
  for (let attempt = 1; ; attempt++) {
    try {
      const booked =
        !options.identifyWrites && !record
          ? await book(db)
          : await db.transaction((tx) => book(tx, record && ((booking) => record(tx, booking))));
      bookings.inc({ channel: request.source, payer: request.payer });
      return booked;
    } catch (err) {
      // A second booking of the patient in the clinic that day: the partial unique index refuses it, and
      // the place is not taken.
      if (isUniqueViolation(err, 'registrations_one_per_patient_clinic_date')) throw alreadyBooked();
      if (isUniqueViolation(err, 'registrations_code_unique') && attempt < 5) continue;
      throw err;
    }
  }
}

/**
 * A JKN booking's card and referral with VClaim (`checkJkn`): refused with the reason, or checked, or
 * unchecked when BPJS did not answer (then booked on the format checks, marked for the recheck job).
 * Mobile JKN's bookings come checked by BPJS itself and are left to it.
 */
async function checkBooking(
  checker: JknChecker,
  request: BookingRequest,
  schedule: BookableSchedule,
  patientName: string | undefined,
): Promise<JknCheck | undefined> {
  if (!request.bpjsCardNo || !request.referralNo || patientName === undefined) return undefined;
  return checkJkn(checker, {
    cardNo: request.bpjsCardNo,
    referralNo: request.referralNo,
    visitType: request.visitType ?? null,
    date: request.date,
    clinicBpjsCode: schedule.clinic.bpjsCode,
    patientName,
  });
}

/** Wrong patient identities a client address, and one record (its number or NIK), may give a minute. */
export const IDENTITY_FAILURE_LIMITS = { address: 10, record: 5 };

const tooManyIdentityFailures = refusal('TOO_MANY_ATTEMPTS', TOO_MANY_PATIENT_MISMATCHES);

/**
 * A booking from the website: the patient proves who they are (identifyPatient), each address has a budget
 * of bookings, and wrong identities are limited per address and per record, so that neither a record number
 * nor a NIK can be tried against birth dates and phone numbers. The ticket names the patient by initials.
 */
export async function createRegistration(
  db: Database,
  input: RegistrationRequest,
  booker: Booker,
  context: BookingContext,
  /** Linked to a SIMRS: a new patient is written there first (see `insertNewPatient`). */
  through = new WriteThrough(),
): Promise<RegistrationCreated> {
  const jkn = input.payer === 'JKN';
  const { patient } = input;
  const record = patient.newPatient
    ? `nik:${patient.newPatient.nik}`
    : patient.mrn !== undefined
      ? `mrn:${normalizeMrn(patient.mrn)}`
      : `nik:${patient.nik ?? ''}`;
  const budgets: Budget[] = [
    {
      key: `registration-write:${booker.address}`,
      limit: booker.writeLimit,
      counts: 'writes',
      refusal: tooManyRequests,
    },
    {
      key: `identity:${booker.address}`,
      limit: IDENTITY_FAILURE_LIMITS.address,
      counts: 'failures',
      refusal: tooManyIdentityFailures,
    },
    {
      key: `identity:${record}`,
      limit: IDENTITY_FAILURE_LIMITS.record,
      counts: 'failures',
      refusal: tooManyIdentityFailures,
    },
  ];
  const { places: _places, ...created } = await through.run(() =>
    withinBudgets(
      db,
      budgets,
      () =>
        bookPlace(
          db,
          {
            scheduleId: input.scheduleId,
            date: input.date,
            payer: input.payer,
            phone: input.phone,
            bpjsCardNo: jkn ? input.bpjsCardNo : null,
            referralNo: jkn ? input.referralNo : null,
            source: 'WEB',
            address: booker.address,
          },
          {
            ...context,
            identify: (db) => identifyPatient(db, patient, input.phone, through),
            identifyWrites: patient.newPatient !== undefined,
            newPatientName: patient.newPatient?.name,
          },
        ),
      isIdentityMismatch,
    ),
  );
  return { ...created, patientName: initials(created.patientName) };
}

/** `Ahmad Arif Saputra` → `A. A. S.`: the public ticket tells whose it is without telling the name. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word[0]?.toUpperCase()}.`)
    .join(' ');

/**
 * A booking made by a clerk at the registration counter for a patient on record (found or just registered
 * there): the same engine, quotas and rules as the website's, without the public per-address limit (the
 * clerk is logged in), the clerk kept with the booking and in the audit log.
 */
export async function createDeskRegistration(
  db: Database,
  input: DeskRegistrationRequest,
  clerk: Actor,
  context: BookingContext,
): Promise<RegistrationCreated> {
  const jkn = input.payer === 'JKN';
  const phone = input.phone ?? (await phoneOnRecord(db, input.patientId));
  const { places: _places, ...created } = await bookPlace(
    db,
    {
      scheduleId: input.scheduleId,
      date: input.date,
      payer: input.payer,
      phone,
      bpjsCardNo: jkn ? input.bpjsCardNo : null,
      referralNo: jkn ? input.referralNo : null,
      visitType: jkn ? (input.visitType ?? 1) : null,
      source: 'DESK',
      address: clerk.address,
      staffId: clerk.staffId,
    },
    {
      ...context,
      // The patient stands at the counter, which is the admission: they wait for the clinic next (task 3).
      identify: async (db) => ({ ...(await getPatient(db, input.patientId)), created: false }),
      record: (tx, booking) =>
        audit(
          tx,
          clerk,
          'registration.desk_book',
          { type: 'registration', id: booking.code },
          {
            patientId: input.patientId,
            scheduleId: input.scheduleId,
            date: input.date,
            payer: input.payer,
            queueNumber: booking.queueNumber,
          },
        ),
    },
  );
  return created;
}

/** The mobile number of the patient's record, for a counter booking that names no other. */
async function phoneOnRecord(db: Database, patientId: number): Promise<string> {
  const { phone } = await getPatientDetail(db, patientId);
  const mobile = phone ? normalizePhone(phone) : null;
  if (mobile) return mobile;
  const message = 'Pasien belum punya No. HP seluler yang sah di datanya; isi No. HP untuk pendaftaran ini.';
  throw new AppError(400, 'VALIDATION_ERROR', message, { fields: { phone: message } });
}

/**
 * What the booking's statement is built for (`bookingStatement`): the payer's quota, whether the schedule
 * has places in it (opensWithPlace), and the confirmation's text.
 */
interface BookingShape {
  payer: Payer;
  opens: boolean;
  body: string;
}

/**
 * Takes the place and the clinic's next number of the day (`clinic_queue_days`, after the session's row, in
 * every booking) and writes the booking, its report to BPJS and its WhatsApp confirmation in one statement
 * (`placeStatement`, then inserts that read its row), so that the session's row is not held across a round
 * trip per write while other bookings of the session wait. Prepared once per shape: its values are named.
 */
const bookingStatement = preparedStatement(
  ({ payer, opens, body }: BookingShape) => `${payer}:${opens}:${body}`,
  (shape, db) => {
    const value = (name: string) => sql.placeholder(name);
    return sql`with place as ${placeStatement(db, shape.payer, shape.opens)},
      numbered as (
        insert into ${clinicQueueDays} (clinic_id, date, last_seq)
        select ${value('clinic_id')}::int, ${value('date')}::date, 1 from place
        on conflict (clinic_id, date) do update set last_seq = ${clinicQueueDays.lastSeq} + 1
        returning last_seq
      ),
      booking as (
        insert into ${registrations} (code, session_id, clinic_id, doctor_id, date, patient_id, new_patient,
          payer, bpjs_card_no, referral_no, visit_type, source, staff_id, phone, queue_seq, queue_number,
          estimated_at, address, bpjs_reported, vclaim_pending)
        select ${value('code')}, place.id, ${value('clinic_id')}::int, ${value('doctor_id')}::int,
          ${value('date')}::date, ${value('patient_id')}::int, ${value('new_patient')}::boolean, ${value('payer')},
          ${value('bpjs_card_no')}, ${value('referral_no')}, ${value('visit_type')}::smallint, ${value('source')},
          ${value('staff_id')}::int, ${value('phone')}, numbered.last_seq,
          ${value('queue_prefix')} || '-' || lpad(numbered.last_seq::text, greatest(3, length(numbered.last_seq::text)), '0'),
          -- The place in the session times it. Never before the booking is made, never after the session
          -- ends (a place that does not fit is said to start at the end).
          greatest(least(${value('first_at')}::timestamptz
            + make_interval(mins => (place.last_seq - 1) * ${value('minutes_per_patient')}::int),
            ${value('end_at')}::timestamptz), now()),
          ${value('address')}, ${value('bpjs_reported')}::boolean, ${value('vclaim_pending')}::boolean
        from place cross join numbered
        returning code, queue_number, queue_seq, estimated_at, status
      ),
      report as (${bookingReport()}),
      confirmation as (${bookingConfirmation(shape.body)})
      select place.id as session_id, place.last_seq, place.quota_jkn, place.used_jkn, place.quota_non_jkn,
        place.used_non_jkn, booking.code, booking.queue_number, booking.queue_seq, booking.estimated_at,
        booking.status
      from place cross join booking`;
  },
);

/** Writes the booking with its one statement (`bookingStatement`). */
async function writeBooking(
  tx: Database | Transaction,
  request: BookingRequest,
  schedule: BookableSchedule,
  patient: PatientRecord & { created: boolean },
  confirmation: { body: string; links: PublicLinks },
  /** BPJS's VClaim did not answer: booked on the format checks, "belum dicek BPJS". */
  vclaimPending = false,
): Promise<{ booking: BookingRow; place: Place }> {
  const code = newTrackingCode();
  const reported = {
    ...request,
    code,
    bpjsCardNo: request.bpjsCardNo ?? null,
    referralNo: request.referralNo ?? null,
    visitType: request.visitType ?? null,
    newPatient: patient.created,
    patient,
    clinic: schedule.clinic,
    doctor: { name: schedule.doctor.name, bpjsCode: schedule.doctorBpjsCode },
    start: schedule.start,
    end: schedule.end,
  };
  // The queue number and estimated time of the sequence taken (`queueNumber`, `estimatedAt`), in SQL.
  const firstAt = estimatedAt(request.date, schedule.start, 1, schedule.minutesPerPatient);
  const shape = {
    payer: request.payer,
    opens: opensWithPlace(schedule, request.payer),
    body: confirmation.body,
  };
  const rows = await bookingStatement<PlacedBooking>(tx, shape, {
    ...placeValues(schedule, request.date),
    code,
    clinic_id: schedule.clinic.id,
    doctor_id: schedule.doctor.id,
    patient_id: patient.id,
    new_patient: patient.created,
    payer: request.payer,
    bpjs_card_no: reported.bpjsCardNo,
    referral_no: reported.referralNo,
    visit_type: reported.visitType,
    source: request.source,
    staff_id: request.staffId ?? null,
    phone: request.phone,
    queue_prefix: schedule.clinic.queuePrefix,
    first_at: firstAt.toISOString(),
    end_at: estimatedAt(request.date, schedule.end, 1, 0).toISOString(),
    minutes_per_patient: schedule.minutesPerPatient,
    address: request.address,
    bpjs_reported: !unreportable(reported),
    vclaim_pending: vclaimPending,
    ...bookingReportValues(reported),
    ...bookingConfirmationValues(
      {
        code,
        phone: request.phone,
        clinic: schedule.clinic.name,
        doctor: schedule.doctor.name,
        date: request.date,
        start: schedule.start,
        end: schedule.end,
      },
      confirmation.links,
      confirmation.body,
      firstAt,
    ),
  });
  const row = single(rows, () => quotaFull(request.payer));
  return {
    booking: {
      code: row.code,
      queueNumber: row.queue_number,
      queueSeq: row.queue_seq,
      estimatedAt: new Date(row.estimated_at),
      status: row.status,
    },
    place: {
      sessionId: row.session_id,
      seq: row.last_seq,
      quotaJkn: row.quota_jkn,
      usedJkn: row.used_jkn,
      quotaNonJkn: row.quota_non_jkn,
      usedNonJkn: row.used_non_jkn,
    },
  };
}

/** A row of the booking's statement, as the database names it. */
interface PlacedBooking {
  session_id: number;
  last_seq: number;
  quota_jkn: number;
  used_jkn: number;
  quota_non_jkn: number;
  used_non_jkn: number;
  code: string;
  queue_number: string;
  queue_seq: number;
  estimated_at: Date | string;
  status: RegistrationStatus;
}

interface BookingRow {
  code: string;
  queueNumber: string;
  queueSeq: number;
  estimatedAt: Date;
  status: RegistrationStatus;
}

interface Session {
  clinic: { id: number; code: string; name: string };
  doctor: { id: number; name: string };
  start: string;
  end: string;
}

function ticket(schedule: Session, date: string, payer: Payer, booking: BookingRow) {
  return {
    bookingCode: formatTrackingCode(booking.code),
    queueNumber: booking.queueNumber,
    queueSeq: booking.queueSeq,
    estimatedAt: booking.estimatedAt.toISOString(),
    clinic: { id: schedule.clinic.id, code: schedule.clinic.code, name: schedule.clinic.name },
    doctor: schedule.doctor,
    date,
    start: schedule.start,
    end: schedule.end,
    payer,
    status: booking.status,
  };
}

// ---------------------------------------------------------------------------------------------
// After booking: status, check-in, cancel

const bookingColumns = {
  id: registrations.id,
  code: registrations.code,
  patientId: registrations.patientId,
  sessionId: registrations.sessionId,
  date: registrations.date,
  payer: registrations.payer,
  queueNumber: registrations.queueNumber,
  queueSeq: registrations.queueSeq,
  estimatedAt: registrations.estimatedAt,
  status: registrations.status,
  taskId: registrations.taskId,
  newPatient: registrations.newPatient,
  phone: registrations.phone,
  clinic: { id: clinics.id, code: clinics.code, name: clinics.name },
  doctor: { id: doctors.id, name: doctors.name },
  start: doctorSchedules.startTime,
  end: doctorSchedules.endTime,
  minutesPerPatient: doctorSchedules.minutesPerPatient,
  prescriptionType: registrations.prescriptionType,
  pharmacySeq: registrations.pharmacySeq,
  bpjsReported: registrations.bpjsReported,
};

/** A booking by its code as typed (any case, dash optional), locked for update when in a transaction. */
export async function findBooking(db: Database | Transaction, typed: string, forUpdate = false) {
  const codes = bookingCodeLookups(typed);
  if (codes.length === 0) throw bookingNotFound();
  const query = db
    .select(bookingColumns)
    .from(registrations)
    .innerJoin(queueSessions, eq(queueSessions.id, registrations.sessionId))
    .innerJoin(doctorSchedules, eq(doctorSchedules.id, queueSessions.scheduleId))
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .innerJoin(doctors, eq(doctors.id, registrations.doctorId))
    .where(inArray(registrations.code, codes))
    // A portal code before a legacy code that reads the same.
    .orderBy(desc(eq(registrations.code, codes[0] as string)))
    .limit(1);
  const [booking] = await (forUpdate ? query.for('update', { of: registrations }) : query);
  if (!booking) throw bookingNotFound();
  return booking;
}
export type Booking = Awaited<ReturnType<typeof findBooking>>;

const bookingNotFound = () => notFound(BOOKING_NOT_FOUND);

/**
 * Unknown booking codes one address may try a minute. A code is 40 random bits and is all it takes to see,
 * check in or cancel a booking (the patient's ticket), so guessing must stay hopeless.
 */
export const CODE_FAILURE_LIMIT = 20;

/** Looks a booking up by a code a client typed, under that client's budget of unknown codes. */
export function limitCodeLookups<T>(db: Database, address: string, lookup: () => Promise<T>): Promise<T> {
  const budget: Budget = {
    key: `booking-code:${address}`,
    limit: CODE_FAILURE_LIMIT,
    counts: 'failures',
    refusal: refusal('TOO_MANY_ATTEMPTS', TOO_MANY_UNKNOWN_BOOKING_CODES),
  };
  return withinBudgets(db, [budget], lookup, (err) => err instanceof AppError && err.statusCode === 404);
}

/**
 * A booking code as the QR code its ticket shows (PNG), drawn from the code alone: no lookup, so it tells
 * nothing of whether the booking exists. A text that cannot be a booking code is not found.
 */
export function bookingQrPng(typed: string): Buffer {
  const [code] = bookingCodeLookups(typed);
  if (!code) throw bookingNotFound();
  return qrPng(formatTrackingCode(code));
}

/** What anyone holding the booking code sees: no personal data. */
export async function getRegistrationStatus(
  db: Database | Transaction,
  typed: string,
): Promise<RegistrationStatusView> {
  return statusView(db, await findBooking(db, typed));
}

async function statusView(db: Database | Transaction, booking: Booking): Promise<RegistrationStatusView> {
  const waiting = booking.status === 'BOOKED' || booking.status === 'CHECKED_IN';
  const [[ahead], serving] = await Promise.all([
    waiting
      ? db
          .select({ n: count() })
          .from(registrations)
          .where(
            and(
              eq(registrations.sessionId, booking.sessionId),
              lt(registrations.queueSeq, booking.queueSeq),
              inArray(registrations.status, ['BOOKED', 'CHECKED_IN']),
            ),
          )
      : [{ n: 0 }],
    servingNumber(db, booking.sessionId),
  ]);
  return {
    ...ticket(
      { ...booking, start: clockTime(booking.start), end: clockTime(booking.end) },
      booking.date,
      booking.payer,
      booking,
    ),
    waitingAhead: ahead?.n ?? 0,
    serving,
    newPatient: booking.newPatient,
    survey:
      booking.status === 'SERVED'
        ? await pendingSurveyToken(db, {
            unit: 'clinic',
            registrationId: booking.id,
            clinicId: booking.clinic.id,
          })
        : null,
  };
}

/** The number called last in a session and not yet served. */
export async function servingNumber(db: Database | Transaction, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ queueNumber: registrations.queueNumber })
    .from(registrations)
    .where(and(eq(registrations.sessionId, sessionId), eq(registrations.status, 'CALLED')))
    .orderBy(
      sql`(select max(${queueEvents.at}) from ${queueEvents} where ${queueEvents.registrationId} = ${registrations.id}) desc`,
    )
    .limit(1);
  return row?.queueNumber ?? null;
}

/**
 * Stamps a task on a booking and moves its status, with a time later than its earlier stamps (so
 * that the BPJS task times only increase, even within one clock tick). The booking must be locked.
 */
export async function stamp(
  tx: Transaction,
  booking: Pick<Booking, 'id' | 'sessionId' | 'status' | 'taskId'>,
  taskId: QueueTaskId,
  status: RegistrationStatus,
  staffId: number | null,
  {
    reason,
    through,
    report,
    confirmedPatient = false,
  }: {
    /** Why a booking ends (task 99), as BPJS hears it. */
    reason?: string;
    /** Linked to a SIMRS: a Mobile JKN booking's copy there follows (see `copyJknProgress`). */
    through?: WriteThrough;
    /** More fields of the task's report to BPJS (task 5: `jenisresep`). */
    report?: Record<string, unknown>;
    /** The step confirmed a provisional patient (`confirmProvisional`): its undo takes that back. */
    confirmedPatient?: boolean;
  } = {},
): Promise<void> {
  const last = sql`(select max(${queueEvents.at}) from ${queueEvents} where ${queueEvents.registrationId} = ${booking.id} and ${queueEvents.undoneAt} is null)`;
  const { at } = single(
    await tx
      .insert(queueEvents)
      .values({
        registrationId: booking.id,
        sessionId: booking.sessionId,
        taskId,
        status,
        previousStatus: booking.status,
        previousTaskId: booking.taskId,
        at: sql`greatest(clock_timestamp(), ${last} + interval '1 millisecond')`,
        staffId,
        confirmedPatient,
      })
      .returning({ at: queueEvents.at }),
  );
  const moved = single(
    await tx.update(registrations).set({ status, taskId }).where(eq(registrations.id, booking.id)).returning({
      code: registrations.code,
      source: registrations.source,
      patientId: registrations.patientId,
    }),
  );
  await reportTask(tx, booking.id, taskId, at, reason, report);
  // Cancelled or not come: a provisional patient with nothing else open goes (`retireProvisional`).
  if (taskId === 99) await retireProvisional(tx, moved.patientId);
  if (through?.linked && moved.source === 'MJKN') {
    const checkedIn = booking.status === 'BOOKED' && status === 'CHECKED_IN';
    await copyJknProgress(
      tx,
      through,
      moved.code,
      { status, taskId, ...(checkedIn ? { checkedInAt: at } : {}) },
      staffId,
    );
  }
}

/**
 * Moves a Mobile JKN booking's copy in a linked SIMRS (`ntrol_referensi_mobilejkn_bpjs`) along with it: its
 * status (as the desk says it), its task, and `validasi`, the time of its check-in (task 1 or 3; null once
 * that is undone), under the booking code BPJS knows. Audited as a write-through. Bookings are the
 * portal's: the copy is for the SIMRS's side, never read back.
 */
export async function copyJknProgress(
  tx: Transaction,
  through: WriteThrough,
  code: string,
  progress: { status: RegistrationStatus; taskId: number | null; checkedInAt?: Date | null },
  staffId: number | null,
): Promise<void> {
  const written = await through.jknProgress(formatTrackingCode(code), {
    status: statusLabels[progress.status],
    taskid: progress.taskId,
    ...(progress.checkedInAt !== undefined ? { validasi: progress.checkedInAt } : {}),
  });
  if (written)
    await audit(
      tx,
      { staffId, address: null },
      'simrs.write',
      { type: 'registration', id: code },
      { ...written },
    );
}

/** The first task of the day: a new patient waits for the admission counter (1), others for the clinic (3). */
export const checkInTask = (booking: Pick<Booking, 'newPatient'>): QueueTaskId =>
  booking.newPatient ? 1 : 3;

export function refuseCheckIn(booking: Pick<Booking, 'status' | 'date'>, today: string): void {
  if (booking.status !== 'BOOKED') {
    throw conflict(
      'INVALID_STATE',
      `Check-in tidak bisa dilakukan: status pendaftaran ${statusLabels[booking.status]}.`,
    );
  }
  if (booking.date !== today) throw conflict('NOT_TODAY', CHECK_IN_NOT_TODAY);
}

export const statusLabels: Record<RegistrationStatus, string> = {
  BOOKED: 'terdaftar',
  CHECKED_IN: 'sudah check-in',
  CALLED: 'sedang dipanggil',
  SERVED: 'sudah dilayani',
  CANCELLED: 'dibatalkan',
  NO_SHOW: 'tidak hadir',
};

/** The patient arrives on the day: BOOKED → CHECKED_IN. */
export async function checkIn(
  db: Database,
  typed: string,
  through = new WriteThrough(),
): Promise<RegistrationStatusView> {
  return through.run(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, typed, true);
      refuseCheckIn(booking, localToday());
      await stamp(tx, booking, checkInTask(booking), 'CHECKED_IN', null, { through });
      return statusView(tx, { ...booking, status: 'CHECKED_IN' });
    }),
  );
}

/** Cancelled while still BOOKED and not in the past; the place goes back to the quota. */
export async function cancelRegistration(
  db: Database,
  typed: string,
  reason = 'Dibatalkan oleh pasien',
  through = new WriteThrough(),
): Promise<RegistrationStatusView> {
  return through.run(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, typed, true);
      if (booking.status !== 'BOOKED') {
        throw conflict(
          'INVALID_STATE',
          `Pendaftaran tidak bisa dibatalkan: status ${statusLabels[booking.status]}.`,
        );
      }
      if (booking.date < localToday()) {
        throw conflict('DATE_PASSED', CANCEL_DATE_PASSED);
      }
      await stamp(tx, booking, 99, 'CANCELLED', null, { reason, through });
      await freePlace(tx, booking.sessionId, booking.payer);
      return statusView(tx, { ...booking, status: 'CANCELLED' });
    }),
  );
}

/** The bookings closing a day stops: still waiting (BOOKED or CHECKED_IN) on that day, in its scope. */
function stoppedBy(day: {
  date: string;
  clinicId?: number | null;
  doctorId?: number | null;
}): SQL | undefined {
  return and(
    eq(registrations.date, day.date),
    inArray(registrations.status, ['BOOKED', 'CHECKED_IN']),
    day.doctorId
      ? eq(registrations.doctorId, day.doctorId)
      : day.clinicId
        ? eq(registrations.clinicId, day.clinicId)
        : undefined,
  );
}

/** How many bookings closing the day would cancel, for the desk to ask before it closes (`closeDay`). */
export async function bookingsClosingStops(db: Database, day: ClosedDateBookingsQuery): Promise<number> {
  if (day.date < localToday()) return 0;
  return db.$count(registrations, stoppedBy(day));
}

/**
 * Closes a day (the hospital, a clinic, or a doctor's leave). The bookings it stops that still wait
 * (BOOKED or CHECKED_IN, today or later) are cancelled with the closed day's reason, their places given
 * back, and each patient is told on WhatsApp, with the link to book again.
 */
export async function closeDay(
  db: Database,
  actor: Actor,
  input: ClosedDateInput,
  links: PublicLinks,
  through = new WriteThrough(),
): Promise<ClosedDateCreated> {
  return through.run(() =>
    db.transaction(async (tx) => {
      const closed = await addClosedDate(tx, actor, input);
      if (input.date < localToday()) return { ...closed, cancelled: 0 };
      const stopped = await tx
        .select({
          id: registrations.id,
          sessionId: registrations.sessionId,
          status: registrations.status,
          taskId: registrations.taskId,
          payer: registrations.payer,
        })
        .from(registrations)
        .where(stoppedBy(input))
        .orderBy(registrations.id)
        .for('update');
      for (const booking of stopped) {
        await stamp(tx, booking, 99, 'CANCELLED', actor.staffId, {
          reason: `Jadwal dibatalkan: ${input.reason}`,
          through,
        });
        await freePlace(tx, booking.sessionId, booking.payer);
      }
      await notifySessionCancelled(
        tx,
        stopped.map((booking) => booking.id),
        input.reason,
        links,
      );
      return { ...closed, cancelled: stopped.length };
    }),
  );
}
