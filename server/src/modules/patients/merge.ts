import type {
  MergeMoves,
  PatientChange,
  PatientDetail,
  PatientMergePlan,
  RegistrationStatus,
} from '@portal/contract';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  admissions,
  clinics,
  operations,
  outpatientVisits,
  patients,
  registrations,
} from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import {
  codedFields,
  type PatientAuditDetails,
  recordFields,
  type RecordValues,
  regionFields,
} from './counter.js';
import { toDetail } from './service.js';

// Merging two records of one person (admins): everything that names the duplicate by its id moves to the
// surviving record, the survivor's empty fields are filled from the duplicate, and the duplicate is deleted
// with a pointer to the survivor. This is the one place where the patients module writes other modules'
// tables: a merge must move every row that names a patient in one transaction, or none.

type PatientRow = typeof patients.$inferSelect;

/** Every table with a patient_id, and the name of its count in the plan. */
const patientTables = [
  { table: outpatientVisits, key: 'outpatientVisits' },
  { table: admissions, key: 'admissions' },
  { table: registrations, key: 'registrations' },
  { table: operations, key: 'operations' },
] as const satisfies readonly { table: unknown; key: keyof MergeMoves }[];

const ref = (row: PatientRow) => ({ id: row.id, mrn: row.mrn, name: row.name });

const formatDate = (date: string) => date.split('-').reverse().join('-');

/** Both records, live; locked for the merge when `lock` is set (in id order, so two merges cannot deadlock). */
async function bothRecords(
  tx: Database | Transaction,
  survivorId: number,
  duplicateId: number,
  lock: boolean,
) {
  if (survivorId === duplicateId) {
    const message = 'Pilih data pasien lain: satu data tidak dapat digabungkan dengan dirinya sendiri.';
    throw new AppError(400, 'VALIDATION_ERROR', message, { fields: { duplicateId: message } });
  }
  const query = tx
    .select()
    .from(patients)
    .where(and(inArray(patients.id, [survivorId, duplicateId]), isNull(patients.deletedAt)))
    .orderBy(asc(patients.id));
  const rows = lock ? await query.for('update') : await query;
  const survivor = rows.find((row) => row.id === survivorId);
  const duplicate = rows.find((row) => row.id === duplicateId);
  if (!survivor) throw notFound('Pasien tidak ditemukan.');
  if (!duplicate) throw notFound('Data pasien yang akan digabungkan tidak ditemukan.');
  return { survivor, duplicate };
}

/** What would stop the merge: two current stays, or two live bookings at one clinic on one day. */
async function conflictsOf(tx: Database | Transaction, survivorId: number, duplicateId: number) {
  const conflicts: string[] = [];
  const current = await tx
    .select({ patientId: admissions.patientId })
    .from(admissions)
    .where(
      and(
        inArray(admissions.patientId, [survivorId, duplicateId]),
        isNull(admissions.dischargedAt),
        isNull(admissions.deletedAt),
      ),
    );
  if (new Set(current.map((row) => row.patientId)).size === 2) {
    conflicts.push(
      'Kedua data sedang dirawat inap; seorang pasien hanya dapat dirawat di satu tempat. Pulangkan atau ' +
        'batalkan salah satu rawat inap dulu.',
    );
  }
  const other = alias(registrations, 'other');
  // As the partial unique index of one booking per patient, clinic and day counts them.
  const notHolding: RegistrationStatus[] = ['CANCELLED', 'NO_SHOW'];
  const clashes = await tx
    .select({ date: registrations.date, clinic: clinics.name })
    .from(registrations)
    .innerJoin(
      other,
      and(
        eq(other.patientId, duplicateId),
        eq(other.clinicId, registrations.clinicId),
        eq(other.date, registrations.date),
        notInArray(other.status, notHolding),
      ),
    )
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .where(and(eq(registrations.patientId, survivorId), notInArray(registrations.status, notHolding)))
    .orderBy(asc(registrations.date));
  for (const clash of clashes) {
    conflicts.push(
      `Kedua data punya pendaftaran aktif di ${clash.clinic} pada ${formatDate(clash.date)}; batalkan ` +
        'salah satu dulu.',
    );
  }
  return conflicts;
}

async function movesOf(tx: Database | Transaction, duplicateId: number): Promise<MergeMoves> {
  const moves: MergeMoves = { outpatientVisits: 0, admissions: 0, registrations: 0, operations: 0 };
  // One query after the other: a transaction is one connection.
  for (const { table, key } of patientTables) {
    moves[key] = await tx.$count(table, eq(table.patientId, duplicateId));
  }
  return moves;
}

/** The survivor's empty fields that the duplicate has a value for. */
function fillsOf(survivor: PatientRow, duplicate: PatientRow): Partial<RecordValues> {
  const fills: Partial<Record<keyof RecordValues, string | null>> = Object.fromEntries(
    recordFields.flatMap((field) =>
      survivor[field] === null && duplicate[field] !== null ? [[field, duplicate[field]]] : [],
    ),
  );
  // A code and its text (or region name) go together: the survivor keeps a pair of which it has either half.
  for (const { code, text } of [...codedFields, ...regionFields]) {
    if (survivor[code] !== null || survivor[text] !== null) {
      delete fills[code];
      delete fills[text];
    }
  }
  return fills as Partial<RecordValues>;
}

async function planOf(tx: Database | Transaction, survivor: PatientRow, duplicate: PatientRow) {
  return {
    survivor: ref(survivor),
    duplicate: { ...ref(duplicate), birthDate: duplicate.birthDate, nik: duplicate.nik },
    moves: await movesOf(tx, duplicate.id),
    filled: Object.keys(fillsOf(survivor, duplicate)),
    conflicts: await conflictsOf(tx, survivor.id, duplicate.id),
  };
}

/** What merging `duplicateId` into `survivorId` would move and fill, and what stops it; nothing is written. */
export async function previewMerge(
  db: Database,
  survivorId: number,
  duplicateId: number,
): Promise<PatientMergePlan> {
  const { survivor, duplicate } = await bothRecords(db, survivorId, duplicateId, false);
  return planOf(db, survivor, duplicate);
}

/**
 * Merges the duplicate into the survivor: moves visits, stays, bookings and operations, fills the survivor's
 * empty fields (the NIK too: the duplicate gives it up, as NIKs are unique over all records), deletes the
 * duplicate with `merged_into_id`, and audits both records. Refused with 409 when the two records cannot be
 * one patient as they are (see conflictsOf); then nothing changes.
 */
export async function mergePatients(
  db: Database,
  actor: Actor,
  survivorId: number,
  duplicateId: number,
): Promise<PatientDetail> {
  try {
    return await db.transaction(async (tx) => {
      const { survivor, duplicate } = await bothRecords(tx, survivorId, duplicateId, true);
      const plan = await planOf(tx, survivor, duplicate);
      if (plan.conflicts.length > 0) throw conflict('MERGE_CONFLICT', plan.conflicts.join(' '));
      for (const { table } of patientTables) {
        await tx.update(table).set({ patientId: survivorId }).where(eq(table.patientId, duplicateId));
      }
      const now = new Date();
      await tx
        .update(patients)
        .set({ nik: null, deletedAt: now, updatedAt: now, mergedIntoId: survivorId })
        .where(eq(patients.id, duplicateId));
      const fills = fillsOf(survivor, duplicate);
      // The birth date the import could not read (`tglahir`) is settled once the duplicate fills it.
      const importIssues =
        survivor.importIssues?.filter((issue) => !(issue.column === 'tglahir' && fills.birthDate)) ?? [];
      const [merged] = await tx
        .update(patients)
        .set({ ...fills, importIssues: importIssues.length > 0 ? importIssues : null, updatedAt: now })
        .where(eq(patients.id, survivorId))
        .returning();
      if (!merged) throw new Error('the surviving record was not written back');
      const filled: PatientChange[] = Object.entries(fills).map(([field, to]) => ({
        field,
        from: null,
        to: to ?? null,
      }));
      const survivorDetails: PatientAuditDetails = {
        changes: filled,
        merge: { patient: ref(duplicate), moved: plan.moves },
      };
      await audit(tx, actor, 'patient.merge', { type: 'patient', id: survivorId }, survivorDetails);
      const duplicateDetails: PatientAuditDetails = {
        changes: duplicate.nik === null ? [] : [{ field: 'nik', from: duplicate.nik, to: null }],
        merge: { patient: ref(survivor), moved: plan.moves },
      };
      await audit(tx, actor, 'patient.merged', { type: 'patient', id: duplicateId }, duplicateDetails);
      return toDetail(merged);
    });
  } catch (err) {
    // A booking or an admission made for one of the two while the merge ran.
    if (isUniqueViolation(err)) {
      throw conflict('MERGE_CONFLICT', 'Data pasien berubah saat digabungkan; periksa lalu coba lagi.');
    }
    throw err;
  }
}
