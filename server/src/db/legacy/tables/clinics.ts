import { bpjsMappingInputSchema, clinicInputSchema, doctorInputSchema } from '@portal/contract';
import { inArray, isNotNull, sql } from 'drizzle-orm';
import { localToday } from '../../../lib/dates.js';
import type { Transaction } from '../../client.js';
import { clinics, doctorSchedules, doctors } from '../../schema/index.js';
import { formMax, type LegacyRow } from '../row.js';
import { legacyTable, upsert } from '../table.js';

// The outpatient reference data: clinics (`mapping_poli_bpjs`), doctors (`master_dokter`), their BPJS
// codes (`mapping_dokter_bpjs`) and weekly schedules (`antrol_dokter`, which names both by BPJS code).

// The limits of the clinic, doctor and BPJS mapping forms: a longer name or code rejects the row, a
// longer BPJS name (descriptive, as BPJS wrote it) is cut.
const limits = {
  clinicName: { max: formMax(clinicInputSchema.shape.name) },
  doctorName: { max: formMax(doctorInputSchema.shape.name) },
  bpjsCode: { max: formMax(bpjsMappingInputSchema.shape.bpjsCode) },
  bpjsName: { max: formMax(bpjsMappingInputSchema.shape.bpjsName), cut: true },
};

const deletedAt = (row: LegacyRow) => (row.deleted() ? new Date() : null);

/**
 * A new clinic's queue prefix, as the clinic form allows them (1–5 capital letters): the letters of
 * its code, else of its BPJS code (legacy clinic codes may be numbers), else P (poli).
 */
function queuePrefix(code: string, bpjsCode: string | null): string {
  const letters = (text: string | null) => (text ?? '').replace(/[^A-Z]/g, '').slice(0, 5);
  return letters(code) || letters(bpjsCode) || 'P';
}

type ClinicRow = Omit<typeof clinics.$inferInsert, 'id' | 'queuePrefix'>;

/** `mapping_poli_bpjs`: the clinics by their code (`polikd`), with the BPJS poli they report as. */
export const clinicsTable = legacyTable({
  file: 'mapping_poli_bpjs.csv',
  columns: ['polikd', 'nmpoli'],
  keyColumn: 'polikd',
  async prepare() {},
  read(row): ClinicRow {
    return {
      code: row.requiredCode('polikd', 'kode poli (polikd)'),
      name: row.required('nmpoli', 'nama poli', limits.clinicName),
      bpjsCode: row.code('kd_poli_bpjs', limits.bpjsCode),
      bpjsName: row.text('nm_poli_bpjs', limits.bpjsName),
      deletedAt: deletedAt(row),
    };
  },
  key: (clinic) => clinic.code,
  async write(tx, batch, _context, outcome) {
    // A clinic already here keeps its prefix: the desk may have changed it, and queue numbers use it.
    const existing = await tx
      .select({ code: clinics.code, queuePrefix: clinics.queuePrefix })
      .from(clinics)
      .where(
        inArray(
          clinics.code,
          batch.map(({ row }) => row.code),
        ),
      );
    const prefixOf = new Map(existing.map((clinic) => [clinic.code, clinic.queuePrefix]));
    const rows = batch.map(({ line, row }) => ({
      line,
      row: { ...row, queuePrefix: prefixOf.get(row.code) ?? queuePrefix(row.code, row.bpjsCode ?? null) },
    }));
    return upsert(tx, clinics, rows, [clinics.code], outcome, clinics.name);
  },
});

type DoctorRow = Omit<typeof doctors.$inferInsert, 'id' | 'bpjsCode' | 'bpjsName'> & { code: string };

/** The ids of all clinics by their code: a hospital has tens of them. */
async function clinicIdsByCode(tx: Transaction) {
  const rows = await tx.select({ id: clinics.id, code: clinics.code }).from(clinics);
  return new Map(rows.map((clinic) => [clinic.code, clinic.id]));
}

/** `master_dokter`: the doctors by their legacy code (`kode`), each with the clinic they mainly serve. */
export const doctorsTable = legacyTable({
  file: 'master_dokter.csv',
  columns: ['kode', 'nama', 'polikd'],
  keyColumn: 'kode',
  prepare: clinicIdsByCode,
  read(row, clinicIds): DoctorRow {
    const code = row.requiredCode('kode', 'kode dokter');
    const name = row.required('nama', 'nama dokter', limits.doctorName);
    const clinic = row.requiredCode('polikd', 'kode poli (polikd)');
    return {
      code,
      name,
      clinicId: clinicIds.get(clinic) ?? row.reject('polikd', `poli tidak dikenal: "${clinic}"`),
      deletedAt: deletedAt(row),
    };
  },
  key: (doctor) => doctor.code,
  write: (tx, batch, _context, outcome) => upsert(tx, doctors, batch, [doctors.code], outcome, doctors.name),
});

interface DoctorBpjsRow {
  doctorCode: string;
  bpjsCode: string;
  bpjsName: string | null;
}

/** `mapping_dokter_bpjs`: the BPJS code and name of each doctor, by the doctor's legacy code. */
export const doctorBpjsTable = legacyTable({
  file: 'mapping_dokter_bpjs.csv',
  columns: ['kode', 'kd_dokter_bpjs'],
  keyColumn: 'kode',
  // One batch for the whole file (a few hundred doctors), so that codes passed from one doctor to
  // another within the file are seen together.
  batchSize: 10_000,
  async prepare() {
    // The doctor each BPJS code went to earlier in the file.
    return { claimedBy: new Map<string, string>() };
  },
  read(row, { claimedBy }): DoctorBpjsRow {
    const doctorCode = row.requiredCode('kode', 'kode dokter');
    const bpjsCode = row.requiredCode('kd_dokter_bpjs', 'kode dokter BPJS', limits.bpjsCode);
    const claimant = claimedBy.get(bpjsCode);
    if (claimant !== undefined && claimant !== doctorCode)
      row.reject('kd_dokter_bpjs', `kode dokter BPJS ${bpjsCode} sudah dipakai dokter ${claimant}`);
    claimedBy.set(bpjsCode, doctorCode);
    return { doctorCode, bpjsCode, bpjsName: row.text('nm_dokter_bpjs', limits.bpjsName) };
  },
  key: (mapping) => mapping.doctorCode,
  async write(tx, batch, _context, outcome) {
    const columns = {
      id: doctors.id,
      code: doctors.code,
      name: doctors.name,
      bpjsCode: doctors.bpjsCode,
      bpjsName: doctors.bpjsName,
    };
    const [named, holders] = await Promise.all([
      tx
        .select(columns)
        .from(doctors)
        .where(
          inArray(
            doctors.code,
            batch.map(({ row }) => row.doctorCode),
          ),
        ),
      tx
        .select(columns)
        .from(doctors)
        .where(
          inArray(
            doctors.bpjsCode,
            batch.map(({ row }) => row.bpjsCode),
          ),
        ),
    ]);
    const doctorOf = new Map(named.map((doctor) => [doctor.code, doctor]));
    const holderOf = new Map(holders.map((doctor) => [doctor.bpjsCode, doctor]));

    const taken = new Map<string, { line: number; row: DoctorBpjsRow; doctor: (typeof named)[number] }>();
    for (const { line, row } of batch) {
      const doctor = doctorOf.get(row.doctorCode);
      if (doctor) taken.set(row.doctorCode, { line, row, doctor });
      else outcome.reject(line, 'kode', `dokter tidak dikenal: "${row.doctorCode}"`);
    }
    // A code held by another doctor is free only when that doctor takes another code here (codes are
    // unique within the file); turning one mapping away may block another, so until nothing changes.
    const holderBlocking = ({ row, doctor }: { row: DoctorBpjsRow; doctor: { id: number } }) => {
      const holder = holderOf.get(row.bpjsCode);
      const released = holder?.code ? taken.has(holder.code) : false;
      return holder && holder.id !== doctor.id && !released ? holder : undefined;
    };
    for (let blocked = true; blocked;) {
      blocked = false;
      for (const mapping of taken.values()) {
        const holder = holderBlocking(mapping);
        if (!holder) continue;
        outcome.reject(
          mapping.line,
          'kd_dokter_bpjs',
          `kode dokter BPJS ${mapping.row.bpjsCode} sudah dipakai dokter lain: ${holder.name}`,
        );
        taken.delete(mapping.row.doctorCode);
        blocked = true;
      }
    }

    const changed = [...taken.values()].filter(
      ({ row, doctor }) => doctor.bpjsCode !== row.bpjsCode || doctor.bpjsName !== row.bpjsName,
    );
    if (changed.length === 0) return { inserted: 0, updated: 0 };
    // The unique check is per row: doctors whose code changes let go of the old one first, so that
    // codes can pass from one doctor to another.
    const moving = changed.filter(({ row, doctor }) => doctor.bpjsCode !== row.bpjsCode);
    if (moving.length > 0) {
      await tx
        .update(doctors)
        .set({ bpjsCode: null })
        .where(
          inArray(
            doctors.id,
            moving.map(({ doctor }) => doctor.id),
          ),
        );
    }
    const json = JSON.stringify(
      changed.map(({ row, doctor }) => ({ id: doctor.id, bpjs_code: row.bpjsCode, bpjs_name: row.bpjsName })),
    );
    await tx.execute(sql`
      update doctors set bpjs_code = m.bpjs_code, bpjs_name = m.bpjs_name
      from json_to_recordset(${json}::json) as m(id integer, bpjs_code text, bpjs_name text)
      where doctors.id = m.id`);
    return { inserted: 0, updated: changed.length };
  },
});

interface ScheduleRow {
  clinicBpjsCode: string;
  doctorBpjsCode: string;
  clinicId: number;
  doctorId: number;
  weekday: number;
  startTime: string;
  endTime: string;
  quotaJkn: number;
  quotaNonJkn: number;
  inactive: boolean;
}

/** `08:00-12:00` (also `8.00 - 12.00`) into its start and end, the end after the start. */
function hours(row: LegacyRow): { startTime: string; endTime: string } {
  const written = row.required('jadwal', 'jadwal');
  const match = /^(\d{1,2})[:.](\d{2})\s*-\s*(\d{1,2})[:.](\d{2})$/.exec(written);
  const time = (hour = '', minute = '') =>
    Number(hour) <= 23 && Number(minute) <= 59 ? `${hour.padStart(2, '0')}:${minute}` : null;
  const startTime = match && time(match[1], match[2]);
  const endTime = match && time(match[3], match[4]);
  if (!startTime || !endTime)
    return row.reject('jadwal', `jadwal bukan jam mulai-selesai (08:00-12:00): "${written.slice(0, 30)}"`);
  if (endTime <= startTime)
    return row.reject('jadwal', `jam selesai tidak setelah jam mulai: "${written.slice(0, 30)}"`);
  return { startTime, endTime };
}

/** The clinics and doctors by BPJS code. Several clinics may report as one BPJS poli: an active one wins. */
async function bpjsIds(tx: Transaction) {
  const [clinicRows, doctorRows] = await Promise.all([
    tx
      .select({ id: clinics.id, bpjsCode: clinics.bpjsCode, deletedAt: clinics.deletedAt })
      .from(clinics)
      .where(isNotNull(clinics.bpjsCode)),
    tx
      .select({ id: doctors.id, bpjsCode: doctors.bpjsCode })
      .from(doctors)
      .where(isNotNull(doctors.bpjsCode)),
  ]);
  const clinicsOf = new Map<string, { id: number; active: boolean }[]>();
  for (const clinic of clinicRows) {
    const code = clinic.bpjsCode as string;
    clinicsOf.set(code, [
      ...(clinicsOf.get(code) ?? []),
      { id: clinic.id, active: clinic.deletedAt === null },
    ]);
  }
  return {
    clinicsOf,
    doctorOf: new Map(doctorRows.map((doctor) => [doctor.bpjsCode as string, doctor.id])),
  };
}

function clinicOf(row: LegacyRow, code: string, clinicsOf: Map<string, { id: number; active: boolean }[]>) {
  const candidates = clinicsOf.get(code) ?? [];
  const active = candidates.filter((clinic) => clinic.active);
  const [clinic, ...others] = active.length > 0 ? active : candidates;
  if (!clinic) return row.reject('kodepoli', `tidak ada poli dengan kode BPJS "${code}"`);
  if (others.length > 0)
    return row.reject('kodepoli', `kode poli BPJS "${code}" dipakai lebih dari satu poli`);
  return clinic.id;
}

/**
 * `antrol_dokter`: the weekly schedules with their quotas. A schedule is the same when clinic, doctor,
 * weekday and start time are; `libur` marks one the doctor no longer holds (kept, inactive).
 */
export const doctorSchedulesTable = legacyTable({
  file: 'antrol_dokter.csv',
  columns: ['kodepoli', 'kodedokter', 'hari', 'jadwal', 'kuotajkn', 'kuotanonjkn'],
  keyColumn: 'kodepoli, kodedokter, hari, jadwal',
  prepare: bpjsIds,
  read(row, { clinicsOf, doctorOf }): ScheduleRow {
    const clinicBpjsCode = row.requiredCode('kodepoli', 'kode poli BPJS');
    const doctorBpjsCode = row.requiredCode('kodedokter', 'kode dokter BPJS');
    const clinicId = clinicOf(row, clinicBpjsCode, clinicsOf);
    const doctorId =
      doctorOf.get(doctorBpjsCode) ??
      row.reject('kodedokter', `tidak ada dokter dengan kode BPJS "${doctorBpjsCode}"`);
    return {
      clinicBpjsCode,
      doctorBpjsCode,
      clinicId,
      doctorId,
      weekday: row.requiredInteger('hari', 'hari', { min: 1, max: 7 }),
      ...hours(row),
      quotaJkn: row.requiredInteger('kuotajkn', 'kuota JKN'),
      quotaNonJkn: row.requiredInteger('kuotanonjkn', 'kuota non-JKN'),
      inactive: row.flag('libur'),
    };
  },
  key: (s) => `${s.clinicBpjsCode}/${s.doctorBpjsCode}/${s.weekday}/${s.startTime}`,
  async write(tx, batch) {
    const slot = (s: { clinicId: number; doctorId: number; weekday: number; startTime: string }) =>
      `${s.clinicId}/${s.doctorId}/${s.weekday}/${s.startTime.slice(0, 5)}`;
    const existing = await tx
      .select()
      .from(doctorSchedules)
      .where(inArray(doctorSchedules.doctorId, [...new Set(batch.map(({ row }) => row.doctorId))]))
      .orderBy(sql`${doctorSchedules.deletedAt} is not null`, doctorSchedules.id);
    // The portal allows twins of a slot: the active one, else the oldest, is the legacy schedule.
    const scheduleAt = new Map<string, (typeof existing)[number]>();
    for (const schedule of existing)
      if (!scheduleAt.has(slot(schedule))) scheduleAt.set(slot(schedule), schedule);

    const inserts: (typeof doctorSchedules.$inferInsert)[] = [];
    const updates: (ScheduleRow & { id: number; quotasChanged: boolean })[] = [];
    for (const { row } of batch) {
      const current = scheduleAt.get(slot(row));
      if (!current) {
        const { clinicBpjsCode: _clinic, doctorBpjsCode: _doctor, inactive, ...values } = row;
        inserts.push({ ...values, deletedAt: inactive ? new Date() : null });
        continue;
      }
      const quotasChanged = current.quotaJkn !== row.quotaJkn || current.quotaNonJkn !== row.quotaNonJkn;
      if (
        quotasChanged ||
        current.endTime.slice(0, 5) !== row.endTime ||
        (current.deletedAt !== null) !== row.inactive
      )
        updates.push({ ...row, id: current.id, quotasChanged });
    }
    if (inserts.length > 0) await tx.insert(doctorSchedules).values(inserts);
    if (updates.length > 0) {
      const json = JSON.stringify(
        updates.map((s) => ({
          id: s.id,
          end_time: s.endTime,
          quota_jkn: s.quotaJkn,
          quota_non_jkn: s.quotaNonJkn,
          inactive: s.inactive,
        })),
      );
      await tx.execute(sql`
        update doctor_schedules set end_time = m.end_time, quota_jkn = m.quota_jkn,
          quota_non_jkn = m.quota_non_jkn,
          deleted_at = case when m.inactive then coalesce(doctor_schedules.deleted_at, now()) end
        from json_to_recordset(${json}::json)
          as m(id integer, end_time time, quota_jkn integer, quota_non_jkn integer, inactive boolean)
        where doctor_schedules.id = m.id`);
      // As when the desk changes a schedule: sessions opened from today on take the new quotas, never
      // below the places already taken.
      const requotas = updates.filter((s) => s.quotasChanged);
      if (requotas.length > 0) {
        const quotas = JSON.stringify(
          requotas.map((s) => ({ id: s.id, quota_jkn: s.quotaJkn, quota_non_jkn: s.quotaNonJkn })),
        );
        await tx.execute(sql`
          update queue_sessions set quota_jkn = greatest(m.quota_jkn, queue_sessions.used_jkn),
            quota_non_jkn = greatest(m.quota_non_jkn, queue_sessions.used_non_jkn)
          from json_to_recordset(${quotas}::json) as m(id integer, quota_jkn integer, quota_non_jkn integer)
          where queue_sessions.schedule_id = m.id and queue_sessions.date >= ${localToday()}`);
      }
    }
    return { inserted: inserts.length, updated: updates.length };
  },
});
