import type {
  InpatientReport,
  InpatientReportFilter,
  InpatientReportQuery,
  InpatientReportRow,
} from '@portal/contract';
import { and, asc, count, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import { admissions, patients, rooms } from '../../db/schema/index.js';
import { daysBetween, hospitalTimeZone, localDayStart, localToday } from '../../lib/dates.js';
import { csvExport, everyDay, localDateTime, offsetOf, totalOf } from './common.js';

// Inpatient stays of the whole hospital (legacy `bil_ri_xbinap`): the stays ADMITTED on the days of the range
// (the hospital's), by `tglmasuk` as the per-patient inpatient history filters them; a stay admitted before the range and
// still running is not listed. The patient's group stands for the payer, as for outpatient visits (visits.ts),
// but here it is the patient's group now: a stay does not keep its own (a hospital has a few thousand stays
// a month, not tens of thousands).

const a = admissions;

/**
 * The patient of a stay is in the group `code`, looked up by key stay by stay: what a count by patient group
 * costs then follows the stays of the range, not the size of the patient table (a join lets the planner scan
 * every patient of the group, 100,000 and more, for a month's few thousand stays).
 */
function patientInGroup(patientId: AnyPgColumn, code: string): SQL {
  return sql`(select ${patients.patientGroupCode} from ${patients} where ${patients.id} = ${patientId}) = ${code}`;
}

/** The stays of a filter, the patient group joined or looked up by stay (patientInGroup). */
function conditions(filter: InpatientReportFilter, group: 'joined' | 'lookup' = 'joined'): SQL[] {
  const where = [
    isNull(a.deletedAt),
    gte(a.admittedAt, localDayStart(filter.from)),
    lt(a.admittedAt, localDayStart(filter.to, 1)),
  ];
  if (filter.roomCode !== undefined) where.push(eq(rooms.code, filter.roomCode));
  if (filter.patientGroup !== undefined) {
    where.push(
      group === 'joined'
        ? eq(patients.patientGroupCode, filter.patientGroup)
        : patientInGroup(a.patientId, filter.patientGroup),
    );
  }
  return where;
}

function stayRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: a.id,
      registrationNo: a.registrationNo,
      admittedAt: a.admittedAt,
      dischargedAt: a.dischargedAt,
      patient: { id: patients.id, mrn: patients.mrn, name: patients.name },
      patientGroup: { code: patients.patientGroupCode, name: patients.patientGroup },
      room: { code: rooms.code, name: rooms.name, class: rooms.class },
    })
    .from(a)
    .innerJoin(patients, eq(patients.id, a.patientId))
    .innerJoin(rooms, eq(rooms.id, a.roomId))
    .where(where)
    .orderBy(asc(a.admittedAt), asc(a.id))
    .$dynamic();
}

type StayRow = RowOf<typeof stayRows>;

function toRow(row: StayRow, today: string): InpatientReportRow {
  const date = localToday(row.admittedAt);
  return {
    ...row,
    date,
    admittedAt: row.admittedAt.toISOString(),
    dischargedAt: row.dischargedAt?.toISOString() ?? null,
    lengthOfStay: daysBetween(date, row.dischargedAt ? localToday(row.dischargedAt) : today),
  };
}

/** Stays per admission day in the hospital's time zone (TZ), as the rows date them. */
function stayCounts(db: Database, filter: InpatientReportFilter) {
  const timeZone = hospitalTimeZone();
  return (
    db
      .select({ date: sql<string>`((${a.admittedAt} at time zone ${timeZone})::date)::text`, count: count() })
      .from(a)
      .innerJoin(rooms, eq(rooms.id, a.roomId))
      .where(and(...conditions(filter, 'lookup')))
      // By position: the time zone is a parameter, and a second one would not be the same expression.
      .groupBy(sql`1`)
  );
}

/** A page of the stays admitted on the days of a range, with the count of each day. */
export async function inpatientReport(
  db: Database,
  query: InpatientReportQuery,
  today = localToday(),
): Promise<InpatientReport> {
  const [rows, counts] = await Promise.all([
    stayRows(db, and(...conditions(query)))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    stayCounts(db, query),
  ]);
  const days = everyDay(query.from, query.to, counts);
  return { items: rows.map((row) => toRow(row, today)), total: totalOf(days), perDay: days };
}

const header = [
  'Tanggal Masuk',
  'Tanggal Keluar',
  'Lama Rawat (Hari)',
  'No. Registrasi',
  'No. RM',
  'Nama Pasien',
  'Golongan Pasien / Penjamin',
  'Ruang',
  'Kelas',
];

/** Every stay of the filter as CSV, in the list's order. */
export function inpatientCsv(db: Database, filter: InpatientReportFilter, today = localToday()) {
  return csvExport(
    header,
    filter,
    (date) => stayRows(db, and(...conditions({ ...filter, from: date, to: date }))),
    (row) => {
      const stay = toRow(row, today);
      return [
        localDateTime(row.admittedAt),
        row.dischargedAt ? localDateTime(row.dischargedAt) : null,
        stay.lengthOfStay,
        row.registrationNo,
        row.patient.mrn,
        row.patient.name,
        row.patientGroup.name ?? row.patientGroup.code,
        row.room.name,
        row.room.class,
      ];
    },
  );
}
