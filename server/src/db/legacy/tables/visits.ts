import { mrnSchema, visitParamsSchema } from '@portal/contract';
import { isNotNull } from 'drizzle-orm';
import { clinics, doctors, outpatientVisits } from '../../schema/index.js';
import { formMax, type LegacyRow } from '../row.js';
import { legacyTable, patientsByMrn, upsert } from '../table.js';

/** A visit as read: the patient still by medical record number, found per batch when written. */
type VisitRow = Omit<typeof outpatientVisits.$inferInsert, 'id' | 'createdAt' | 'patientId'> & {
  mrn: string;
};

/** A registration number or medical record number longer than the portal takes names no record of it. */
const registrationNoLimit = { max: formMax(visitParamsSchema.shape.registrationNo) };
const mrnLimit = { max: formMax(mrnSchema) };

// The legacy record has room for three procedures, but only the first and the last carry a text.
const procedureColumns = [
  ['icopkd2', 'icopkt2'],
  ['icopkd3', null],
  ['icopkd4', 'icopkt4'],
] as const;

function procedures(row: LegacyRow) {
  return procedureColumns.flatMap(([codeColumn, nameColumn]) => {
    const code = row.code(codeColumn);
    const name = nameColumn === null ? null : row.text(nameColumn);
    return code === null && name === null ? [] : [{ code, name }];
  });
}

/** `bil_rj_xbjalan`: an outpatient visit under its registration number (`noreg`). */
export const visitsTable = legacyTable({
  file: 'bil_rj_xbjalan.csv',
  columns: ['noreg', 'norekmed', 'tglmasuk', 'polikd'],
  keyColumn: 'noreg',
  async prepare(tx) {
    // Deleted ones too: a past visit may name a clinic or a doctor that is gone now.
    const clinicRows = await tx.select({ id: clinics.id, code: clinics.code }).from(clinics);
    const doctorRows = await tx
      .select({ id: doctors.id, code: doctors.code })
      .from(doctors)
      .where(isNotNull(doctors.code));
    return {
      clinicIds: new Map(clinicRows.map(({ id, code }) => [code, id])),
      doctorIds: new Map(doctorRows.map(({ id, code }) => [code, id])),
    };
  },
  read(row, { clinicIds, doctorIds }): VisitRow {
    const registrationNo = row.requiredCode('noreg', 'nomor registrasi (noreg)', registrationNoLimit);
    const mrn = row.requiredCode('norekmed', 'nomor rekam medis (norekmed)', mrnLimit);
    const clinicCode = row.requiredCode('polikd', 'kode poli (polikd)');
    const clinicId = clinicIds.get(clinicCode) ?? row.reject('polikd', `poli ${clinicCode} tidak ada`);
    // The doctor is optional in the legacy record; one missing from the doctor master loses only
    // the link, not the visit.
    const doctorCode = row.code('kddokter');
    // A payment state, not a code: upper-cased to compare, without counting it as a fix.
    const paymentStatus = row.text('lunas')?.toUpperCase() ?? null;
    return {
      registrationNo,
      mrn,
      clinicId,
      doctorId: doctorCode === null ? null : (doctorIds.get(doctorCode) ?? null),
      visitDate: row.requiredDate('tglmasuk', 'tanggal masuk'),
      dischargeDate: row.date('tglkeluar'),
      reportDate: row.date('tgllapor'),
      visitTime: row.time('jam'),
      diagnoses: ['icdkt1', 'icdkt2', 'icdkt3'].flatMap((column) => row.text(column) ?? []),
      procedures: procedures(row),
      paymentStatus,
      cancelled: paymentStatus === 'BATAL',
      locked: row.flag('kunci'),
      clerkCode: row.text('userkd'),
      clerkName: row.text('userkt'),
      printedBy: row.text('cetakby'),
      letterNo: row.text('surat'),
      vaccination: row.integer('vaksin') ?? 0,
      notes: row.text('ket', { lines: true }),
      legacyRecNo: row.integer('sr_recno'),
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (visit) => visit.registrationNo,
  async write(tx, batch, _context, outcome) {
    const patientIds = await patientsByMrn(
      tx,
      batch.map(({ row }) => row.mrn),
      outcome,
    );
    const rows = batch.flatMap(({ line, row: { mrn, ...visit } }) => {
      const patientId = patientIds.get(mrn);
      if (patientId !== undefined) return [{ line, row: { ...visit, patientId } }];
      patientIds.reject(outcome, line, 'norekmed', mrn);
      return [];
    });
    return upsert(tx, outpatientVisits, rows, [outpatientVisits.registrationNo], outcome);
  },
});
