import type { MessageKind } from '@portal/contract';
import { and, asc, eq, gt, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { clinics, doctorSchedules, doctors, queueSessions, registrations } from '../../db/schema/index.js';
import {
  addDays,
  clockTime,
  localDayStart,
  localMoment,
  localToday,
  longDate,
  zoneLabel,
} from '../../lib/dates.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { enqueue, enqueueFrom, enqueueFromValues, inOutbox } from '../notifications/service.js';
import { type PublicLinks, render, type TemplateValues, templateBody } from '../notifications/templates.js';

// The WhatsApp messages to a patient about their booking, through the outbox: the confirmation with the
// ticket, the reminder the day before, "your number is near", and the session cancelled by a closed day.
// Each is one outbox event per booking and kind (`booking:{code}:{kind}`), so whatever queues it twice
// (two server processes, a job run again after a restart) queues it once.

/** What the texts say about a booking. */
export interface BookingFacts {
  code: string;
  phone: string;
  queueNumber: string;
  clinic: string;
  doctor: string;
  date: string;
  start: string;
  end: string;
  estimatedAt: Date;
}

const factColumns = {
  id: registrations.id,
  code: registrations.code,
  phone: registrations.phone,
  queueNumber: registrations.queueNumber,
  clinic: clinics.name,
  doctor: doctors.name,
  date: registrations.date,
  start: doctorSchedules.startTime,
  end: doctorSchedules.endTime,
  estimatedAt: registrations.estimatedAt,
};

/** Bookings with their facts, `where` they match, in queue order. */
function bookingsWithFacts(db: Database | Transaction, where: SQL | undefined, limit = 500) {
  return db
    .select(factColumns)
    .from(registrations)
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .innerJoin(doctors, eq(doctors.id, registrations.doctorId))
    .innerJoin(queueSessions, eq(queueSessions.id, registrations.sessionId))
    .innerJoin(doctorSchedules, eq(doctorSchedules.id, queueSessions.scheduleId))
    .where(where)
    .orderBy(asc(registrations.date), asc(registrations.sessionId), asc(registrations.queueSeq))
    .limit(limit);
}

/**
 * "09.50", in the server's time zone: made on first use (the server sets TZ after loading its modules), and
 * kept, as making one costs more than a booking's other work.
 */
let clockFormats: { zone: string | undefined; format: Intl.DateTimeFormat } | undefined;
function clockFormat(): Intl.DateTimeFormat {
  if (clockFormats && clockFormats.zone === process.env.TZ) return clockFormats.format;
  const format = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit' });
  clockFormats = { zone: process.env.TZ, format };
  return format;
}
/** "09.50 WIB" (WITA, WIT: the hospital's zone). */
const clock = (at: Date) => `${clockFormat().format(at)} ${zoneLabel()}`;
/** A `time` column (08:00:00) as the message writes a time: 08.00. */
const spokenClock = (time: string) => clockTime(time).replace(':', '.');

export const statusLink = (links: PublicLinks, code: string) =>
  `${links.publicUrl}/registrasi/lacak?kode=${formatTrackingCode(code)}`;

/** The address of the booking's QR code image (PNG), which the kiosk scans as it scans the ticket. */
export const qrLink = (links: PublicLinks, code: string) =>
  `${links.publicUrl}/api/registrations/${formatTrackingCode(code)}/qr.png`;

export function bookingValues(facts: BookingFacts, links: PublicLinks): TemplateValues {
  return {
    kode_booking: formatTrackingCode(facts.code),
    nomor_antrean: facts.queueNumber,
    poli: facts.clinic,
    dokter: facts.doctor,
    tanggal: longDate(facts.date),
    // Written as the estimate beside it and as Indonesians write the time: 08.00.
    jam_praktik: `${spokenClock(facts.start)}–${spokenClock(facts.end)} ${zoneLabel()}`,
    estimasi: clock(facts.estimatedAt),
    tautan_status: statusLink(links, facts.code),
    tautan_qr: qrLink(links, facts.code),
    tautan_daftar: `${links.publicUrl}/registrasi`,
  };
}

const eventKey = (code: string, kind: MessageKind) => `booking:${code}:${kind}`;

/** Queues one message of `kind` about a booking in the caller's transaction, with the text in force. */
async function notify(
  tx: Transaction,
  kind: MessageKind,
  facts: BookingFacts,
  links: PublicLinks,
  body: string,
  extra: TemplateValues = {},
): Promise<void> {
  await enqueue(tx, {
    eventKey: eventKey(facts.code, kind),
    recipient: facts.phone,
    message: render(body, { ...bookingValues(facts, links), ...extra }),
  });
}

/**
 * The places of a confirmation's text that its booking's statement fills in from its `booking` row. `clock` in
 * SQL: the wall-clock time of the hospital's zone (its offset that day), then its label.
 */
const filledInSql = new Map<string, SQL>([
  ['{nomor_antrean}', sql`booking.queue_number`],
  [
    '{estimasi}',
    sql`to_char((booking.estimated_at at time zone 'UTC')
      + make_interval(mins => ${sql.placeholder('confirmation_offset')}::int), 'HH24.MI')
      || ${sql.placeholder('confirmation_zone')}`,
  ],
]);
/** A confirmation's text in pieces: those places, and the text between them. */
const pieces = (body: string) => body.split(/(\{nomor_antrean\}|\{estimasi\})/);

/**
 * The confirmation with the ticket, as a part of the one prepared statement that writes the booking (every
 * channel books through there): `body`, the text in force (`templateBody`), with the queue number and
 * estimated time of the statement's `booking` row. Its values are given by `bookingConfirmationValues`.
 */
export function bookingConfirmation(body: string): SQL {
  const message = sql.join(
    pieces(body).map(
      (piece, index) =>
        filledInSql.get(piece) ?? sql`${sql.placeholder(`confirmation_piece_${index}`)}::text`,
    ),
    sql` || `,
  );
  return enqueueFrom(sql`booking`, 'confirmation', message);
}

/** The values of `bookingConfirmation(body)`; `firstAt` is the session's first estimated time. */
export function bookingConfirmationValues(
  facts: Omit<BookingFacts, 'queueNumber' | 'estimatedAt'>,
  links: PublicLinks,
  body: string,
  firstAt: Date,
) {
  const {
    nomor_antrean: _number,
    estimasi: _time,
    ...known
  } = bookingValues({ ...facts, queueNumber: '', estimatedAt: firstAt }, links);
  return {
    ...enqueueFromValues('confirmation', {
      eventKey: eventKey(facts.code, 'booking_confirmation'),
      recipient: facts.phone,
    }),
    confirmation_offset: -firstAt.getTimezoneOffset(),
    confirmation_zone: ` ${zoneLabel()}`,
    ...Object.fromEntries(
      pieces(body).flatMap((piece, index) =>
        filledInSql.has(piece) ? [] : [[`confirmation_piece_${index}`, render(piece, known)]],
      ),
    ),
  };
}

/** How many bookings one run of the reminder job queues at most; it runs again at once when it took as many. */
export const REMINDER_BATCH = 200;

/**
 * The reminder job: queues the reminder of every booking still BOOKED for tomorrow, from `fromHour`
 * o'clock today (a booking made after that hour is left: its confirmation has just said it all), and
 * catches up after the server was down when reminders were due: a booking of today made before today whose
 * time is still ahead gets it too. A booking that had its reminder is left (the outbox holds it), so the job
 * may run any number of times, in any number of processes. Returns how many it queued.
 */
export async function queueReminders(
  db: Database,
  links: PublicLinks,
  fromHour: number,
  now = new Date(),
): Promise<number> {
  const today = localToday(now);
  const remindFrom = localMoment(today, fromHour, 0);
  const due = or(
    now >= remindFrom
      ? and(eq(registrations.date, addDays(today, 1)), lt(registrations.createdAt, remindFrom))
      : undefined,
    and(
      eq(registrations.date, today),
      lt(registrations.createdAt, localDayStart(today)),
      gt(registrations.estimatedAt, now),
    ),
  );
  const reminded = inOutbox(sql`'booking:' || ${registrations.code} || ':booking_reminder'`);
  const bookings = await bookingsWithFacts(
    db,
    and(
      inArray(registrations.date, [today, addDays(today, 1)]),
      eq(registrations.status, 'BOOKED'),
      due,
      not(reminded),
    ),
    REMINDER_BATCH,
  );
  if (bookings.length === 0) return 0;
  await db.transaction(async (tx) => {
    const body = await templateBody(tx, 'booking_reminder');
    for (const booking of bookings) await notify(tx, 'booking_reminder', booking, links, body);
  });
  return bookings.length;
}

/**
 * After the desk called, served or passed over a number: the patients of the session who now have the
 * clinic's `notify_ahead` patients or fewer ahead of them (the waiting ones, BOOKED or CHECKED_IN, with
 * lower numbers: what the status page counts) are told, once each.
 */
export async function notifyNearTurn(tx: Transaction, sessionId: number, links: PublicLinks): Promise<void> {
  const [clinic] = await tx
    .select({ notifyAhead: clinics.notifyAhead })
    .from(queueSessions)
    .innerJoin(doctorSchedules, eq(doctorSchedules.id, queueSessions.scheduleId))
    .innerJoin(clinics, eq(clinics.id, doctorSchedules.clinicId))
    .where(eq(queueSessions.id, sessionId));
  const ahead = clinic?.notifyAhead ?? 0;
  if (ahead === 0) return;
  const waiting = await bookingsWithFacts(
    tx,
    and(eq(registrations.sessionId, sessionId), inArray(registrations.status, ['BOOKED', 'CHECKED_IN'])),
    ahead + 1,
  );
  if (waiting.length === 0) return;
  const body = await templateBody(tx, 'queue_near');
  for (const [index, booking] of waiting.entries()) {
    await notify(tx, 'queue_near', booking, links, body, { jumlah_di_depan: String(index) });
  }
}

/** The session of these bookings was cancelled (a closed day, a doctor's leave): each patient is told why. */
export async function notifySessionCancelled(
  tx: Transaction,
  registrationIds: number[],
  reason: string,
  links: PublicLinks,
): Promise<void> {
  if (registrationIds.length === 0) return;
  const bookings = await bookingsWithFacts(
    tx,
    inArray(registrations.id, registrationIds),
    registrationIds.length,
  );
  const body = await templateBody(tx, 'session_cancelled');
  for (const booking of bookings) {
    await notify(tx, 'session_cancelled', booking, links, body, { alasan: reason });
  }
}
