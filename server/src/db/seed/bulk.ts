import { getTableColumns, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../../errors.js';
import { addDays, daysBetween, localMoment, localToday } from '../../lib/dates.js';
import { syncMrnSequence } from '../../modules/patients/service.js';
import type { Database, Transaction } from '../client.js';
import {
  admissions,
  clinics,
  doctors,
  outpatientVisits,
  patientMrnSeq,
  patients,
  rooms,
} from '../schema/index.js';
import { demoRooms } from './demo-data/wards.js';
import { type DemoPatient, drawPatient, type PatientDraw, renumberNik } from './patients.js';
import { createRandom, type Random } from './random.js';
import { visitsOf } from './visits.js';

/** Most patients one run adds. */
export const MAX_BULK_PATIENTS = 5_000_000;

/** Patients per transaction: big enough to keep commits rare, small enough that a failure loses little. */
const patientsPerTransaction = 5_000;
/** Share of patients who were admitted once before. */
const pastStayShare = 0.06;

export interface BulkSeedResult {
  patients: number;
  visits: number;
  admissions: number;
  seconds: number;
}

export interface BulkSeedOptions {
  count: number;
  today?: string;
  /** Patients per transaction (5,000). */
  batchSize?: number;
  /** Told after every transaction: patients added so far and the seconds since the start. */
  onProgress?: (done: number, seconds: number) => void;
}

interface Reference {
  clinicIds: Map<string, number>;
  clinicList: number[];
  doctorByCode: Map<string, { id: number; clinicId: number }>;
  doctorsOfClinic: Map<number, number[]>;
  rooms: { id: number; code: string; sex: 'L' | 'P' | null }[];
}

/** The clinics, doctors and rooms in use, which the generated visits and stays refer to. */
async function loadReference(db: Database): Promise<Reference> {
  const clinicRows = await db
    .select({ id: clinics.id, code: clinics.code })
    .from(clinics)
    .where(isNull(clinics.deletedAt));
  if (clinicRows.length === 0) {
    throw new AppError(
      409,
      'NO_CLINICS',
      'Belum ada poli untuk kunjungan pasien. Jalankan dulu: npm run cli -- seed demo',
    );
  }
  const doctorRows = await db
    .select({ id: doctors.id, bpjsCode: doctors.bpjsCode, clinicId: doctors.clinicId })
    .from(doctors)
    .where(isNull(doctors.deletedAt));
  const doctorsOfClinic = new Map<number, number[]>();
  for (const d of doctorRows)
    doctorsOfClinic.set(d.clinicId, [...(doctorsOfClinic.get(d.clinicId) ?? []), d.id]);
  return {
    clinicIds: new Map(clinicRows.map((c) => [c.code, c.id])),
    clinicList: clinicRows.map((c) => c.id),
    doctorByCode: new Map(
      doctorRows.flatMap((d) =>
        d.bpjsCode ? [[d.bpjsCode, { id: d.id, clinicId: d.clinicId }] as const] : [],
      ),
    ),
    doctorsOfClinic,
    rooms: await db
      .select({ id: rooms.id, code: rooms.code, sex: rooms.sex })
      .from(rooms)
      .where(isNull(rooms.deletedAt)),
  };
}

/**
 * Inserts rows sent as one JSON document that jsonb_populate_recordset unpacks into the table's own
 * row type: one bind parameter
 * whatever the number of rows, and far cheaper than building a VALUES list of thousands of rows
 * (Drizzle spends more time on that than PostgreSQL on the insert). Rows that conflict with a
 * unique key are skipped; answers the `returning` columns of the rows inserted.
 */
async function insertRows<R extends Record<string, unknown>>(
  tx: Transaction,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning: readonly (keyof R & string)[],
): Promise<R[]> {
  const first = rows[0];
  if (!first) return [];
  const byKey = getTableColumns(table);
  const columns = Object.keys(first).map((key) => {
    const column = byKey[key];
    if (!column) throw new Error(`unknown column ${key}`);
    return { key, name: column.name };
  });
  const document = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, row[c.key] ?? null]))),
  );
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const returned = sql.join(
    returning.map((key) => sql.identifier(byKey[key]?.name ?? key)),
    sql`, `,
  );
  const result = (await tx.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${document}::jsonb) on conflict do nothing returning ${returned}`,
  )) as unknown as { rows: R[] };
  return result.rows;
}

/**
 * Adds `count` realistic patients, each with two or three outpatient visits and some with a past
 * stay, for benchmarks and demos. Medical record numbers come from the sequence, so they continue
 * after the highest in use and never collide with patients registering meanwhile; a NIK that is
 * taken already is drawn again. Runs in transactions of 5,000 patients.
 */
export async function seedPatients(db: Database, options: BulkSeedOptions): Promise<BulkSeedResult> {
  const { count } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_BULK_PATIENTS) {
    throw new RangeError(`count must be 1..${MAX_BULK_PATIENTS}`);
  }
  const today = options.today ?? localToday();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const reference = await loadReference(db);
  await syncMrnSequence(db);
  let random: { people: Random; extras: Random; visits: Random } | undefined;

  const result: BulkSeedResult = { patients: 0, visits: 0, admissions: 0, seconds: 0 };
  while (result.patients < count) {
    const size = Math.min(options.batchSize ?? patientsPerTransaction, count - result.patients);
    const added = await db.transaction(async (tx) => {
      // Generated data can be made again: no need to wait for each commit to reach the disk.
      await tx.execute(sql`set local synchronous_commit = off`);
      const mrns = await nextMrns(tx, size);
      // Seeded by where the numbers start: each run draws other people, a rerun of a benchmark the same.
      const start = Number(mrns[0]);
      random ??= {
        people: createRandom(start),
        extras: createRandom(start + 1),
        visits: createRandom(start + 2),
      };
      const { people: rng, extras, visits: visitRng } = random;
      const draw: PatientDraw = {
        niks: new Set(),
        nikSerialMax: 9999,
        // The medical record number inside keeps the card numbers unique across runs.
        insuranceNo: (r, mrn) => `000${r.digits(3)}${mrn.padStart(7, '0').slice(-7)}`,
      };
      const drawn = mrns.map((mrn) => drawPatient(rng, extras, mrn, draw));
      const ids = await insertPatients(tx, rng, drawn);
      const people = drawn.filter((p) => ids.has(p.mrn));
      const batch: Batch = { tx, rng: visitRng, people, ids, reference, today };
      const visits = await insertVisits(batch);
      const stays = await insertStays(batch);
      return { patients: people.length, visits, stays };
    });
    if (added.patients === 0) throw new Error('no patient could be added: every NIK drawn was taken');
    result.patients += added.patients;
    result.visits += added.visits;
    result.admissions += added.stays;
    options.onProgress?.(result.patients, seconds());
  }
  await syncMrnSequence(db);
  // Fresh statistics, so that searches plan with the trigram indexes straight away.
  await db.execute(sql`analyze ${patients}, ${outpatientVisits}, ${admissions}`);
  result.seconds = seconds();
  return result;
}

/** `size` new medical record numbers from the sequence (six digits at least). */
async function nextMrns(tx: Transaction, size: number): Promise<string[]> {
  const rows = await tx
    .select({ n: sql<string>`nextval(${patientMrnSeq.seqName}::regclass)::text` })
    .from(sql`generate_series(1, ${size}::int)`);
  return rows.map((r) => r.n.padStart(6, '0'));
}

/** Inserts the patients; one whose NIK is taken gets another serial and is tried again. Answers mrn → id. */
async function insertPatients(
  tx: Transaction,
  rng: Random,
  drawn: DemoPatient[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  let pending = drawn;
  for (let attempt = 0; attempt < 10 && pending.length > 0; attempt++) {
    const rows = pending.map(({ age: _age, ...row }) => row);
    const inserted = await insertRows<{ id: number; mrn: string }>(tx, patients, rows, ['id', 'mrn']);
    for (const row of inserted) ids.set(row.mrn, row.id);
    pending = pending.filter((p) => !ids.has(p.mrn));
    for (const p of pending) p.nik = renumberNik(rng, p.nik ?? '');
  }
  return ids;
}

/** The patients one transaction has just added, and what their visits and stays are drawn from. */
interface Batch {
  tx: Transaction;
  rng: Random;
  people: DemoPatient[];
  /** Medical record number → patient id. */
  ids: ReadonlyMap<string, number>;
  reference: Reference;
  today: string;
}

async function insertVisits({ tx, rng, people, ids, reference, today }: Batch): Promise<number> {
  const rows = people.flatMap((patient) =>
    visitsOf(rng, patient, today).map((v) => {
      const clinicId = reference.clinicIds.get(v.clinic) ?? rng.pick(reference.clinicList);
      const known = reference.doctorByCode.get(v.doctorBpjsCode);
      const doctorId =
        known?.clinicId === clinicId ? known.id : pickOrNull(rng, reference.doctorsOfClinic.get(clinicId));
      return {
        registrationNo: v.registrationNo,
        patientId: ids.get(patient.mrn) ?? 0,
        clinicId,
        doctorId,
        visitDate: v.visitDate,
        diagnoses: v.diagnoses,
        cancelled: v.cancelled,
        vaccination: v.vaccination,
        notes: v.notes,
      };
    }),
  );
  const inserted = await insertRows(tx, outpatientVisits, rows, ['id']);
  return inserted.length;
}

function pickOrNull<T>(rng: Random, items: readonly T[] | undefined): T | null {
  return items && items.length > 0 ? rng.pick(items) : null;
}

const roomAges = new Map(demoRooms.map((r) => [r.code, r.ages]));

/** One past, discharged stay for some patients, in a room that takes them; never a current one. */
async function insertStays({ tx, rng, people, ids, reference, today }: Batch): Promise<number> {
  const rows = people.flatMap((patient) => {
    if (patient.age < 1 || !rng.chance(pastStayShare)) return [];
    const fitting = reference.rooms.filter((room) => {
      const ages = roomAges.get(room.code);
      return (
        (room.sex === null || room.sex === patient.sex) &&
        (!ages || (patient.age >= ages[0] && patient.age <= ages[1]))
      );
    });
    const room = pickOrNull(rng, fitting);
    if (!room) return [];
    const admitted = addDays(
      today,
      -rng.int(14, Math.max(14, Math.min(540, daysBetween(patient.birthDate, today)))),
    );
    const dischargedAt = localMoment(addDays(admitted, rng.int(2, 10)), rng.int(9, 14), rng.int(0, 59));
    return [
      {
        registrationNo: `RI${patient.mrn}01`,
        patientId: ids.get(patient.mrn) ?? 0,
        roomId: room.id,
        admittedAt: localMoment(admitted, rng.int(7, 22), rng.int(0, 59)),
        dischargedAt,
        updatedAt: dischargedAt,
      },
    ];
  });
  const inserted = await insertRows(tx, admissions, rows, ['id']);
  return inserted.length;
}
