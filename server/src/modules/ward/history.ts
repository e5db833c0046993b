import type { InpatientVisit } from '@portal/contract';
import { and, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import { admissions, doctors, rooms } from '../../db/schema/index.js';
import { localDayStart, localToday } from '../../lib/dates.js';

// Past and current stays as the medical records desk reads them; the ward desk owns the table.

/** Stays matching `where`; a stay the legacy database deleted is kept for the record but never listed. */
function stays(db: Database, where: SQL | undefined) {
  return db
    .select({
      patientId: admissions.patientId,
      registrationNo: admissions.registrationNo,
      admittedAt: admissions.admittedAt,
      dischargedAt: admissions.dischargedAt,
      roomCode: rooms.code,
      roomName: rooms.name,
      roomClass: rooms.class,
      bed: admissions.bed,
      dpjpId: doctors.id,
      dpjpName: doctors.name,
      dischargeReason: admissions.dischargeReason,
      dischargeNote: admissions.dischargeNote,
    })
    .from(admissions)
    .innerJoin(rooms, eq(rooms.id, admissions.roomId))
    .leftJoin(doctors, eq(doctors.id, admissions.dpjpId))
    .where(and(isNull(admissions.deletedAt), where))
    .$dynamic();
}

type StayRow = RowOf<typeof stays>;

const toVisit = (row: StayRow): InpatientVisit => ({
  kind: 'inpatient',
  registrationNo: row.registrationNo,
  date: localToday(row.admittedAt),
  admittedAt: row.admittedAt.toISOString(),
  dischargedAt: row.dischargedAt?.toISOString() ?? null,
  room: { code: row.roomCode, name: row.roomName, class: row.roomClass },
  bed: row.bed,
  dpjp: row.dpjpId === null ? null : { id: row.dpjpId, name: row.dpjpName ?? '' },
  dischargeReason: row.dischargeReason,
  dischargeNote: row.dischargeNote,
});

const newestFirst = [desc(admissions.admittedAt), desc(admissions.id)];

/** The latest stays of a patient, newest admission first. */
export async function recentStays(db: Database, patientId: number, limit: number): Promise<InpatientVisit[]> {
  const rows = await stays(db, eq(admissions.patientId, patientId))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toVisit);
}

/** Stays of a patient admitted on the days `from`..`to` (the hospital's), optionally in one room. */
export async function staysBetween(
  db: Database,
  patientId: number,
  range: { from: string; to: string; roomCode?: string },
): Promise<InpatientVisit[]> {
  const conditions: SQL[] = [
    eq(admissions.patientId, patientId),
    gte(admissions.admittedAt, localDayStart(range.from)),
    lt(admissions.admittedAt, localDayStart(range.to, 1)),
  ];
  if (range.roomCode !== undefined) conditions.push(eq(rooms.code, range.roomCode));
  const rows = await stays(db, and(...conditions)).orderBy(...newestFirst);
  return rows.map(toVisit);
}

/** A stay by its registration number, with the patient's id; undefined when there is none. */
export async function stayByRegistrationNo(
  db: Database,
  registrationNo: string,
): Promise<(InpatientVisit & { patientId: number }) | undefined> {
  const [row] = await stays(db, eq(admissions.registrationNo, registrationNo));
  return row ? { ...toVisit(row), patientId: row.patientId } : undefined;
}
