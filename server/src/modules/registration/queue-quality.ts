import {
  type BpjsBookingDifference,
  type BpjsQueueView,
  type QueueQuality,
  type QueueQualityCounts,
  type QueueQualityFailure,
  queueReportCalls,
} from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { clinics, patients, registrations } from '../../db/schema/index.js';
import { type Actor } from '../../lib/audit.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { type BpjsLink, BpjsError, callAntrean, listOf } from '../bpjs/client.js';
import { reportsByKeys, resendReport, type StreamMessage } from '../notifications/service.js';
import { reportKinds, reportStream } from './bpjs-reports.js';

// The queue quality monitor: per day and clinic, how many JKN visits BPJS Antrean RS heard of (the booking,
// the task times 3–7), read from the portal's own reports in the outbox (`bpjs-reports.ts` writes them, one
// stream per booking); the reports BPJS refused, with its answer, to send again; and BPJS's own view of the
// day, fetched on demand, to reconcile the two.

const STREAM_PREFIX = 'bpjs:';

/** Every report the bookings may have, by their event keys. */
const reportsOf = (db: Database, bookings: { code: string }[]) =>
  reportsByKeys(
    db,
    bookings.flatMap((b) => reportKinds.map((kind) => `${reportStream(b.code)}:${kind}`)),
  );

/** What a report's event key says it reports: `add`, `task:4`, `batal`, `farmasi`. */
const kindOf = (report: StreamMessage) => report.eventKey.slice(report.stream.length + 1);

/** Refused, or not sendable: BPJS answered something other than success, or could not be asked. */
const troubled = (report: StreamMessage) =>
  report.status === 'failed' || (report.status === 'pending' && report.lastError !== null);

const zero = (): QueueQualityCounts => ({
  jknVisits: 0,
  bookingAccepted: 0,
  task3: 0,
  task4: 0,
  task5: 0,
  task6: 0,
  task7: 0,
  complete: 0,
  failed: 0,
});

const taskKeys = ['task3', 'task4', 'task5', 'task6', 'task7'] as const;

/** A day's JKN bookings with their clinic and patient. */
async function jknBookingsOf(db: Database, date: string) {
  return db
    .select({
      code: registrations.code,
      queueNumber: registrations.queueNumber,
      status: registrations.status,
      bpjsReported: registrations.bpjsReported,
      clinicId: clinics.id,
      clinicName: clinics.name,
      bpjsCode: clinics.bpjsCode,
      patientName: patients.name,
      mrn: patients.mrn,
    })
    .from(registrations)
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .innerJoin(patients, eq(patients.id, registrations.patientId))
    .where(and(eq(registrations.date, date), eq(registrations.payer, 'JKN')))
    .orderBy(asc(clinics.name), asc(registrations.queueSeq));
}

type JknBooking = Awaited<ReturnType<typeof jknBookingsOf>>[number];

/** Of a booking's reports: the booking and the task ids BPJS accepted, and whether it is complete. */
function accepted(booking: JknBooking, reports: StreamMessage[]) {
  const sent = new Set(reports.filter((r) => r.status === 'sent').map(kindOf));
  // Marked reported without a report of its own: a Mobile JKN booking imported from the legacy portal, which
  // BPJS made and holds.
  const add = sent.has('add') || (booking.bpjsReported && !reports.some((r) => kindOf(r) === 'add'));
  const tasks = [3, 4, 5, 6, 7].filter((id) => sent.has(`task:${id}`));
  const complete =
    add && [3, 4, 5].every((id) => tasks.includes(id)) && reports.every((r) => r.status === 'sent');
  return { add, tasks, complete };
}

/** The monitor of a day: per clinic and in all, and the reports that failed. */
export async function queueQuality(db: Database, date: string): Promise<QueueQuality> {
  const bookings = await jknBookingsOf(db, date);
  const reports = await reportsOf(db, bookings);
  const byStream = new Map<string, StreamMessage[]>();
  for (const report of reports) byStream.set(report.stream, [...(byStream.get(report.stream) ?? []), report]);

  const total = zero();
  const perClinic = new Map<number, QueueQuality['clinics'][number]>();
  const failures: QueueQualityFailure[] = [];
  for (const booking of bookings) {
    const own = byStream.get(reportStream(booking.code)) ?? [];
    const failing = own.filter(troubled);
    for (const report of failing) failures.push(failureOf(booking, report));
    // A cancelled booking or a no-show is no visit; its failed reports are listed all the same.
    if (booking.status === 'CANCELLED' || booking.status === 'NO_SHOW') continue;
    let clinic = perClinic.get(booking.clinicId);
    if (!clinic) {
      clinic = {
        clinicId: booking.clinicId,
        clinicName: booking.clinicName,
        bpjsCode: booking.bpjsCode,
        ...zero(),
      };
      perClinic.set(booking.clinicId, clinic);
    }
    const { add, tasks, complete } = accepted(booking, own);
    for (const counts of [clinic, total]) {
      counts.jknVisits += 1;
      if (add) counts.bookingAccepted += 1;
      for (const key of taskKeys) if (tasks.includes(Number(key.slice(4)))) counts[key] += 1;
      if (complete) counts.complete += 1;
      if (failing.length > 0) counts.failed += 1;
    }
  }
  failures.sort((a, b) => a.at.localeCompare(b.at));
  return { date, clinics: [...perClinic.values()], total, failures };
}

function failureOf(booking: JknBooking, report: StreamMessage): QueueQualityFailure {
  const task = /^task:(\d+)$/.exec(kindOf(report));
  const call = queueReportCalls.find((c) => c === report.path) ?? 'antrean/add';
  return {
    reportId: report.id,
    bookingCode: formatTrackingCode(booking.code),
    queueNumber: booking.queueNumber,
    clinicName: booking.clinicName,
    patient: { name: booking.patientName, mrn: booking.mrn },
    call,
    taskId: task ? Number(task[1]) : null,
    answer: report.lastError ?? '',
    attempts: report.attempts,
    // Written failed at once (`unreportable`): never tried.
    resendable: !(report.status === 'failed' && report.attempts === 0),
    status: report.status === 'failed' ? 'failed' : 'pending',
    at: report.createdAt.toISOString(),
  };
}

/** Sends one of the monitor's failed reports again (idempotent: one BPJS took already stays as it is). */
export const resendQueueReport = (db: Database, actor: Actor, reportId: number) =>
  resendReport(db, actor, reportId, STREAM_PREFIX);

/** BPJS answers "nothing found" to a date without bookings: an empty list, not a failure. */
const NOTHING_FOUND = /tidak ditemukan/i;

async function bpjsList(link: BpjsLink, path: string): Promise<Record<string, unknown>[]> {
  try {
    return listOf((await callAntrean(link, { method: 'GET', path })).response) as Record<string, unknown>[];
  } catch (err) {
    if (err instanceof BpjsError && err.said !== undefined && NOTHING_FOUND.test(err.said)) return [];
    throw err;
  }
}

/** At most this many bookings have their task lists asked for, a few at a time. */
const TASK_CHECKS = 30;
const TASK_CHECKS_AT_ONCE = 5;

/**
 * BPJS's own view of a day beside the portal's: the bookings it holds (`antrean/pendaftaran/tanggal`), those
 * only one side knows, the task lists (`antrean/getlisttask`) of the visits whose accepted tasks BPJS might
 * not show, and its waiting-time dashboard (`dashboard/waktutunggu/.../waktu/server`). Without BPJS, or when
 * it fails, it says why and the monitor keeps the portal's side.
 */
export async function bpjsQueueView(
  db: Database,
  link: BpjsLink | undefined,
  date: string,
): Promise<BpjsQueueView> {
  if (!link) {
    return {
      available: false,
      date,
      reason: 'BPJS belum dikonfigurasi (BPJS_ANTREAN_URL, BPJS_CONS_ID, BPJS_SECRET_KEY, BPJS_USER_KEY).',
    };
  }
  try {
    const [held, dashboard, portal] = await Promise.all([
      bpjsList(link, `antrean/pendaftaran/tanggal/${date}`),
      bpjsList(link, `dashboard/waktutunggu/tanggal/${date}/waktu/server`),
      portalSide(db, date),
    ]);
    const atBpjs = new Map(held.map((item) => [String(item.kodebooking ?? ''), item]));
    const difference = (code: string, bpjsCode: string, portalTasks: number[]): BpjsBookingDifference => ({
      bookingCode: code,
      bpjsCode,
      bpjsStatus: atBpjs.has(code) ? String(atBpjs.get(code)?.status ?? '') : null,
      bpjsTasks: null,
      portalTasks,
    });
    // BPJS lists the hospital's non-JKN bookings too (`ispeserta` 0): the monitor is about JKN visits.
    const onlyAtBpjs = [...atBpjs]
      .filter(([code, item]) => Number(item.ispeserta) === 1 && !portal.has(code))
      .map(([code, item]) => difference(code, String(item.kodepoli ?? ''), []));
    const onlyInPortal = [...portal.values()]
      .filter((visit) => visit.add && !atBpjs.has(visit.code))
      .map((visit) => difference(visit.code, visit.bpjsCode, visit.tasks));
    const toCheck = [...portal.values()]
      .filter((visit) => atBpjs.has(visit.code) && visit.tasks.length > 0)
      .slice(0, TASK_CHECKS);
    const tasksDiffer: BpjsBookingDifference[] = [];
    for (let i = 0; i < toCheck.length; i += TASK_CHECKS_AT_ONCE) {
      const batch = toCheck.slice(i, i + TASK_CHECKS_AT_ONCE);
      const lists = await Promise.all(
        batch.map(async (visit) => {
          const answer = await callAntrean(link, {
            method: 'POST',
            path: 'antrean/getlisttask',
            body: { kodebooking: visit.code },
          });
          return listOf(answer.response).map((item) => Number((item as { taskid?: unknown }).taskid));
        }),
      );
      batch.forEach((visit, j) => {
        const bpjsTasks = lists[j] ?? [];
        if (visit.tasks.some((id) => !bpjsTasks.includes(id))) {
          tasksDiffer.push({ ...difference(visit.code, visit.bpjsCode, visit.tasks), bpjsTasks });
        }
      });
    }
    return {
      available: true,
      date,
      bpjsBookings: held.length,
      bpjsJkn: held.filter((item) => Number(item.ispeserta) === 1).length,
      onlyAtBpjs,
      onlyInPortal,
      tasksDiffer,
      waitingTimes: dashboard.map((item) => ({
        bpjsCode: String(item.kodepoli ?? ''),
        clinicName: String(item.namapoli ?? ''),
        queued: Number(item.jumlah_antrean ?? 0) || 0,
        averageSeconds: [1, 2, 3, 4, 5, 6].map((n) => Number(item[`avg_waktu_task${n}`] ?? 0) || 0),
      })),
    };
  } catch (err) {
    if (err instanceof BpjsError) {
      return { available: false, date, reason: `Data BPJS tidak dapat diambil: ${err.message}` };
    }
    throw err;
  }
}

/** The portal's JKN visits of a day by booking code (as BPJS writes it), with what BPJS accepted of each. */
async function portalSide(db: Database, date: string) {
  const bookings = await jknBookingsOf(db, date);
  const reports = await reportsOf(db, bookings);
  return new Map(
    bookings.map((booking) => {
      const code = formatTrackingCode(booking.code);
      const own = reports.filter((r) => r.stream === reportStream(booking.code));
      const { add, tasks } = accepted(booking, own);
      return [code, { code, bpjsCode: booking.bpjsCode ?? '', add, tasks }];
    }),
  );
}
