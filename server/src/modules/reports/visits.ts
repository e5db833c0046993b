import type {
  OutpatientReport,
  OutpatientReportFilter,
  OutpatientReportQuery,
  OutpatientReportRow,
} from '@portal/contract';
import { and, asc, count, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import { clinics, doctors, outpatientVisits, patients, referenceCodes } from '../../db/schema/index.js';
import { csvExport, everyDay, offsetOf, totalOf } from './common.js';

// Outpatient visits of the whole hospital (legacy `bil_rj_xbjalan`) by visit date.
//
// Who pays a visit: the legacy visit row has no payer, and the hospital reports its visits by the patient's
// group (`golpaskd` / `golpaskt`: BPJS, UMUM, TNI AD, Keluarga TNI AD, …), so the lists show and filter that,
// labelled "Golongan Pasien / Penjamin". Each visit keeps the group of the day it was recorded (migration
// 0012); visits imported from the legacy carry their patient's group at the time of the import.

const v = outpatientVisits;
const group = alias(referenceCodes, 'visit_group');

/** The visits of a filter: deleted ones never; cancelled (BATAL) ones unless the filter leaves them out. */
function conditions(filter: OutpatientReportFilter): SQL[] {
  const where = [isNull(v.deletedAt), gte(v.visitDate, filter.from), lte(v.visitDate, filter.to)];
  if (filter.clinicId !== undefined) where.push(eq(v.clinicId, filter.clinicId));
  if (filter.cancelled !== undefined) where.push(eq(v.cancelled, filter.cancelled === 'true'));
  if (filter.patientGroup !== undefined) where.push(eq(v.patientGroupCode, filter.patientGroup));
  return where;
}

/** Rows in the list's order, oldest first; on one day, in the order they were recorded. */
function visitRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: v.id,
      date: v.visitDate,
      registrationNo: v.registrationNo,
      patient: { id: patients.id, mrn: patients.mrn, name: patients.name },
      patientGroup: { code: v.patientGroupCode, name: group.name },
      clinic: { id: clinics.id, code: clinics.code, name: clinics.name },
      doctorId: doctors.id,
      doctorName: doctors.name,
      diagnoses: v.diagnoses,
      cancelled: v.cancelled,
    })
    .from(v)
    .innerJoin(patients, eq(patients.id, v.patientId))
    .innerJoin(clinics, eq(clinics.id, v.clinicId))
    .leftJoin(doctors, eq(doctors.id, v.doctorId))
    .leftJoin(group, and(eq(group.kind, 'patient_group'), eq(group.code, v.patientGroupCode)))
    .where(where)
    .orderBy(asc(v.visitDate), asc(v.id))
    .$dynamic();
}

type VisitRow = RowOf<typeof visitRows>;

const toRow = ({ doctorId, doctorName, ...row }: VisitRow): OutpatientReportRow => ({
  ...row,
  doctor: doctorId !== null && doctorName !== null ? { id: doctorId, name: doctorName } : null,
});

/** Visits per day, from the visits alone. */
function visitCounts(db: Database, filter: OutpatientReportFilter) {
  return db
    .select({ date: v.visitDate, count: count() })
    .from(v)
    .where(and(...conditions(filter)))
    .groupBy(v.visitDate);
}

/**
 * The two queries of a page of the list: its rows, and the counts per day that give the total. Over the
 * indexes on (visit_date), (clinic_id, visit_date) and (patient_group_code, visit_date); `npm run bench`
 * explains them at a million visits.
 */
export function outpatientQueries(db: Database, query: OutpatientReportQuery) {
  return {
    page: visitRows(db, and(...conditions(query)))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    perDay: visitCounts(db, query),
  };
}

/** A page of the hospital's outpatient visits of a date range, with the count of each day. */
export async function outpatientReport(
  db: Database,
  query: OutpatientReportQuery,
): Promise<OutpatientReport> {
  const { page, perDay } = outpatientQueries(db, query);
  const [rows, counts] = await Promise.all([page, perDay]);
  const days = everyDay(query.from, query.to, counts);
  return { items: rows.map(toRow), total: totalOf(days), perDay: days };
}

const header = [
  'Tanggal',
  'No. Registrasi',
  'No. RM',
  'Nama Pasien',
  'Golongan Pasien / Penjamin',
  'Poli',
  'Dokter',
  'Diagnosa',
  'Status',
];

/** Every visit of the filter as CSV, in the list's order. */
export function outpatientCsv(db: Database, filter: OutpatientReportFilter) {
  return csvExport(
    header,
    filter,
    (date) => visitRows(db, and(...conditions({ ...filter, from: date, to: date }))),
    (row) => [
      row.date,
      row.registrationNo,
      row.patient.mrn,
      row.patient.name,
      row.patientGroup.name ?? row.patientGroup.code,
      row.clinic.name,
      row.doctorName,
      row.diagnoses.join('; '),
      row.cancelled ? 'BATAL' : '',
    ],
  );
}
