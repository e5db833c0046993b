import { inArray, sql } from 'drizzle-orm';
import { syncMrnSequence } from '../../../modules/patients/service.js';
import { patients } from '../../schema/index.js';
import { KeyLines } from '../key-lines.js';
import type { LegacyRow } from '../row.js';
import { legacyTable, upsert } from '../table.js';

type PatientRow = Omit<typeof patients.$inferInsert, 'id' | 'createdAt'>;

const male = new Set(['L', 'LK', 'LAKI', 'LAKI-LAKI', 'LAKI LAKI', 'PRIA', 'M']);
const female = new Set(['P', 'PR', 'PEREMPUAN', 'WANITA', 'W', 'F']);

function sex(row: LegacyRow): 'L' | 'P' {
  const value = row.code('kelamin');
  if (value !== null && male.has(value)) return 'L';
  if (value !== null && female.has(value)) return 'P';
  return row.reject('kelamin', `jenis kelamin tidak dikenali: "${value ?? ''}"`);
}

/** A 16-digit NIK, or null (an empty one, or one of another length, which is counted as cleared). */
function nik(row: LegacyRow): string | null {
  const value = row.text('ktp') ?? row.text('nik');
  if (value === null) return null;
  const compact = value.replace(/[\s.-]/g, '');
  if (compact !== value) row.fix('nikCompacted');
  if (/^\d{16}$/.test(compact)) return compact;
  row.fix('nikCleared');
  return null;
}

/** `master_pasien`: the patient under the medical record number printed on their card (`kode`). */
export const patientsTable = legacyTable({
  file: 'master_pasien.csv',
  columns: ['kode', 'nama', 'kelamin', 'tglahir'],
  keyColumn: 'kode',
  batchSize: 1000,
  async prepare(tx) {
    // Five trigram indexes take every row: a larger pending list lets GIN merge them in bulk.
    await tx.execute(sql`set local gin_pending_list_limit = '64MB'`);
    await tx.execute(sql`set local work_mem = '256MB'`);
    // The NIKs taken so far: a second record with one loses the NIK, not the row.
    return { niks: new KeyLines() };
  },
  read(row, { niks }): PatientRow {
    const mrn = row.requiredCode('kode', 'nomor rekam medis (kode)');
    let ownNik = nik(row);
    if (ownNik !== null && niks.firstLine(ownNik, row.line) !== undefined) {
      row.fix('duplicateNik');
      ownNik = null;
    }
    return {
      mrn,
      nik: ownNik,
      name: row.required('nama', 'nama pasien'),
      sex: sex(row),
      birthDate: row.requiredDate('tglahir', 'tanggal lahir'),
      birthPlace: row.text('tmplahir'),
      address: row.text('alamat1'),
      addressDomicile: row.text('alamat2'),
      address3: row.text('alamat3'),
      address4: row.text('alamat4'),
      phone: row.text('telp'),
      nip: row.text('nip'),
      insuranceNo: row.text('noaskes'),
      patientGroupCode: row.code('golpaskd'),
      patientGroup: row.text('golpaskt'),
      unitCode: row.code('satuankd'),
      unit: row.text('satuankt'),
      rankCode: row.code('pangkd'),
      rank: row.text('pangkt'),
      companyCode: row.code('perushkd'),
      company: row.text('perushkt'),
      insuredName: row.text('an_asura'),
      religion: row.text('agama'),
      maritalStatus: row.text('kawin'),
      familyRelation: row.text('hubkel'),
      husbandName: row.text('suami'),
      wifeName: row.text('istri'),
      ethnicity: row.text('suku'),
      education: row.text('didik'),
      familyContactName: row.text('keluarga'),
      familyContactPhone: row.text('telpkel'),
      notes: row.text('ket'),
      registeredOn: row.date('tgl'),
      legacyLama: row.text('lama'),
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (patient) => patient.mrn,
  async write(tx, batch, _context, outcome) {
    // A NIK held by a patient outside this file (registered in the portal) stays theirs.
    const niks = batch.flatMap(({ row }) => (row.nik ? [row.nik] : []));
    const owners =
      niks.length === 0
        ? []
        : await tx
            .select({ nik: patients.nik, mrn: patients.mrn })
            .from(patients)
            .where(inArray(patients.nik, niks));
    const ownerOf = new Map(owners.map((owner) => [owner.nik, owner.mrn]));
    const rows = batch.map(({ row }) => {
      const owner = row.nik ? ownerOf.get(row.nik) : undefined;
      if (owner === undefined || owner === row.mrn) return row;
      outcome.fix('duplicateNik');
      return { ...row, nik: null };
    });
    return upsert(tx, patients, rows, [patients.mrn]);
  },
  async finish(tx, _context, apply) {
    // The next patient registered in the portal continues after the highest imported number
    // (`setval` is not undone by a rollback, so a dry run leaves the sequence alone).
    // Fresh statistics, so that the visits' lookups and the desks' searches plan for a million rows.
    if (apply) {
      await syncMrnSequence(tx);
      await tx.execute(sql`analyze ${patients}`);
    }
  },
});
