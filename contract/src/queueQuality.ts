import { z } from 'zod';
import { calendarDateSchema } from './registration.js';

// The queue quality monitor: how much of each day's JKN visits reached BPJS Antrean RS (the booking with
// `antrean/add`, the task times 3–7 with `antrean/updatewaktu`), as the portal's own reports record it, and
// BPJS's own view of the day beside it for reconciliation.

export const queueQualityQuerySchema = z.object({ date: calendarDateSchema });

/** The task times the monitor counts: 3–5 every visit has, 6–7 a visit with medication. */
export const monitoredTaskIds = [3, 4, 5, 6, 7] as const;

const count = z.number().int();

/** Per clinic (or all clinics): the day's JKN visits and how many of each report BPJS accepted. */
export const queueQualityCountsSchema = z.object({
  /** JKN bookings of the day, not cancelled and not no-show. */
  jknVisits: count,
  /** Their `antrean/add` accepted by BPJS. */
  bookingAccepted: count,
  /** Accepted `updatewaktu` per task id (3 to 7). */
  task3: count,
  task4: count,
  task5: count,
  task6: count,
  task7: count,
  /** Booking and tasks 3, 4 and 5 accepted, and every report written for the visit accepted. */
  complete: count,
  /** Visits with a report BPJS refused or that could not be sent (listed in `failures`). */
  failed: count,
});
export type QueueQualityCounts = z.infer<typeof queueQualityCountsSchema>;

export const queueQualityClinicSchema = queueQualityCountsSchema.extend({
  clinicId: z.number().int(),
  clinicName: z.string(),
  /** BPJS's poli code (`kodepoli`); null when the clinic is not mapped. */
  bpjsCode: z.string().nullable(),
});
export type QueueQualityClinic = z.infer<typeof queueQualityClinicSchema>;

/** The call a report makes. */
export const queueReportCalls = [
  'antrean/add',
  'antrean/updatewaktu',
  'antrean/batal',
  'antrean/farmasi/add',
] as const;

/** A report of a JKN booking that BPJS refused or that could not be sent: what, and BPJS's answer. */
export const queueQualityFailureSchema = z.object({
  /** The outbox message: what "Kirim ulang" sends again. */
  reportId: z.number().int(),
  bookingCode: z.string(),
  queueNumber: z.string(),
  clinicName: z.string(),
  patient: z.object({ name: z.string(), mrn: z.string() }),
  call: z.enum(queueReportCalls),
  /** For `antrean/updatewaktu`, the task id. */
  taskId: z.number().int().nullable(),
  /** What BPJS answered (its code and words), or why the report could not go out. */
  answer: z.string(),
  attempts: count,
  /** False for a report the portal could not write (a clinic without a BPJS code…): resending cannot help. */
  resendable: z.boolean(),
  /** `pending`: tried again later by itself; `failed`: waits for "Kirim ulang". */
  status: z.enum(['pending', 'failed']),
  /** When the report was written. */
  at: z.string(),
});
export type QueueQualityFailure = z.infer<typeof queueQualityFailureSchema>;

export const queueQualitySchema = z.object({
  date: z.string(),
  clinics: z.array(queueQualityClinicSchema),
  total: queueQualityCountsSchema,
  failures: z.array(queueQualityFailureSchema),
});
export type QueueQuality = z.infer<typeof queueQualitySchema>;

/** What a resend did: `pending` when it is queued again, `sent` when BPJS had already accepted it. */
export const queueReportResentSchema = z.object({ status: z.enum(['pending', 'sent']) });
export type QueueReportResent = z.infer<typeof queueReportResentSchema>;

/** One poli of BPJS's waiting-time dashboard (`dashboard/waktutunggu`): averages in seconds. */
export const bpjsWaitingTimeSchema = z.object({
  bpjsCode: z.string(),
  clinicName: z.string(),
  /** `jumlah_antrean`. */
  queued: count,
  /** `avg_waktu_task1` … `avg_waktu_task6`: wait for admission, admission, wait for the clinic, the doctor, wait for the pharmacy, the pharmacy. */
  averageSeconds: z.array(z.number()).length(6),
});
export type BpjsWaitingTime = z.infer<typeof bpjsWaitingTimeSchema>;

/** A booking one side holds and the other does not, or whose tasks differ. */
export const bpjsBookingDifferenceSchema = z.object({
  bookingCode: z.string(),
  bpjsCode: z.string(),
  /** BPJS's `status` when it holds the booking. */
  bpjsStatus: z.string().nullable(),
  /** The task ids BPJS holds (`antrean/getlisttask`), when asked. */
  bpjsTasks: z.array(z.number().int()).nullable(),
  /** The task ids the portal counts as accepted. */
  portalTasks: z.array(z.number().int()),
});
export type BpjsBookingDifference = z.infer<typeof bpjsBookingDifferenceSchema>;

/** BPJS's own view of a date, fetched now; `available` false says why it could not be fetched. */
export const bpjsQueueViewSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    date: z.string(),
    /** How many bookings of the date BPJS holds (`antrean/pendaftaran/tanggal`), JKN among them. */
    bpjsBookings: count,
    bpjsJkn: count,
    /** Held by BPJS, unknown to the portal's reports of the day. */
    onlyAtBpjs: z.array(bpjsBookingDifferenceSchema),
    /** JKN visits the portal reported as accepted that BPJS does not list. */
    onlyInPortal: z.array(bpjsBookingDifferenceSchema),
    /** Held by both, with accepted tasks that BPJS's task list does not show. */
    tasksDiffer: z.array(bpjsBookingDifferenceSchema),
    /** BPJS's waiting-time dashboard of the date (`waktu/server`: times as BPJS recorded them). */
    waitingTimes: z.array(bpjsWaitingTimeSchema),
  }),
  z.object({ available: z.literal(false), date: z.string(), reason: z.string() }),
]);
export type BpjsQueueView = z.infer<typeof bpjsQueueViewSchema>;
