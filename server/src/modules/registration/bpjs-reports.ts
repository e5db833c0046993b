import type { PrescriptionType, QueueTaskId } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { registrations } from '../../db/schema/index.js';
import { clockTime } from '../../lib/dates.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import {
  enqueueBpjs,
  enqueueBpjsFrom,
  enqueueBpjsFromValues,
  withdrawBpjs,
} from '../notifications/service.js';

// What BPJS hears of the queue (Antrean RS): every booking, whatever its door, with `antrean/add`;
// the first stamp of each task with `antrean/updatewaktu`; a cancellation or no-show with
// `antrean/batal`. Each report is written to the outbox in the transaction of the change, and the
// reports of one booking go out in the order they were written (one stream per booking).
//
// A desk step undone takes its report back where it has not reached BPJS yet, so that the step done again
// is reported with its own time. Once BPJS holds a task's time, it keeps it: the step undone and done again
// reports nothing (one event key per task), so BPJS never sees a time go backwards or a task twice.

export const BOOKING_NOTE = 'Peserta harap 30 menit lebih awal guna pencatatan administrasi.';
export const PHARMACY_NOTE = 'Resep dibuat secara elektronik di poli';

const stream = (code: string) => `bpjs:${code}`;

/**
 * The events a booking's stream may hold, each once (its event key is the stream, `:` and the kind): what the
 * queue quality monitor looks up by key.
 */
export const reportKinds = ['add', ...[1, 2, 3, 4, 5, 6, 7].map((id) => `task:${id}`), 'batal', 'farmasi'];

/** The stream of a booking's reports, by its stored code. */
export const reportStream = (storedCode: string) => stream(formatTrackingCode(storedCode));

/** `HH:mm-HH:mm`, as BPJS writes a doctor's session. */
export const practiceHours = (start: string, end: string) => `${clockTime(start)}-${clockTime(end)}`;

/** A booking about to be written, with what BPJS hears of its session and patient. */
export interface NewBooking {
  code: string;
  payer: string;
  bpjsCardNo: string | null;
  referralNo: string | null;
  visitType: number | null;
  phone: string;
  newPatient: boolean;
  date: string;
  patient: { nik: string | null; mrn: string };
  clinic: { name: string; bpjsCode: string | null };
  doctor: { name: string; bpjsCode: string | null };
  start: string;
  end: string;
}

/** Why BPJS cannot be told of a booking (a clinic or doctor without a BPJS code…), or undefined. */
export function unreportable(booking: Pick<NewBooking, 'patient' | 'clinic' | 'doctor'>): string | undefined {
  const { patient, clinic, doctor } = booking;
  if (!clinic.bpjsCode) return `${clinic.name} belum punya kode poli BPJS`;
  if (!doctor.bpjsCode || !/^\d+$/.test(doctor.bpjsCode))
    return `${doctor.name} belum punya kode dokter BPJS`;
  if (!patient.nik || !/^\d{16}$/.test(patient.nik)) return 'pasien belum punya NIK 16 digit';
  return undefined;
}

/**
 * The report of a new booking (`antrean/add`), or the record of why it cannot be (`unreportable`; the booking
 * is written with `bpjsReported` false then): an insert into the outbox that is a part of the booking's one
 * prepared statement, reading its `booking` row (queue number, sequence, estimated time) and `place` row (the
 * session's quotas after it), so that no other statement runs while the session's row is locked. Its values
 * are given by `bookingReportValues`.
 */
export function bookingReport(): SQL {
  const fromTheStatement = sql`jsonb_build_object(
    'nomorantrean', booking.queue_number,
    'angkaantrean', booking.queue_seq,
    'estimasidilayani', (extract(epoch from booking.estimated_at) * 1000)::bigint,
    'sisakuotajkn', place.quota_jkn - place.used_jkn,
    'kuotajkn', place.quota_jkn,
    'sisakuotanonjkn', place.quota_non_jkn - place.used_non_jkn,
    'kuotanonjkn', place.quota_non_jkn)`;
  return enqueueBpjsFrom(sql`booking cross join place`, 'report', {
    message: sql`'Antrean ' || booking.queue_number || ${sql.placeholder('report_about')}`,
    request: sql`jsonb_build_object('method', 'POST', 'path', 'antrean/add',
      'body', ${sql.placeholder('report_body')}::jsonb || ${fromTheStatement})`,
  });
}

/** The values of `bookingReport`: what BPJS is told of the booking before its statement runs. */
export function bookingReportValues(booking: NewBooking) {
  const code = formatTrackingCode(booking.code);
  const jkn = booking.payer === 'JKN';
  const body = {
    kodebooking: code,
    jenispasien: jkn ? 'JKN' : 'NON JKN',
    nomorkartu: jkn ? (booking.bpjsCardNo ?? '') : '',
    nik: booking.patient.nik ?? '',
    nohp: booking.phone,
    kodepoli: booking.clinic.bpjsCode ?? '',
    namapoli: booking.clinic.name,
    pasienbaru: booking.newPatient ? 1 : 0,
    norm: booking.patient.mrn,
    tanggalperiksa: booking.date,
    kodedokter: Number(booking.doctor.bpjsCode),
    namadokter: booking.doctor.name,
    jampraktek: practiceHours(booking.start, booking.end),
    // A booking made without saying (the website) counts as the first visit on a referral.
    jeniskunjungan: booking.visitType ?? 1,
    nomorreferensi: jkn ? (booking.referralNo ?? '') : '',
    keterangan: BOOKING_NOTE,
  };
  const problem = unreportable(booking);
  return {
    ...enqueueBpjsFromValues('report', {
      eventKey: `${stream(code)}:add`,
      stream: stream(code),
      ...(problem ? { failed: `Tidak dilaporkan ke BPJS: ${problem}.` } : {}),
    }),
    report_about: ` ${booking.clinic.name} ${booking.date} (${code})`,
    report_body: JSON.stringify(body),
  };
}

/**
 * Task 5's `jenisresep`, as BPJS's `updatewaktu` names it: the prescription the doctor's service ended with
 * (sent to the pharmacy with the serve), or none.
 */
export const jenisresepOf = (type: PrescriptionType | null) =>
  type === null ? 'Tidak ada' : type === 'racikan' ? 'Racikan' : 'Non racikan';

const taskNames: Record<QueueTaskId, string> = {
  1: 'mulai tunggu admisi',
  2: 'mulai layan admisi',
  3: 'mulai tunggu poli',
  4: 'mulai layan poli',
  5: 'selesai layan poli',
  6: 'mulai layan farmasi',
  7: 'obat selesai',
  99: 'batal / tidak hadir',
};

/**
 * Reports a task stamp of a booking that BPJS knows: its time for tasks 1–7, `antrean/batal` with the
 * reason for 99. A stamp of a task already reported (after an undo) reports nothing.
 */
export async function reportTask(
  tx: Transaction,
  registrationId: number,
  taskId: QueueTaskId,
  at: Date,
  reason = 'Pasien tidak hadir',
  extra: Record<string, unknown> = {},
): Promise<void> {
  const [row] = await tx
    .select({
      code: registrations.code,
      queueNumber: registrations.queueNumber,
      reported: registrations.bpjsReported,
    })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!row?.reported) return;
  const code = formatTrackingCode(row.code);
  const cancel = taskId === 99;
  await enqueueBpjs(tx, {
    eventKey: `${stream(code)}:${cancel ? 'batal' : `task:${taskId}`}`,
    stream: stream(code),
    message: `Antrean ${row.queueNumber} (${code}): ${cancel ? `batal, ${reason}` : `task ${taskId} ${taskNames[taskId]}`}`,
    request: cancel
      ? { method: 'POST', path: 'antrean/batal', body: { kodebooking: code, keterangan: reason } }
      : {
          method: 'POST',
          path: 'antrean/updatewaktu',
          body: { kodebooking: code, taskid: taskId, waktu: at.getTime(), ...extra },
        },
  });
}

/**
 * Takes back what BPJS was to hear of an undone desk step, where it has not gone out: the task's time, the
 * cancellation of a no-show (99), and with the doctor's service (5) the prescription it sent to the pharmacy.
 * Answers the event keys taken back.
 */
export async function withdrawTaskReport(
  tx: Transaction,
  storedCode: string,
  taskId: number,
): Promise<string[]> {
  const kinds = taskId === 99 ? ['batal'] : taskId === 5 ? ['task:5', 'farmasi'] : [`task:${taskId}`];
  return withdrawBpjs(
    tx,
    kinds.map((kind) => `${reportStream(storedCode)}:${kind}`),
  );
}

/** Reports a booking's place in the pharmacy's queue (`antrean/farmasi/add`). */
export async function reportPharmacy(
  tx: Transaction,
  storedCode: string,
  prescriptionType: PrescriptionType,
  number: number,
): Promise<void> {
  const code = formatTrackingCode(storedCode);
  await enqueueBpjs(tx, {
    eventKey: `${stream(code)}:farmasi`,
    stream: stream(code),
    message: `Antrean farmasi ${number} (${code}): ${prescriptionType}`,
    request: {
      method: 'POST',
      path: 'antrean/farmasi/add',
      body: {
        kodebooking: code,
        jenisresep: prescriptionType,
        nomorantrean: number,
        keterangan: PHARMACY_NOTE,
      },
    },
  });
}
