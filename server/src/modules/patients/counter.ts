import {
  compactNumber,
  nikFindings,
  type PatientAuditEntry,
  type PatientChange,
  type PatientCheck,
  type PatientCheckRequest,
  type PatientDetail,
  type PatientDuplicate,
  type PatientFields,
  type PatientInput,
  patientFieldNames,
  patientAuditActions,
  patientAuditEntrySchema,
  patientChangeSchema,
  type ReferenceKind,
} from '@portal/contract';
import { and, asc, eq, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { patients } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit, auditTrail } from '../../lib/audit.js';
import { localToday } from '../../lib/dates.js';
import { activeReferenceName } from '../references/service.js';
import { type GuardedWrite, WriteThrough } from '../../simrs/write.js';
import { getPatientDetail, insertNewPatient, onRecord, toDetail } from './service.js';

// The counter's patients: registered and changed by registration clerks and the medical records desk, each
// change in the audit log with its old and new values; duplicates are looked for before anything is saved.

type PatientRow = typeof patients.$inferSelect;

/** The fields chosen by code from a reference list, each stored with the code's name as the legacy text. */
export const codedFields = [
  { kind: 'patient_group', code: 'patientGroupCode', text: 'patientGroup' },
  { kind: 'unit', code: 'unitCode', text: 'unit' },
  { kind: 'rank', code: 'rankCode', text: 'rank' },
  { kind: 'company', code: 'companyCode', text: 'company' },
] as const satisfies readonly { kind: ReferenceKind; code: keyof PatientRow; text: keyof PatientRow }[];
type CodedField = (typeof codedFields)[number]['code'];

/** The record's fields the form writes as typed (after trimming; empty is none). */
const plainFields = patientFieldNames.filter(
  (name): name is Exclude<keyof PatientFields, CodedField> => !codedFields.some(({ code }) => code === name),
);

/**
 * The address's region names the form writes, each with the BPJS region code it may carry (Mobile JKN sends
 * them): a name kept keeps its code, a name typed anew has none (the counter knows no code for it).
 */
export const regionFields = [
  { code: 'provinceCode', text: 'provinceName' },
  { code: 'regencyCode', text: 'regencyName' },
  { code: 'districtCode', text: 'districtName' },
  { code: 'villageCode', text: 'villageName' },
] as const satisfies readonly { code: keyof PatientRow; text: keyof PatientFields }[];

/** Every field whose change is recorded, in the order of the form. */
export const recordFields = [
  ...plainFields,
  ...codedFields.flatMap(({ code, text }) => [code, text] as const),
  ...regionFields.map(({ code }) => code),
] as const;
type RecordField = (typeof recordFields)[number];
export type RecordValues = Pick<PatientRow, RecordField>;

/**
 * Fields added to the form after its first API: a change that leaves one out (a client written before it)
 * keeps what the record holds, where for the others out means empty.
 */
const keptWhenLeftOut = new Set<keyof PatientFields>([
  'motherName',
  'occupation',
  'provinceName',
  'regencyName',
  'districtName',
  'villageName',
  'rw',
  'rt',
]);

const blank = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Phones are kept compact in the national form (08…, 0411…), as the search looks for them. */
const storedPhone = (value: string | null | undefined) => {
  const phone = blank(value);
  return phone === null ? null : compactNumber(phone.replace(/[()]/g, '')).replace(/^\+62/, '0');
};

/**
 * The values to store for the form's fields. A code chosen anew must be in use in its list and brings its
 * name; a code left as it was keeps the text beside it (imported records may carry codes no list has).
 */
async function recordValues(
  tx: Transaction,
  fields: PatientFields,
  before: RecordValues | undefined,
): Promise<RecordValues> {
  const values = {
    name: fields.name,
    sex: fields.sex,
    birthDate: fields.birthDate,
    ...Object.fromEntries(
      plainFields
        .filter((field) => field !== 'name' && field !== 'sex' && field !== 'birthDate')
        .map((field) => [
          field,
          before && fields[field] === undefined && keptWhenLeftOut.has(field)
            ? before[field]
            : blank(fields[field]),
        ]),
    ),
    phone: storedPhone(fields.phone),
    familyContactPhone: storedPhone(fields.familyContactPhone),
  } as RecordValues;
  for (const { code, text } of regionFields) {
    values[code] = before && before[text] === values[text] ? before[code] : null;
  }
  const unknown: Record<string, string> = {};
  for (const { kind, code, text } of codedFields) {
    const chosen = blank(fields[code])?.toUpperCase() ?? null;
    values[code] = chosen;
    if (before && chosen === before[code]) {
      values[text] = before[text];
    } else if (chosen === null) {
      values[text] = null;
    } else {
      const name = await activeReferenceName(tx, kind, chosen);
      if (name === undefined) unknown[code] = `Kode ${chosen} tidak ada di daftar.`;
      values[text] = name ?? null;
    }
  }
  if (Object.keys(unknown).length > 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Kode yang dipilih tidak ada di daftar.', {
      fields: unknown,
    });
  }
  return values;
}

/** The fields that differ, with their old and new values (all old values null for a new record). */
export function changesBetween(before: Partial<RecordValues>, after: RecordValues): PatientChange[] {
  return recordFields.flatMap((field) => {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    return from === to ? [] : [{ field, from, to }];
  });
}

/** Names compare in capitals with single spaces, as clerks type them in any case and spacing. */
const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
const nameKey = sql`upper(regexp_replace(btrim(${patients.name}), ${'[[:space:]]+'}, ' ', 'g'))`;

const duplicateColumns = {
  id: patients.id,
  mrn: patients.mrn,
  name: patients.name,
  sex: patients.sex,
  birthDate: patients.birthDate,
  nik: patients.nik,
  address: patients.address,
};

const DUPLICATES_SHOWN = 10;

/** Live patients matching `where`, other than the record `exceptId` itself. */
function otherPatients(db: Database | Transaction, where: SQL, exceptId: number | undefined) {
  return db
    .select(duplicateColumns)
    .from(patients)
    .where(and(where, onRecord, exceptId === undefined ? undefined : ne(patients.id, exceptId)))
    .orderBy(asc(patients.mrn))
    .limit(DUPLICATES_SHOWN);
}

/** Who already has this NIK (a 16-digit one), or this name and birth date. */
async function findDuplicates(
  db: Database | Transaction,
  person: { nik?: string | null; name?: string; birthDate?: string | null },
  exceptId?: number,
): Promise<PatientDuplicate[]> {
  const nik = person.nik?.trim();
  const byNik = nik && /^\d{16}$/.test(nik) ? await otherPatients(db, eq(patients.nik, nik), exceptId) : [];
  const name = person.name ? normalName(person.name) : '';
  // The same birth date and one name the other with words more or fewer ("BUDI SANTOSO" and
  // "BUDI SANTOSO UJI", "SITI AMINAH" and "HJ SITI AMINAH"): whole words, compared without patterns.
  const words = ` ${name} `;
  const spaced = sql`' ' || ${nameKey} || ' '`;
  const byName =
    name !== '' && person.birthDate
      ? await otherPatients(
          db,
          and(
            eq(patients.birthDate, person.birthDate),
            or(sql`strpos(${spaced}, ${words}) > 0`, sql`strpos(${words}, ${spaced}) > 0`),
          ) as SQL,
          exceptId,
        )
      : [];
  return [
    ...byNik.map((row) => ({ ...row, match: 'nik' as const })),
    ...byName
      .filter((row) => !byNik.some((other) => other.id === row.id))
      .map((row) => ({ ...row, match: 'nameBirthDate' as const })),
  ];
}

/** The form's findings so far: what is wrong with the NIK, and who may already be this patient. */
export async function checkPatient(db: Database, request: PatientCheckRequest): Promise<PatientCheck> {
  const nik = request.nik?.trim() ?? '';
  return {
    nik: nik === '' ? [] : nikFindings(nik, { birthDate: request.birthDate, sex: request.sex }),
    duplicates: await findDuplicates(db, request, request.patientId),
  };
}

/**
 * The 409 of a NIK already on another record: its record number, which the clerk opens (a read the audit
 * records), not the other patient's name.
 */
async function nikTaken(db: Database | Transaction, nik: string): Promise<AppError> {
  const [holder] = await db
    .select({ mrn: patients.mrn, deletedAt: patients.deletedAt })
    .from(patients)
    .where(and(eq(patients.nik, nik), not(patients.provisional)));
  return holder && holder.deletedAt === null
    ? conflict('PATIENT_NIK_TAKEN', `NIK ${nik} sudah terdaftar pada pasien lain (No. RM ${holder.mrn}).`)
    : conflict('PATIENT_NIK_TAKEN', `NIK ${nik} sudah tercatat pada data pasien lain yang telah dihapus.`);
}

/**
 * Refuses a record whose NIK another patient has, and one with another patient's name and birth date
 * unless the user confirmed that it is someone else. `checkName` is false when neither changed.
 */
async function refuseDuplicates(
  tx: Transaction,
  values: RecordValues,
  { confirmed, checkName, exceptId }: { confirmed: boolean; checkName: boolean; exceptId?: number },
) {
  const found = await findDuplicates(
    tx,
    {
      nik: values.nik,
      ...(checkName && !confirmed ? { name: values.name, birthDate: values.birthDate } : {}),
    },
    exceptId,
  );
  if (values.nik && found.some((row) => row.match === 'nik')) throw await nikTaken(tx, values.nik);
  if (found.length > 0) {
    const mrns = found.map((row) => row.mrn).join(', ');
    throw conflict(
      'POSSIBLE_DUPLICATE',
      `Sudah ada pasien dengan nama yang sama atau mirip dan tanggal lahir yang sama (No. RM ${mrns}). Periksa dulu apakah ` +
        'orang yang sama; bila bukan, simpan lagi dengan konfirmasi.',
    );
  }
}

/** A write that may break the NIK's uniqueness (another desk saved it a moment ago): a 409 that says so. */
async function nikSafe<T>(db: Database, nik: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (nik && isUniqueViolation(err, 'patients_nik_unique')) throw await nikTaken(db, nik);
    throw err;
  }
}

/**
 * Registers a new patient at the counter with the next medical record number (linked to a SIMRS: the
 * SIMRS's, the patient written there in the same action; see `insertNewPatient`).
 */
export async function createPatient(
  db: Database,
  actor: Actor,
  input: PatientInput,
  through = new WriteThrough(),
): Promise<PatientDetail> {
  const { confirmDuplicate = false, ...fields } = input;
  return through.run(() =>
    nikSafe(db, fields.nik, () =>
      db.transaction(async (tx) => {
        const values = await recordValues(tx, fields, undefined);
        await refuseDuplicates(tx, values, { confirmed: confirmDuplicate, checkName: true });
        const created = await insertNewPatient(tx, { ...values, registeredOn: localToday() }, through);
        if (!created) throw await nikTaken(tx, values.nik ?? '');
        const [row] = await tx.select().from(patients).where(eq(patients.id, created.id));
        if (!row) throw new Error('the new patient was not read back');
        await audit(
          tx,
          actor,
          'patient.create',
          { type: 'patient', id: row.id },
          {
            changes: changesBetween({}, row),
          },
        );
        return toDetail(row);
      }),
    ),
  );
}

/**
 * Changes a patient's record; every changed field is audited with its old and new value. Linked to a
 * SIMRS, the changed fields are written there first, only if the SIMRS still holds what the portal's
 * copy holds (`WriteThrough.correctPatient`); if the portal's write then fails, the SIMRS's is taken back.
 */
export async function updatePatient(
  db: Database,
  actor: Actor,
  id: number,
  input: PatientInput,
  through = new WriteThrough(),
): Promise<PatientDetail> {
  const { confirmDuplicate = false, ...fields } = input;
  const outcome = await through.run(() =>
    nikSafe(db, fields.nik, () =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(patients)
          .where(and(eq(patients.id, id), isNull(patients.deletedAt)))
          .for('update');
        if (!before) throw notFound('Pasien tidak ditemukan.');
        const values = await recordValues(tx, fields, before);
        const changes = changesBetween(before, values);
        // Saving an imported record settles what the import left for the desk to complete.
        if (changes.length === 0 && before.importIssues === null) return toDetail(before);
        const renamed = changes.some((change) => change.field === 'name' || change.field === 'birthDate');
        await refuseDuplicates(tx, values, { confirmed: confirmDuplicate, checkName: renamed, exceptId: id });
        if (through.linked) {
          const simrs = await through.correctPatient(before.mrn, before, values);
          if ('refused' in simrs) return simrs;
          if (Object.keys(simrs.written.values).length > 0)
            await audit(tx, actor, 'simrs.write', { type: 'patient', id }, { ...simrs.written });
        }
        const [row] = await tx
          .update(patients)
          .set({ ...values, importIssues: null, updatedAt: new Date() })
          .where(eq(patients.id, id))
          .returning();
        if (!row) throw new Error('the patient was not written back');
        if (changes.length > 0)
          await audit(tx, actor, 'patient.update', { type: 'patient', id }, { changes });
        return toDetail(row);
      }),
    ),
  );
  if ('refused' in outcome) throw await simrsChangedFirst(db, actor, id, outcome, through);
  return outcome;
}

/**
 * The SIMRS changed the record before the clerk's correction reached it: the SIMRS wins. Its record is
 * taken into the portal's copy, the conflict audited, and the clerk sees the record as it is now.
 */
async function simrsChangedFirst(
  db: Database,
  actor: Actor,
  id: number,
  outcome: Extract<GuardedWrite, { refused: unknown }>,
  through: WriteThrough,
): Promise<AppError> {
  const { refused } = outcome;
  if (!(await through.simrsWins(db, actor, { type: 'patient', id }, outcome)))
    return conflict(
      'SIMRS_CONFLICT',
      `Pasien No. RM ${refused.key} tidak ada lagi di SIMRS: perubahan tidak disimpan. Tanyakan ke bagian ` +
        'rekam medis SIMRS.',
    );
  return new AppError(
    409,
    'SIMRS_CONFLICT',
    'Data pasien ini baru saja diubah di SIMRS, jadi perubahan Anda tidak disimpan. Data terbaru dari SIMRS ' +
      'sudah dimuat: periksa, lalu ubah lagi bila masih perlu.',
    { current: await getPatientDetail(db, id) },
  );
}

/** What the audit log keeps for a patient (see the `audit` calls here and in merge.ts). */
const auditDetailsSchema = z.object({
  changes: z.array(patientChangeSchema).optional(),
  merge: patientAuditEntrySchema.shape.merge.unwrap().optional(),
});
// A type, not an interface: audit() takes a plain record.
export type PatientAuditDetails = {
  changes: PatientChange[];
  merge?: NonNullable<PatientAuditEntry['merge']>;
};

const isPatientAction = (action: string): action is PatientAuditEntry['action'] =>
  (patientAuditActions as readonly string[]).includes(action);

/** A patient's change history, newest first: who changed what, when, from which value to which. */
export async function patientAudit(db: Database, id: number): Promise<PatientAuditEntry[]> {
  const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, id));
  if (!patient) throw notFound('Pasien tidak ditemukan.');
  const rows = await auditTrail(db, 'patient', id);
  return rows.flatMap((row) => {
    if (!isPatientAction(row.action)) return [];
    const details = auditDetailsSchema.safeParse(row.details);
    return [
      {
        id: row.id,
        at: row.at.toISOString(),
        action: row.action,
        staff: row.staff,
        changes: details.success ? (details.data.changes ?? []) : [],
        merge: details.success ? (details.data.merge ?? null) : null,
      },
    ];
  });
}
