import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
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
