import {
  compactNumber,
  normalizePhone,
  PATIENT_MISMATCH,
  PATIENT_SEARCH_LIMIT,
  type PatientDetail,
  type PatientSearchField,
  type PatientSearchQuery,
  type PatientSearchRow,
  plausibleCriteria,
} from '@portal/contract';
import { and, asc, eq, inArray, isNull, not, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { preparedStatement } from '../../db/prepared.js';
import { rowsOf } from '../../db/rows.js';
import { legacyImports, numericMrn, patientMrnSeq, patients, registrations } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { localToday } from '../../lib/dates.js';
import type { WriteThrough } from '../../simrs/write.js';
import {
  contains,
  containsPattern,
  likeContains,
  likePrefix,
  matchPosition,
  prefixPattern,
  sortKey,
} from '../../lib/search.js';

export interface PatientBasics {
  id: number;
  mrn: string;
  name: string;
  sex: 'L' | 'P';
  /** Null only for a patient imported without a readable birth date (see `importIssues`). */
  birthDate: string | null;
}

const basics = {
  id: patients.id,
  mrn: patients.mrn,
  name: patients.name,
  sex: patients.sex,
  birthDate: patients.birthDate,
};

/** A patient on record as the desks and the booking engine take them: the NIK goes into BPJS's reports. */
export interface PatientRecord extends PatientBasics {
  nik: string | null;
}

const recordColumns = { ...basics, nik: patients.nik };

/**
 * The records that are patients of the hospital: not deleted, and not provisional (a public new-patient
 * booking's record, not yet checked against the KTP at the counter: see `identifyPatient`).
 */
export const onRecord = and(isNull(patients.deletedAt), not(patients.provisional)) as SQL;

/**
 * Quick lookup by medical record number (exact) or name (contains), for the desks; patients of the
 * same name in the order of their records, the same every time.
 */
export async function findPatients(db: Database, q: string, limit = 20): Promise<PatientBasics[]> {
  return db
    .select(basics)
    .from(patients)
    .where(and(onRecord, or(inArray(patients.mrn, mrnLookups(q)), contains(patients.name, q))))
    .orderBy(asc(matchPosition(patients.name, q)), asc(patients.name), asc(patients.id))
    .limit(limit);
}

/** The patient with this id, unless unknown or deleted. */
export function findPatient(db: Database | Transaction, id: number): Promise<PatientRecord | undefined> {
  return patientBy(db, eq(patients.id, id));
}

export async function getPatient(db: Database | Transaction, id: number): Promise<PatientRecord> {
  const patient = await findPatient(db, id);
  if (!patient) throw notFound('Pasien tidak ditemukan.');
  return patient;
}

/**
 * Patient search of the medical records desk: one criterion, at most `limit` rows, and whether
 * more matched. Always the same rows in the same order: for a text criterion the values starting
 * with the term, then those only containing it, each group in the order of the value (then name,
 * then id). The groups are two queries because each is served in its order by an index and stops
 * after `limit + 1` rows: a term most patients have ("SITI", "0812") fills the page from the first
 * and never reads the thousands of others, and the second runs only when the first fell short.
 */
export async function searchPatients(
  db: Database,
  query: PatientSearchQuery,
  limit = PATIENT_SEARCH_LIMIT,
): Promise<{ rows: PatientSearchRow[]; truncated: boolean }> {
  if (query.q !== undefined) return searchAnyCriterion(db, query.q, limit);
  const { shape, phases, values } = searchOf(query);
  const found: PatientSearchRow[] = [];
  // One more than shown tells whether the search should be narrowed.
  for (let phase = 0; phase < phases && found.length <= limit; phase++) {
    const take = limit + 1 - found.length;
    found.push(...(await searchStatement<PatientSearchRow>(db, { shape, phase }, { ...values, take })));
  }
  return { rows: found.slice(0, limit), truncated: found.length > limit };
}

/**
 * The counter's single box: every criterion what was typed may be (`plausibleCriteria`), the hits of the
 * likeliest first, a patient found by two of them once, saying both.
 */
async function searchAnyCriterion(
  db: Database,
  typed: string,
  limit: number,
): Promise<{ rows: PatientSearchRow[]; truncated: boolean }> {
  const byId = new Map<number, PatientSearchRow & { matched: PatientSearchField[] }>();
  let truncated = false;
  for (const { field, term } of plausibleCriteria(typed)) {
    const found = await searchPatients(db, { [field]: term }, limit);
    truncated ||= found.truncated;
    for (const row of found.rows) {
      const seen = byId.get(row.id);
      if (seen) seen.matched.push(field);
      else byId.set(row.id, { ...row, matched: [field] });
    }
  }
  const rows = [...byId.values()];
  return { rows: rows.slice(0, limit), truncated: truncated || rows.length > limit };
}

type TextField = 'name' | 'nik' | 'nip' | 'phone' | 'insuranceNo';

/** What the text of a search's statements depends on: the criterion (and how many record numbers). */
type SearchShape = { criterion: 'birthDate' } | { criterion: 'mrn'; mrns: number } | { criterion: TextField };

/** A search's shape, how many statements it may run, and its values by the names of their placeholders. */
function searchOf(query: PatientSearchQuery): {
  shape: SearchShape;
  phases: number;
  values: Record<string, string>;
} {
  if (query.birthDate !== undefined) {
    return { shape: { criterion: 'birthDate' }, phases: 1, values: { birthDate: query.birthDate } };
  }
  if (query.mrn !== undefined) {
    const mrns = mrnLookups(query.mrn);
    return {
      shape: { criterion: 'mrn', mrns: mrns.length },
      phases: 1,
      values: Object.fromEntries(mrns.map((mrn, i) => [`mrn${i}`, mrn])),
    };
  }
  const { field, term } = textCriterion(query);
  return {
    shape: { criterion: field },
    phases: 2,
    values: { prefix: prefixPattern(term), contains: containsPattern(term) },
  };
}

/**
 * Each search statement's text is built once for its shape and phase, then run with the values alone:
 * building it with Drizzle on every search cost a third of the server's time for the search (`SITI`).
 * Its text holds LIKE, so it is still planned for each term (db/client.ts), as its best plan depends on it.
 */
const searchStatement = preparedStatement(
  ({ shape, phase }: { shape: SearchShape; phase: number }) =>
    `${shape.criterion}:${'mrns' in shape ? shape.mrns : ''}:${phase}`,
  ({ shape, phase }, db) => {
    const statement = searchPhases(db, shape, (name) => sql.placeholder(name))[phase];
    if (!statement) throw new Error(`a search of ${shape.criterion} has no phase ${phase}`);
    return statement(sql.placeholder('take'));
  },
);

/**
 * The queries of a search with its values, in the order their rows are shown, each taking how many rows
 * are still wanted (the benchmark explains them).
 */
export function searchQueries(db: Database, query: PatientSearchQuery): ((take: number) => SQL)[] {
  const { shape, values } = searchOf(query);
  return searchPhases(db, shape, (name) => values[name] ?? '');
}

/** The statements of a search of `shape`, each value given by `value(name)`: itself or its placeholder. */
function searchPhases(
  db: Database | Transaction,
  shape: SearchShape,
  value: (name: string) => string | Placeholder,
): ((take: number | Placeholder) => SQL)[] {
  const phase =
    (where: SQL, order: SQL[], { idsFirst } = { idsFirst: false }) =>
    (take: number | Placeholder) => {
      const orderBy = [...order, asc(patients.id)];
      const matching = and(onRecord, where);
      const rows = db.select(searchColumns).from(patients);
      if (!idsFirst)
        return rows
          .where(matching)
          .orderBy(...orderBy)
          .limit(take)
          .getSQL();
      // The criterion's search index (schema/patients.ts) holds all that picking the ids needs, so the
      // thousands of values passed that do not match are never read from the table; only the rows
      // shown are, by id. Where each row picked is shown anyway, reading it at once is cheaper.
      const ids = db
        .select({ id: patients.id })
        .from(patients)
        .where(matching)
        .orderBy(...orderBy)
        .limit(take);
      return rows
        .where(inArray(patients.id, ids))
        .orderBy(...orderBy)
        .getSQL();
    };
  const byName = sortKey(patients.name);
  if (shape.criterion === 'birthDate') {
    return [phase(eq(patients.birthDate, value('birthDate')), [byName])];
  }
  if (shape.criterion === 'mrn') {
    const mrns = Array.from({ length: shape.mrns }, (_, i) => value(`mrn${i}`));
    return [phase(inArray(patients.mrn, mrns), [asc(patients.mrn)])];
  }
  const column = textColumns[shape.criterion];
  const order = column === patients.name ? [sortKey(column)] : [sortKey(column), byName];
  const prefix = likePrefix(column, value('prefix'));
  return [
    phase(prefix, order),
    phase(and(likeContains(column, value('contains')), not(prefix)) as SQL, order, { idsFirst: true }),
  ];
}

const textColumns: Record<TextField, AnyPgColumn> = {
  name: patients.name,
  nik: patients.nik,
  nip: patients.nip,
  phone: patients.phone,
  insuranceNo: patients.insuranceNo,
};

/** Named as the rows are answered: a prepared statement's rows come as the database names them. */
const searchColumns = {
  id: patients.id,
  mrn: patients.mrn,
  name: patients.name,
  sex: patients.sex,
  birthDate: sql<string | null>`${patients.birthDate}`.as('birthDate'),
  nik: patients.nik,
  nip: patients.nip,
  phone: patients.phone,
  insuranceNo: sql<string | null>`${patients.insuranceNo}`.as('insuranceNo'),
  address: patients.address,
  patientGroup: sql<string | null>`${patients.patientGroup}`.as('patientGroup'),
};

/** Medical record numbers given here have this many digits at least, zeros in front (`000001`). */
const MRN_MIN_DIGITS = 6;

/**
 * The one spelling of a typed medical record number: upper-cased, as the legacy import keeps its codes,
 * and digits padded to MRN_MIN_DIGITS, so that "12", "0012" and "000012" are all record 000012. Every
 * place that takes a number from a person (desk search, public booking, Mobile JKN) goes through here.
 */
export function normalizeMrn(typed: string): string {
  const exact = typed.trim().toUpperCase();
  return /^\d+$/.test(exact) ? exact.replace(/^0+/, '').padStart(MRN_MIN_DIGITS, '0') : exact;
}

/**
 * The stored numbers a typed medical record number may be: the normalised one and the text as typed (a
 * legacy code kept without its zeros).
 */
export function mrnLookups(typed: string): string[] {
  return [...new Set([normalizeMrn(typed), typed.trim().toUpperCase()])];
}

/**
 * The column and term of a text criterion, matched case-insensitively anywhere in the value. Names
 * are searched with single spaces; numbers as the compact digits they are stored as.
 */
function textCriterion(query: PatientSearchQuery): { field: TextField; term: string } {
  if (query.name !== undefined) {
    return { field: 'name', term: query.name.trim().replace(/\s+/g, ' ') };
  }
  const [field, typed]: [TextField, string] =
    query.nik !== undefined
      ? ['nik', query.nik]
      : query.nip !== undefined
        ? ['nip', query.nip]
        : query.phone !== undefined
          ? ['phone', query.phone]
          : ['insuranceNo', query.insuranceNo ?? ''];
  let term = compactNumber(typed);
  // Phones are kept in the national form (08…); people also type the international one.
  if (field === 'phone') term = term.replace(/^\+62/, '0');
  return { field, term };
}

/** Whole years and months from `birthDate` to `today` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): { years: number; months: number } {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const months = Math.max(0, (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0));
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** A patient's record with every legacy field, for the medical records desk. */
export async function getPatientDetail(
  db: Database,
  id: number,
  today = localToday(),
): Promise<PatientDetail> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id));
  if (!row) throw notFound('Pasien tidak ditemukan.');
  if (row.deletedAt !== null) throw await goneRecord(db, row.mergedIntoId);
  return toDetail(row, today);
}

/** The record as the desk shows it, with the age at `today` (none without a birth date). */
export function toDetail(row: typeof patients.$inferSelect, today = localToday()): PatientDetail {
  const {
    createdAt,
    updatedAt: _updatedAt,
    deletedAt: _deletedAt,
    mergedIntoId: _mergedIntoId,
    importRun: _importRun,
    importIssues,
    ...fields
  } = row;
  return {
    ...fields,
    age: row.birthDate === null ? null : ageOn(row.birthDate, today),
    registeredAt: createdAt.toISOString(),
    importIssues: importIssues ?? [],
  };
}

/** A deleted record is not found; one merged into another says where its patient is now. */
async function goneRecord(db: Database | Transaction, mergedIntoId: number | null): Promise<AppError> {
  const [target] =
    mergedIntoId === null
      ? []
      : await db.select({ mrn: patients.mrn }).from(patients).where(eq(patients.id, mergedIntoId));
  return target
    ? new AppError(404, 'PATIENT_MERGED', `Data pasien ini sudah digabungkan ke No. RM ${target.mrn}.`)
    : notFound('Pasien tidak ditemukan.');
}

/** How a booking names its patient: an existing one with the birth date as proof, or a new one. */
export interface PatientIdentity {
  mrn?: string;
  nik?: string;
  birthDate?: string;
  newPatient?: { nik: string; name: string; birthDate: string; sex: 'L' | 'P'; address: string };
}

// Says neither which part was wrong nor whether the number exists.
const identityMismatch = () => new AppError(404, 'PATIENT_NOT_FOUND', PATIENT_MISMATCH);

/** A medical record number as the hospital gives them: six digits at least, more once they pass 999999. */
const formatMrn = (n: SQL) => sql<string>`lpad((${n})::text, greatest(6, length((${n})::text)), '0')`;

/** The next medical record number, taken from the sequence. */
const nextMrn = sql`(select ${formatMrn(sql`n`)} from nextval(${patientMrnSeq.seqName}::regclass) as n)`;

/** The highest numeric medical record number the portal holds, deleted records too; 0 when none. */
const highestMrn = sql`(select coalesce(max(${patients.mrn}::bigint), 0) from ${patients} where ${numericMrn(patients.mrn)})`;

/** `highestMrn` as a number: a new patient's number in the SIMRS comes after it (`WriteThrough.newPatient`). */
async function portalHighestMrn(tx: Database | Transaction): Promise<number> {
  const [held] = await rowsOf<{ highest: string }>(tx.execute(sql`select ${highestMrn} as highest`));
  return Number(held?.highest ?? 0);
}

/**
 * Linked to a SIMRS, a provisional patient's number until the counter checks the KTP (`S` for
 * *sementara*): the SIMRS's numbers are digits, so it never meets one; the SIMRS gives the real one then.
 */
const PROVISIONAL_PREFIX = 'S';

/**
 * The number the next new patient would get, without taking it: a new-patient form shows it, and the
 * number is taken on saving (another desk may take this one first).
 */
export async function previewNextMrn(db: Database): Promise<string> {
  const next = sql`case when is_called then last_value + 1 else last_value end`;
  const [row] = await rowsOf<{ mrn: string }>(
    db.execute(sql`select ${formatMrn(next)} as mrn from patient_mrn_seq`),
  );
  if (!row) throw new Error('the medical record number sequence answered no row');
  return row.mrn;
}

/** What a new patient record is written with; the medical record number comes from the sequence. */
export type NewPatientValues = Omit<typeof patients.$inferInsert, 'id' | 'mrn' | 'createdAt' | 'deletedAt'>;

/**
 * Inserts a new patient with the next medical record number. Undefined when their NIK is already on a
 * record (nothing is written). Linked to a SIMRS, the SIMRS gives the number: the patient is written
 * there first (`through` takes it back if the action fails after).
 */
export async function insertNewPatient(
  tx: Database | Transaction,
  values: NewPatientValues,
  through?: WriteThrough,
): Promise<PatientRecord | undefined> {
  // A provisional patient goes to the SIMRS only once the counter confirms them (`confirmProvisional`):
  // a NIK typed on the public form never reaches it.
  if (through?.linked && !values.provisional) {
    if (values.nik && (await nikOnRecord(tx, values.nik))) return undefined;
    const mrn = await through.newPatient(values, await portalHighestMrn(tx));
    const [created] = await tx
      .insert(patients)
      .values({ ...values, mrn })
      .onConflictDoNothing()
      .returning(recordColumns);
    if (created) return created;
    await through.undo();
    // A registration of the same NIK at the same moment won.
    if (values.nik && (await nikOnRecord(tx, values.nik))) return undefined;
    throw mrnTaken(mrn);
  }
  const mrn = through?.linked ? sql`${PROVISIONAL_PREFIX} || ${nextMrn}` : nextMrn;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await tx
      .insert(patients)
      .values({ ...values, mrn })
      .onConflictDoNothing()
      .returning(recordColumns);
    if (created) return created;
    if (values.nik && (await nikOnRecord(tx, values.nik))) return undefined;
    // The number was taken by a record imported with its own numbers: take the next one.
  }
  throw new Error('no free medical record number after 5 attempts');
}

const mrnTaken = (mrn: string) =>
  new AppError(
    409,
    'MRN_TAKEN',
    `No. RM ${mrn} dari SIMRS sudah dipakai pasien lain di portal: pindahkan pasien portal itu ke SIMRS ` +
      'lebih dulu (lihat docs/legacy-import.md, tautan SIMRS).',
  );

/**
 * Whether a record that is not provisional, also a deleted one, holds the NIK (it is unique over those
 * records: `patients_nik_unique`).
 */
async function nikOnRecord(tx: Database | Transaction, nik: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.nik, nik), not(patients.provisional)));
  return row !== undefined;
}

/**
 * The patient a public booking is for. An existing patient is found by medical record number or NIK and
 * proves who they are with two things the NIK does not tell: the birth date and the mobile number on
 * record (a NIK encodes the birth date, and many people have seen a KTP). A new patient gets a
 * *provisional* record (with the next medical record number and the booking's number), unless their NIK
 * is already registered: then the same proof applies, and a mismatch is the same 404 as any other (the
 * new-patient form never shows who holds a NIK). Anyone can type a stranger's NIK, so a provisional record
 * holds no NIK (several may name the same one), never proves an identity (it is not found here as an
 * existing patient) and becomes a patient only when the counter checks the KTP (`confirmProvisional`). A
 * patient imported without a birth date matches no birth date until the records desk completes the record.
 */
export async function identifyPatient(
  tx: Database | Transaction,
  identity: PatientIdentity,
  phone: string,
  through?: WriteThrough,
): Promise<PatientRecord & { created: boolean }> {
  const { newPatient } = identity;
  if (newPatient) {
    if (!(await nikOnRecord(tx, newPatient.nik))) {
      const values = { ...newPatient, phone: normalizePhone(phone), provisional: true };
      // The same form again (another clinic or day): their own provisional record, still a new patient.
      const [own] = await tx
        .select(recordColumns)
        .from(patients)
        .where(
          and(
            eq(patients.nik, newPatient.nik),
            eq(patients.provisional, true),
            isNull(patients.deletedAt),
            eq(patients.birthDate, newPatient.birthDate),
            eq(patients.phone, values.phone ?? ''),
          ),
        )
        .orderBy(asc(patients.id))
        .limit(1);
      const created = own ?? (await insertNewPatient(tx, values, through));
      if (created) return { ...created, created: true };
    }
  }
  const where = newPatient
    ? eq(patients.nik, newPatient.nik)
    : identity.mrn !== undefined
      ? inArray(patients.mrn, mrnLookups(identity.mrn))
      : eq(patients.nik, identity.nik ?? '');
  const found = await tx
    .select({ ...recordColumns, phone: patients.phone })
    .from(patients)
    .where(and(where, onRecord));
  const birthDate = newPatient?.birthDate ?? identity.birthDate;
  const mobile = normalizePhone(phone);
  // A typed number may name a legacy unpadded code and a padded one: the record proven is the patient's.
  const known = found.find(
    (row) => row.birthDate === birthDate && row.phone !== null && normalizePhone(row.phone) === mobile,
  );
  if (!known || mobile === null) throw identityMismatch();
  const { phone: _phone, ...patient } = known;
  return { ...patient, created: false };
}

/**
 * The counter has checked the KTP of a provisional patient (the desk's check-in or admission of their
 * booking): the record becomes a patient's, holding its NIK. When a patient on record already holds that
 * NIK (registered at the counter meanwhile, or the NIK typed was someone else's) the clerk is told which
 * record, and nothing changes. The patient's row must be locked or the caller's transaction must write it.
 * Linked to a SIMRS, the patient is written there now and takes the SIMRS's number. Answers whether the
 * patient was provisional (and is confirmed now).
 */
export async function confirmProvisional(
  tx: Transaction,
  patientId: number,
  through?: WriteThrough,
): Promise<boolean> {
  const [patient] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.provisional, true)))
    .for('update');
  if (!patient) return false;
  const holder = patient.nik ? await nikHolder(tx, patient.nik) : undefined;
  if (holder) throw provisionalNikTaken(holder);
  const { id: _id, mrn: _mrn, createdAt: _createdAt, deletedAt: _deletedAt, ...fields } = patient;
  const mrn = through?.linked ? await through.newPatient(fields, await portalHighestMrn(tx)) : patient.mrn;
  try {
    await tx.update(patients).set({ provisional: false, mrn }).where(eq(patients.id, patientId));
    return true;
  } catch (err) {
    // The SIMRS's number is on another record of the portal: see `insertNewPatient`.
    if (isUniqueViolation(err, 'patients_mrn_unique')) throw mrnTaken(mrn);
    // Confirmed at the same moment by another desk.
    const other = patient.nik && isUniqueViolation(err, 'patients_nik_unique');
    if (other) throw provisionalNikTaken((await nikHolder(tx, patient.nik as string)) ?? '?');
    throw err;
  }
}

async function nikHolder(tx: Transaction, nik: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ mrn: patients.mrn })
    .from(patients)
    .where(and(eq(patients.nik, nik), not(patients.provisional)));
  return row?.mrn;
}

const provisionalNikTaken = (mrn: string) =>
  conflict(
    'PATIENT_NIK_TAKEN',
    `NIK pasien baru ini sudah terdaftar pada No. RM ${mrn}. Cocokkan KTP: bila orang yang sama, batalkan ` +
      'booking ini dan daftarkan dengan No. RM itu; bila bukan, NIK yang diisi di formulir salah.',
  );

/**
 * A provisional patient whose last booking still open (booked, checked in or called) ended without the
 * counter seeing them: the record is retired (deleted), so that no trace of a NIK typed on the public form
 * stays among the hospital's records.
 */
export async function retireProvisional(tx: Transaction, patientId: number): Promise<void> {
  await tx
    .update(patients)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.provisional, true),
        isNull(patients.deletedAt),
        sql`not exists (select 1 from ${registrations} where ${registrations.patientId} = ${patientId}
          and ${registrations.status} in ('BOOKED', 'CHECKED_IN', 'CALLED'))`,
      ),
    );
}

/** A failed proof of identity: counted against the client's and the record's budgets of failures. */
export const isIdentityMismatch = (err: unknown) =>
  err instanceof AppError && err.code === 'PATIENT_NOT_FOUND';

/** What a patient record is created with outside the booking (Mobile JKN's new-patient form). */
export type NewPatientRecord = NewPatientValues & { nik: string };

/**
 * A new patient with the next medical record number, or undefined when the NIK or the insurance card
 * is already registered (the caller says so: nothing is written).
 */
export async function registerPatient(
  tx: Transaction,
  record: NewPatientRecord,
  through?: WriteThrough,
): Promise<PatientBasics | undefined> {
  const taken = await patientBy(
    tx,
    and(
      not(patients.provisional),
      record.insuranceNo
        ? or(eq(patients.nik, record.nik), eq(patients.insuranceNo, record.insuranceNo))
        : eq(patients.nik, record.nik),
    ),
  );
  if (taken) return undefined;
  // Undefined also when a simultaneous registration of the same NIK won.
  return insertNewPatient(tx, record, through);
}

async function patientBy(
  tx: Database | Transaction,
  where: SQL | undefined,
): Promise<PatientRecord | undefined> {
  const [patient] = await tx
    .select(recordColumns)
    .from(patients)
    .where(and(where, isNull(patients.deletedAt)));
  return patient;
}

/**
 * Moves the medical record number sequence past the highest numeric number in use: run after
 * loading patients with their own numbers (demo data, imports), so new patients never collide.
 */
export async function syncMrnSequence(db: Database | Transaction): Promise<void> {
  // After the highest number in use, and after the highest of every legacy export imported (rejected
  // rows included): a legacy patient whose row comes later keeps their number.
  await db.execute(
    sql`select setval('patient_mrn_seq', greatest(1, ${highestMrn},
      (select coalesce(max(${legacyImports.highestMrn}::bigint), 0) from ${legacyImports} where ${legacyImports.apply})))`,
  );
}
