import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { patientMrnSeq, patients } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { contains, matchPosition } from '../../lib/search.js';

export interface PatientBasics {
  id: number;
  mrn: string;
  name: string;
  sex: 'L' | 'P';
  birthDate: string;
}

const basics = {
  id: patients.id,
  mrn: patients.mrn,
  name: patients.name,
  sex: patients.sex,
  birthDate: patients.birthDate,
};

/** Quick lookup by medical record number (exact) or name (contains), for the desks. */
export async function findPatients(db: Database, q: string, limit = 20): Promise<PatientBasics[]> {
  return db
    .select(basics)
    .from(patients)
    .where(and(isNull(patients.deletedAt), or(eq(patients.mrn, q), contains(patients.name, q))))
    .orderBy(asc(matchPosition(patients.name, q)), asc(patients.name))
    .limit(limit);
}

export async function getPatient(db: Database | Transaction, id: number): Promise<PatientBasics> {
  const [patient] = await db
    .select(basics)
    .from(patients)
    .where(and(eq(patients.id, id), isNull(patients.deletedAt)));
  if (!patient) throw notFound('Pasien tidak ditemukan.');
  return patient;
}

/** How a booking names its patient: an existing one with the birth date as proof, or a new one. */
export interface PatientIdentity {
  mrn?: string;
  nik?: string;
  birthDate?: string;
  newPatient?: { nik: string; name: string; birthDate: string; sex: 'L' | 'P'; address: string };
}

// Says neither which part was wrong nor whether the number exists.
const identityMismatch = () =>
  new AppError(
    404,
    'PATIENT_NOT_FOUND',
    'Data pasien tidak ditemukan atau tanggal lahir tidak cocok. Periksa kembali nomor dan tanggal lahir.',
  );

/**
 * The patient a booking is for. An existing patient is found by medical record number or NIK and
 * must give the right birth date. A new patient gets the next medical record number, unless their
 * NIK is already registered: then they are that patient, if the birth date agrees.
 */
export async function identifyPatient(
  tx: Transaction,
  identity: PatientIdentity,
): Promise<PatientBasics & { created: boolean }> {
  const { newPatient } = identity;
  if (newPatient) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [created] = await tx
        .insert(patients)
        .values({ ...newPatient, mrn: sql`lpad(nextval(${patientMrnSeq.seqName}::regclass)::text, 6, '0')` })
        .onConflictDoNothing()
        .returning(basics);
      if (created) return { ...created, created: true };
      const known = await patientBy(tx, eq(patients.nik, newPatient.nik));
      if (known) return checkBirthDate(known, newPatient.birthDate);
      // The number was taken by a record imported with its own numbers: take the next one.
    }
    throw new Error('no free medical record number after 5 attempts');
  }
  const where =
    identity.mrn !== undefined ? eq(patients.mrn, identity.mrn) : eq(patients.nik, identity.nik ?? '');
  const known = await patientBy(tx, where);
  if (!known || identity.birthDate === undefined) throw identityMismatch();
  return checkBirthDate(known, identity.birthDate);
}

async function patientBy(tx: Transaction, where: SQL) {
  const [patient] = await tx
    .select(basics)
    .from(patients)
    .where(and(where, isNull(patients.deletedAt)));
  return patient;
}

function checkBirthDate(patient: PatientBasics, birthDate: string) {
  if (patient.birthDate !== birthDate) throw identityMismatch();
  return { ...patient, created: false };
}

/**
 * Moves the medical record number sequence past the highest numeric number in use: run after
 * loading patients with their own numbers (demo data, imports), so new patients never collide.
 */
export async function syncMrnSequence(db: Database | Transaction): Promise<void> {
  await db.execute(
    sql`select setval('patient_mrn_seq', greatest(1, coalesce(max(${patients.mrn}::bigint), 0))) from ${patients} where ${patients.mrn} ~ '^[0-9]{1,18}$'`,
  );
}
