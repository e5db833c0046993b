import { mrnSchema, patientInputSchema } from '@portal/contract';
import { and, inArray, not, sql } from 'drizzle-orm';
import { syncMrnSequence } from '../../../modules/patients/service.js';
import type { Transaction } from '../../client.js';
import { rowsOf } from '../../rows.js';
import { patients } from '../../schema/index.js';
import { KeyLines } from '../key-lines.js';
import { type FixKind, formMax, type ImportIssue, type LegacyRow } from '../row.js';
import { holdsEmpty, legacyTable, type Outcome, type Read, strippedMrns, upsert } from '../table.js';

type PatientRow = Omit<typeof patients.$inferInsert, 'id' | 'createdAt'>;

const form = patientInputSchema.shape;
/** Longer than the patient form takes, the number, the name, an identifier or a code rejects the row… */
const strict = (field: object) => ({ max: formMax(field) });
/** …and descriptive text is cut to it. */
const free = (field: object) => ({ max: formMax(field), cut: true });
const limits = {
  mrn: strict(mrnSchema),
  name: strict(form.name),
  birthPlace: free(form.birthPlace),
  address: free(form.address),
  addressDomicile: free(form.addressDomicile),
  address3: free(form.address3),
  address4: free(form.address4),
  phone: strict(form.phone),
  nip: strict(form.nip),
  insuranceNo: strict(form.insuranceNo),
  code: strict(form.patientGroupCode),
  insuredName: free(form.insuredName),
  religion: free(form.religion),
  maritalStatus: free(form.maritalStatus),
  familyRelation: free(form.familyRelation),
  husbandName: free(form.husbandName),
  wifeName: free(form.wifeName),
  ethnicity: free(form.ethnicity),
  education: free(form.education),
  familyContactName: free(form.familyContactName),
  familyContactPhone: strict(form.familyContactPhone),
  notes: { ...free(form.notes), lines: true },
};

const male = new Set(['L', 'LK', 'LAKI', 'LAKI-LAKI', 'LAKI LAKI', 'PRIA', 'M']);
const female = new Set(['P', 'PR', 'PEREMPUAN', 'WANITA', 'W', 'F']);

function sex(row: LegacyRow): 'L' | 'P' {
  const value = row.code('kelamin');
  if (value !== null && male.has(value)) return 'L';
  if (value !== null && female.has(value)) return 'P';
  return row.reject('kelamin', `jenis kelamin tidak dikenali: "${value ?? ''}"`);
}

/** A number as Excel writes a long one (`7.37110E+15`): its digits past the first few are lost. */
const excelNumber = /^\d([.,]\d+)?E\+\d+$/i;

/**
 * A 16-digit NIK, or null: an empty one, or one that cannot be used (another length, Excel's
 * `7.37110E+15`), which is counted and added to `issues` with the value as written.
 */
function nik(row: LegacyRow, issues: ImportIssue[]): string | null {
  const column = row.raw('ktp').trim() !== '' ? 'ktp' : 'nik';
  const value = row.text(column);
  if (value === null) return null;
  const unusable = (kind: FixKind, reason: string) => {
    issues.push({ column, reason, value: value.slice(0, 80) });
    row.fix(kind);
    return null;
  };
  if (excelNumber.test(value))
    return unusable('nikExcel', 'NIK rusak oleh Excel (angka berpangkat E+), tidak bisa dipulihkan');
  const compact = value.replace(/[\s.-]/g, '');
  if (compact !== value) row.fix('nikCompacted');
  if (/^\d{16}$/.test(compact)) return compact;
  return unusable('nikCleared', 'NIK bukan 16 angka');
}

/**
 * A NIP or an insurance (BPJS card) number, or null: an empty one, or one Excel wrote as `1.23457E+12`, whose
 * last digits are lost (a card checked with it at BPJS would be someone else's or nobody's): counted and added
 * to `issues` with the value as written.
 */
function idNumber(row: LegacyRow, column: 'nip' | 'noaskes', issues: ImportIssue[]): string | null {
  const label = column === 'nip' ? 'NIP' : 'nomor asuransi';
  const value = row.text(column, column === 'nip' ? limits.nip : limits.insuranceNo);
  if (value === null || !excelNumber.test(value)) return value;
  issues.push({
    column,
    reason: `${label} rusak oleh Excel (angka berpangkat E+), tidak bisa dipulihkan`,
    value,
  });
  row.fix('numberExcel');
  return null;
}

/**
 * The fields a row may come without (flagged: `nik`, `idNumber`, `orFlag`), by the legacy columns of their
 * issues, with what is counted when the patient's stored value is kept instead.
 */
type Stored = Partial<Record<'nik' | 'birthDate' | 'nip' | 'insuranceNo', string>>;
const flaggable: readonly { field: keyof Stored; columns: readonly string[]; kept: FixKind }[] = [
  { field: 'nik', columns: ['ktp', 'nik'], kept: 'nikKept' },
  { field: 'birthDate', columns: ['tglahir'], kept: 'birthDateKept' },
  { field: 'nip', columns: ['nip'], kept: 'numberKept' },
  { field: 'insuranceNo', columns: ['noaskes'], kept: 'numberKept' },
];

/** `master_pasien`'s columns of a portal patient's fields (the text fields `read` takes one to one). */
const legacyColumns = {
  nik: 'ktp',
  name: 'nama',
  sex: 'kelamin',
  birthDate: 'tglahir',
  birthPlace: 'tmplahir',
  address: 'alamat1',
  addressDomicile: 'alamat2',
  address3: 'alamat3',
  address4: 'alamat4',
  phone: 'telp',
  nip: 'nip',
  insuranceNo: 'noaskes',
  patientGroupCode: 'golpaskd',
  patientGroup: 'golpaskt',
  unitCode: 'satuankd',
  unit: 'satuankt',
  rankCode: 'pangkd',
  rank: 'pangkt',
  companyCode: 'perushkd',
  company: 'perushkt',
  insuredName: 'an_asura',
  religion: 'agama',
  maritalStatus: 'kawin',
  familyRelation: 'hubkel',
  husbandName: 'suami',
  wifeName: 'istri',
  ethnicity: 'suku',
  education: 'didik',
  familyContactName: 'keluarga',
  familyContactPhone: 'telpkel',
  notes: 'ket',
  registeredOn: 'tgl',
} as const satisfies Partial<Record<keyof PatientRow, string>>;

/**
 * A portal patient as a `master_pasien` row, the way back of `read` (the SIMRS link writes new and
 * corrected patients through): each field the record has under its legacy column, null for an empty one.
 */
export function patientToLegacy(
  patient: Partial<Record<keyof typeof legacyColumns, string | null>>,
): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(legacyColumns)
      .filter(([field]) => field in patient)
      .map(([field, column]) => [column, patient[field as keyof typeof legacyColumns] || null]),
  );
}

/**
 * The stored values of the `flaggable` fields of the batch's patients, by medical record number, looked up
 * number by number through the unique index as `patientsByMrn` does.
 */
async function storedValues(tx: Transaction, batch: Read<PatientRow>[]): Promise<Map<string, Stored>> {
  type Found = { mrn: string } & Record<keyof Stored, string | null>;
  const found = await rowsOf<Found>(
    tx.execute(sql`
      select wanted.mrn, patient.nik, patient.birth_date::text as "birthDate", patient.nip,
        patient.insurance_no as "insuranceNo"
      from unnest(${sql.param(batch.map(({ row }) => row.mrn))}::text[]) as wanted(mrn)
      cross join lateral (
        select nik, birth_date, nip, insurance_no from ${patients} where mrn = wanted.mrn offset 0
      ) as patient`),
  );
  return new Map(
    found.map(({ mrn, ...values }) => [
      mrn,
      Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as Stored,
    ]),
  );
}

/**
 * The row with the patient's stored value in place of each field the file has but the importer cannot
 * read (a NIK Excel wrote as 7.37110E+15, a birth date month first): a re-import never empties what the
 * portal holds for that. A field the legacy system emptied is emptied (and flagged) as it says.
 */
function keepStored(read: PatientRow, stored: Stored | undefined, outcome: Outcome): PatientRow {
  if (!stored || !read.importIssues) return read;
  let row = read;
  let issues = read.importIssues;
  for (const { field, columns, kept } of flaggable) {
    const unread = (issue: ImportIssue) => columns.includes(issue.column) && issue.value !== '';
    const value = stored[field];
    if (value === undefined || !issues.some(unread)) continue;
    row = { ...row, [field]: value };
    issues = issues.filter((issue) => !unread(issue));
    outcome.fix(kept);
  }
  return row === read ? read : { ...row, importIssues: issues.length > 0 ? issues : null };
}

/** Patients written at once after which their statistics are taken again. */
const FRESH_STATISTICS_AFTER = 1000;

/** `master_pasien`: the patient under the medical record number printed on their card (`kode`). */
export const patientsTable = legacyTable({
  file: 'master_pasien.csv',
  columns: ['kode', 'nama', 'kelamin', 'tglahir'],
  keyColumn: 'kode',
  numbering: 'kode',
  async prepare(tx) {
    // Five trigram indexes take every row: a larger pending list lets GIN merge them in bulk.
    await tx.execute(sql`set local gin_pending_list_limit = '64MB'`);
    await tx.execute(sql`set local work_mem = '256MB'`);
    // The NIKs taken so far: a second record with one loses the NIK, not the row.
    return { niks: new KeyLines() };
  },
  read(row, { niks }): PatientRow {
    const mrn = row.requiredCode('kode', 'nomor rekam medis (kode)', limits.mrn);
    // An unusable NIK or an unreadable birth date leaves the patient for the records desk to complete,
    // not out with their visits.
    const importIssues: ImportIssue[] = [];
    let ownNik = nik(row, importIssues);
    if (ownNik !== null && niks.firstLine(ownNik, row.line) !== undefined) {
      row.fix('duplicateNik');
      ownNik = null;
    }
    const birthDate = row.orFlag('tglahir', 'tanggal lahir', importIssues, 'birthDateMissing', (column) =>
      row.date(column),
    );
    return {
      mrn,
      nik: ownNik,
      name: row.required('nama', 'nama pasien', limits.name),
      sex: sex(row),
      birthDate,
      birthPlace: row.text('tmplahir', limits.birthPlace),
      address: row.text('alamat1', limits.address),
      addressDomicile: row.text('alamat2', limits.addressDomicile),
      address3: row.text('alamat3', limits.address3),
      address4: row.text('alamat4', limits.address4),
      phone: row.phone('telp', limits.phone),
      nip: idNumber(row, 'nip', importIssues),
      insuranceNo: idNumber(row, 'noaskes', importIssues),
      patientGroupCode: row.code('golpaskd', limits.code),
      patientGroup: row.text('golpaskt'),
      unitCode: row.code('satuankd', limits.code),
      unit: row.text('satuankt'),
      rankCode: row.code('pangkd', limits.code),
      rank: row.text('pangkt'),
      companyCode: row.code('perushkd', limits.code),
      company: row.text('perushkt'),
      insuredName: row.text('an_asura', limits.insuredName),
      religion: row.text('agama', limits.religion),
      maritalStatus: row.text('kawin', limits.maritalStatus),
      familyRelation: row.text('hubkel', limits.familyRelation),
      husbandName: row.text('suami', limits.husbandName),
      wifeName: row.text('istri', limits.wifeName),
      ethnicity: row.text('suku', limits.ethnicity),
      education: row.text('didik', limits.education),
      familyContactName: row.text('keluarga', limits.familyContactName),
      familyContactPhone: row.phone('telpkel', limits.familyContactPhone),
      notes: row.text('ket', limits.notes),
      registeredOn: row.date('tgl'),
      legacyLama: row.text('lama'),
      // Always written, so that a re-import that reads the date clears what an earlier one flagged.
      importIssues: importIssues.length > 0 ? importIssues : null,
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (patient) => patient.mrn,
  async write(tx, batch, _context, outcome) {
    // A NIK held by a patient outside this file (registered in the portal) stays theirs; a table the
    // file found empty has no such patient, and the file's own NIKs are told apart as they are read.
    const outside = !(await holdsEmpty(tx, patients, outcome));
    const niks = outside ? batch.flatMap(({ row }) => (row.nik ? [row.nik] : [])) : [];
    const owners =
      niks.length === 0
        ? []
        : await tx
            .select({ nik: patients.nik, mrn: patients.mrn })
            .from(patients)
            .where(and(inArray(patients.nik, niks), not(patients.provisional)));
    const ownerOf = new Map(owners.map((owner) => [owner.nik, owner.mrn]));
    // A field the file has but cannot use never empties the one the patient has.
    const unusable = outside ? batch.filter(({ row }) => row.importIssues) : [];
    const stored = unusable.length === 0 ? new Map<string, Stored>() : await storedValues(tx, unusable);
    // `2` where `000002` was imported would come in as a second patient beside the real one.
    const stripped = outside
      ? await strippedMrns(
          tx,
          batch.map(({ row }) => row.mrn),
        )
      : new Map<string, string>();
    const kept = batch.filter(({ line, row }) => {
      const held = stripped.get(row.mrn);
      if (held === undefined) return true;
      outcome.reject(
        line,
        'kode',
        `nomor RM tanpa nol di depan (dibuka di Excel?): pasien ${held} sudah ada di portal; ekspor ulang berkas ini tanpa membukanya di Excel`,
        row.mrn,
      );
      return false;
    });
    const rows = kept.map(({ line, row: read }) => {
      const row = keepStored(read, stored.get(read.mrn), outcome);
      for (const issue of row.importIssues ?? []) outcome.flag(line, issue);
      const owner = row.nik ? ownerOf.get(row.nik) : undefined;
      if (owner === undefined || owner === row.mrn) return { line, row };
      outcome.fix('duplicateNik');
      return { line, row: { ...row, nik: null } };
    });
    return upsert(tx, patients, rows, [patients.mrn], outcome, patients.name);
  },
  async finish(tx, _context, { apply, written }) {
    // The next patient registered in the portal continues after the highest number of every export
    // (`setval` is not undone by a rollback, so a dry run leaves the sequence alone).
    if (!apply) return;
    await syncMrnSequence(tx);
    // Fresh statistics after a load, so that the visits' lookups and the desks' searches plan for a
    // million rows; not for the few patients of a SIMRS link's change round or write-through (a pass of
    // seconds over a million patients, which PostgreSQL's autovacuum does when enough have changed).
    if (written >= FRESH_STATISTICS_AFTER) await tx.execute(sql`analyze ${patients}`);
  },
});
