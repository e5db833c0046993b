import { mrnSchema } from '@portal/contract';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { clockTime, isoWeekday, localMoment, localToday } from '../../../lib/dates.js';
import type { Transaction } from '../../client.js';
import {
  clinics,
  doctorSchedules,
  doctors,
  queueEvents,
  queueSessions,
  registrations,
} from '../../schema/index.js';
import { formMax, type LegacyRow } from '../row.js';
import { legacyTable, patientsByMrn, upsert } from '../table.js';

// `ntrol_referensi_mobilejkn_bpjs`: the bookings Mobile JKN made in the legacy portal. Each becomes a
// registration in the session (schedule and date) BPJS named, with the queue number BPJS was told, so
// that the desk calls it and the engine (`bookPlace`) hands out the numbers after it. The sessions'
// counters are recounted from their bookings at the end, as the engine would have kept them.

/** The `address` of every imported booking: no client made it here. */
const imported = 'legacy-import';

type Status = (typeof registrations.$inferSelect)['status'];

interface Schedule {
  id: number;
  clinicId: number;
  doctorId: number;
  start: string;
  quotaJkn: number;
  quotaNonJkn: number;
}

interface BookingRow {
  code: string;
  mrn: string;
  date: string;
  schedule: Schedule;
  payer: 'JKN' | 'UMUM';
  bpjsCardNo: string | null;
  referralNo: string | null;
  visitType: number | null;
  phone: string;
  queueSeq: number;
  queueNumber: string;
  estimatedAt: Date;
  status: Status;
  taskId: number | null;
}

interface Context {
  clinicIdsOf: Map<string, number[]>;
  doctorOf: Map<string, { id: number; name: string }>;
  /** By doctor, weekday and hours; the active schedules first. */
  schedulesAt: Map<string, Schedule[]>;
  /** Sessions whose bookings changed: recounted in `finish`. */
  touched: Set<number>;
}

const dayNames = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'];
const slotOf = (doctorId: number, weekday: number, start: string, end: string) =>
  `${doctorId}/${weekday}/${start}-${end}`;

/** Clinics and doctors by BPJS code and every schedule, deleted ones too: old bookings keep theirs. */
async function prepare(tx: Transaction): Promise<Context> {
  // One after another: a transaction is one connection.
  const clinicRows = await tx
    .select({ id: clinics.id, bpjsCode: clinics.bpjsCode })
    .from(clinics)
    .where(isNotNull(clinics.bpjsCode));
  const doctorRows = await tx
    .select({ id: doctors.id, name: doctors.name, bpjsCode: doctors.bpjsCode })
    .from(doctors)
    .where(isNotNull(doctors.bpjsCode));
  const scheduleRows = await tx
    .select({
      id: doctorSchedules.id,
      clinicId: doctorSchedules.clinicId,
      doctorId: doctorSchedules.doctorId,
      weekday: doctorSchedules.weekday,
      start: doctorSchedules.startTime,
      end: doctorSchedules.endTime,
      quotaJkn: doctorSchedules.quotaJkn,
      quotaNonJkn: doctorSchedules.quotaNonJkn,
    })
    .from(doctorSchedules)
    .orderBy(sql`${doctorSchedules.deletedAt} is not null`, doctorSchedules.id);
  const clinicIdsOf = new Map<string, number[]>();
  for (const clinic of clinicRows) {
    const code = (clinic.bpjsCode as string).toUpperCase();
    clinicIdsOf.set(code, [...(clinicIdsOf.get(code) ?? []), clinic.id]);
  }
  const schedulesAt = new Map<string, Schedule[]>();
  for (const { weekday, end, ...schedule } of scheduleRows) {
    const start = clockTime(schedule.start);
    const slot = slotOf(schedule.doctorId, weekday, start, clockTime(end));
    schedulesAt.set(slot, [...(schedulesAt.get(slot) ?? []), { ...schedule, start }]);
  }
  return {
    clinicIdsOf,
    doctorOf: new Map(
      doctorRows.map(({ bpjsCode, ...doctor }) => [(bpjsCode as string).toUpperCase(), doctor]),
    ),
    schedulesAt,
    touched: new Set(),
  };
}

/** `jampraktek`, `08:00-12:00` (also `8.00 - 12.00`), into its start and end. */
function hours(row: LegacyRow): [string, string] {
  const written = row.required('jampraktek', 'jam praktik');
  const match = /^(\d{1,2})[:.](\d{2})\s*-\s*(\d{1,2})[:.](\d{2})$/.exec(written);
  if (
    !match ||
    [match[1], match[3]].some((h) => Number(h) > 23) ||
    [match[2], match[4]].some((m) => Number(m) > 59)
  )
    return row.reject(
      'jampraktek',
      `jam praktik bukan jam mulai-selesai (08:00-12:00): "${written.slice(0, 30)}"`,
    );
  const time = (hour = '', minute = '') => `${hour.padStart(2, '0')}:${minute}`;
  return [time(match[1], match[2]), time(match[3], match[4])];
}

/** The session BPJS named: the doctor's schedule at `jampraktek` on that weekday in a clinic of `kodepoli`. */
function scheduleOf(row: LegacyRow, date: string, context: Context): Schedule {
  const kodepoli = row.requiredCode('kodepoli', 'kode poli BPJS');
  const kodedokter = row.requiredCode('kodedokter', 'kode dokter BPJS');
  const clinicIds =
    context.clinicIdsOf.get(kodepoli) ??
    row.reject('kodepoli', `tidak ada poli dengan kode BPJS "${kodepoli}"`);
  const doctor =
    context.doctorOf.get(kodedokter) ??
    row.reject('kodedokter', `tidak ada dokter dengan kode BPJS "${kodedokter}"`);
  const [start, end] = hours(row);
  const weekday = isoWeekday(date);
  const schedule = context.schedulesAt
    .get(slotOf(doctor.id, weekday, start, end))
    ?.find((s) => clinicIds.includes(s.clinicId));
  return (
    schedule ??
    row.reject(
      'jampraktek',
      `tidak ada jadwal ${doctor.name} di poli BPJS ${kodepoli} hari ${dayNames[weekday - 1]} jam ${start}-${end}`,
    )
  );
}

/**
 * Where a booking stood, from the BPJS task id (`taskid`) and the legacy `status`:
 * - task 99, or a status saying "batal" → CANCELLED;
 * - tasks 5–7 (the doctor is done; the pharmacy's tasks) → SERVED;
 * - tasks 1–4 (arrived: waiting at the admission counter, 1–2, as the engine's check-in of a new
 *   patient starts, or at the clinic, 3–4) → CHECKED_IN;
 * - none of these on a date already past → NO_SHOW;
 * - otherwise → BOOKED.
 */
function statusOf(taskId: number | null, legacyStatus: string | null, date: string): Status {
  if (taskId === 99 || legacyStatus?.toLowerCase().includes('batal')) return 'CANCELLED';
  if (taskId !== null && taskId >= 5 && taskId <= 7) return 'SERVED';
  if (taskId !== null && taskId >= 1 && taskId <= 4) return 'CHECKED_IN';
  return date < localToday() ? 'NO_SHOW' : 'BOOKED';
}

function read(row: LegacyRow, context: Context): BookingRow {
  const code =
    row.code('nobooking') ??
    row.code('kodebooking') ??
    row.reject('nobooking', 'kode booking (nobooking atau kodebooking) kosong');
  const mrn = row.requiredCode('norm', 'nomor rekam medis (norm)', { max: formMax(mrnSchema) });
  const date = row.requiredDate('tanggalperiksa', 'tanggal periksa');
  const schedule = scheduleOf(row, date, context);
  const bpjsCardNo = row.text('nomorkartu');
  const task = row.integer('taskid', { max: 99 });
  const taskId = task !== null && ((task >= 1 && task <= 7) || task === 99) ? task : null;
  // Epoch milliseconds, as BPJS writes them; 0 means none.
  const estimate = row.integer('estimasidilayani', { max: 9_999_999_999_999 });
  const [hour, minute] = schedule.start.split(':').map(Number) as [number, number];
  return {
    code,
    mrn,
    date,
    schedule,
    payer: row.code('jenispasien') === 'JKN' || bpjsCardNo !== null ? 'JKN' : 'UMUM',
    bpjsCardNo,
    referralNo: row.text('nomorreferensi'),
    visitType: row.integer('jeniskunjungan', { min: 1, max: 4 }),
    phone: row.phone('nohp') ?? '',
    queueSeq: row.requiredInteger('angkaantrean', 'angka antrean', { min: 1 }),
    queueNumber: row.requiredCode('nomorantrean', 'nomor antrean'),
    estimatedAt: estimate ? new Date(estimate) : localMoment(date, hour, minute),
    status: statusOf(taskId, row.text('status'), date),
    taskId,
  };
}

/** One place in a session (a queue sequence) and one live booking per patient, clinic and day. */
const placeKey = (scheduleId: number, date: string, seq: number) => `${scheduleId}/${date}/${seq}`;
const dayKey = (patientId: number, clinicId: number, date: string) => `${patientId}/${clinicId}/${date}`;

export const bookingsTable = legacyTable({
  file: 'ntrol_referensi_mobilejkn_bpjs.csv',
  // `nobooking` or `kodebooking`: either will do, so neither is required in the header.
  columns: ['norm', 'tanggalperiksa', 'kodepoli', 'kodedokter', 'jampraktek', 'nomorantrean', 'angkaantrean'],
  keyColumn: 'nobooking',
  batchSize: 1000,
  prepare,
  read,
  key: (booking) => booking.code,
  async write(tx, batch, context, outcome) {
    const unique = <T>(values: T[]) => [...new Set(values)];
    const codes = batch.map(({ row }) => row.code);
    const dates = unique(batch.map(({ row }) => row.date));
    const bookingColumns = {
      id: registrations.id,
      code: registrations.code,
      sessionId: registrations.sessionId,
      scheduleId: queueSessions.scheduleId,
      date: registrations.date,
      queueSeq: registrations.queueSeq,
      patientId: registrations.patientId,
      clinicId: registrations.clinicId,
      status: registrations.status,
      taskId: registrations.taskId,
      address: registrations.address,
    };
    const booked = () =>
      tx
        .select(bookingColumns)
        .from(registrations)
        .innerJoin(queueSessions, eq(queueSessions.id, registrations.sessionId));
    const patientOf = await patientsByMrn(
      tx,
      batch.map(({ row }) => row.mrn),
      outcome,
    );
    const patientIds = unique(patientOf.all());
    const existing = await booked().where(inArray(registrations.code, codes));
    const inSessions = await booked().where(
      and(
        inArray(queueSessions.scheduleId, unique(batch.map(({ row }) => row.schedule.id))),
        inArray(queueSessions.date, dates),
      ),
    );
    const onDays =
      patientIds.length === 0
        ? []
        : await booked().where(
            and(
              inArray(registrations.patientId, patientIds),
              inArray(registrations.date, dates),
              ne(registrations.status, 'CANCELLED'),
            ),
          );
    const before = new Map(existing.map((booking) => [booking.code, booking]));
    // A booking the desk has already worked on in the portal keeps the status the desk gave it.
    const worked =
      existing.length === 0
        ? new Set<number>()
        : new Set(
            (
              await tx
                .selectDistinct({ id: queueEvents.registrationId })
                .from(queueEvents)
                .where(
                  inArray(
                    queueEvents.registrationId,
                    existing.map((booking) => booking.id),
                  ),
                )
            ).map((event) => event.id),
          );

    // Checked against what the database holds now and against what this batch has taken so far, so
    // that no row of the one statement below meets a place another row leaves in the same statement.
    const placesNow = new Map(
      inSessions.map((b) => [placeKey(b.scheduleId, b.date, b.queueSeq), b.code] as const),
    );
    const daysNow = new Map(
      [...onDays, ...existing]
        .filter((b) => b.status !== 'CANCELLED')
        .map((b) => [dayKey(b.patientId, b.clinicId, b.date), b.code] as const),
    );
    const places = new Map(placesNow);
    const days = new Map(daysNow);
    const holder = (maps: Map<string, string>[], key: string, code: string) =>
      maps.map((map) => map.get(key)).find((held) => held !== undefined && held !== code);

    const taken: (BookingRow & { patientId: number; line: number })[] = [];
    for (const { line, row: incoming } of batch) {
      const patientId = patientOf.get(incoming.mrn);
      if (patientId === undefined) {
        patientOf.reject(outcome, line, 'norm', incoming.mrn);
        continue;
      }
      const previous = before.get(incoming.code);
      if (previous && previous.address !== imported) {
        outcome.conflict(
          line,
          'nobooking',
          `kode booking ${incoming.code} sudah dipakai pendaftaran dari portal; baris tidak diterapkan`,
          incoming.code,
        );
        continue;
      }
      const row =
        previous && worked.has(previous.id)
          ? { ...incoming, status: previous.status, taskId: previous.taskId }
          : incoming;
      const place = placeKey(row.schedule.id, row.date, row.queueSeq);
      const placeHolder = holder([placesNow, places], place, row.code);
      if (placeHolder !== undefined) {
        outcome.reject(
          line,
          'angkaantrean',
          `angka antrean ${row.queueSeq} sudah dipakai booking ${placeHolder} pada jadwal dan tanggal yang sama`,
        );
        continue;
      }
      const day = dayKey(patientId, row.schedule.clinicId, row.date);
      const dayHolder = row.status === 'CANCELLED' ? undefined : holder([daysNow, days], day, row.code);
      if (dayHolder !== undefined) {
        outcome.reject(
          line,
          'norm',
          `pasien ${row.mrn} sudah punya booking ${dayHolder} di poli yang sama pada ${row.date}`,
        );
        continue;
      }
      if (previous) {
        const oldPlace = placeKey(previous.scheduleId, previous.date, previous.queueSeq);
        const oldDay = dayKey(previous.patientId, previous.clinicId, previous.date);
        if (places.get(oldPlace) === row.code) places.delete(oldPlace);
        if (days.get(oldDay) === row.code) days.delete(oldDay);
        context.touched.add(previous.sessionId);
      }
      places.set(place, row.code);
      if (row.status !== 'CANCELLED') days.set(day, row.code);
      taken.push({ ...row, patientId, line });
    }
    if (taken.length === 0) return { inserted: 0, updated: 0 };

    // The engine opens a session with the schedule's quotas at its first booking; so does the import.
    const opening = new Map(
      taken.map(({ schedule, date }) => [
        `${schedule.id}/${date}`,
        { scheduleId: schedule.id, date, quotaJkn: schedule.quotaJkn, quotaNonJkn: schedule.quotaNonJkn },
      ]),
    );
    await tx
      .insert(queueSessions)
      .values([...opening.values()])
      .onConflictDoNothing();
    const sessions = await tx
      .select({ id: queueSessions.id, scheduleId: queueSessions.scheduleId, date: queueSessions.date })
      .from(queueSessions)
      .where(
        and(
          inArray(queueSessions.scheduleId, unique(taken.map((row) => row.schedule.id))),
          inArray(queueSessions.date, unique(taken.map((row) => row.date))),
        ),
      );
    const sessionOf = new Map(sessions.map((s) => [`${s.scheduleId}/${s.date}`, s.id]));

    const rows = taken.map(({ line, schedule, mrn: _mrn, ...row }) => {
      const sessionId = sessionOf.get(`${schedule.id}/${row.date}`) as number;
      context.touched.add(sessionId);
      return {
        line,
        row: {
          ...row,
          sessionId,
          clinicId: schedule.clinicId,
          doctorId: schedule.doctorId,
          newPatient: false,
          source: 'MJKN' as const,
          // They came from BPJS: nothing of them is to be reported back.
          bpjsReported: true,
          address: imported,
        },
      };
    });
    return upsert(tx, registrations, rows, [registrations.code], outcome);
  },
  async finish(tx, { touched }) {
    if (touched.size === 0) return;
    const sessions = sql`(select value::int from json_array_elements_text(${JSON.stringify([...touched])}::json))`;
    // As the engine keeps them: every booking not cancelled holds a place of its payer's quota (raised
    // to fit, never lowered), a session's next place follows the bookings it has had (its estimates), and
    // its clinic's next number of the day the highest one given.
    await tx.execute(sql`
      with counted as (
        select s.id,
          (count(r.id) filter (where r.status <> 'CANCELLED' and r.payer = 'JKN'))::int as used_jkn,
          (count(r.id) filter (where r.status <> 'CANCELLED' and r.payer = 'UMUM'))::int as used_non_jkn,
          count(r.id)::int as places
        from queue_sessions s left join registrations r on r.session_id = s.id
        where s.id in ${sessions}
        group by s.id)
      update queue_sessions set used_jkn = c.used_jkn, used_non_jkn = c.used_non_jkn,
        quota_jkn = greatest(queue_sessions.quota_jkn, c.used_jkn),
        quota_non_jkn = greatest(queue_sessions.quota_non_jkn, c.used_non_jkn),
        last_seq = greatest(queue_sessions.last_seq, c.places)
      from counted c
      where queue_sessions.id = c.id`);
    await tx.execute(sql`
      insert into clinic_queue_days (clinic_id, date, last_seq)
      select r.clinic_id, r.date, max(r.queue_seq) from registrations r
      where r.session_id in ${sessions}
      group by r.clinic_id, r.date
      on conflict (clinic_id, date) do update
        set last_seq = greatest(clinic_queue_days.last_seq, excluded.last_seq)`);
  },
});
