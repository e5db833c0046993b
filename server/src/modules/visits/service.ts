import {
  historyRangeProblem,
  type InpatientHistoryQuery,
  type InpatientVisit,
  INVALID_REQUEST,
  type OutpatientHistoryQuery,
  type OutpatientVisit,
  type PatientVisit,
  RECENT_VISITS,
  type VisitDetail,
  type VisitItem,
} from '@portal/contract';
import { and, asc, desc, eq, gt, gte, isNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import { clinics, doctors, outpatientVisits, visitItems } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { addDays, daysBetween, localToday } from '../../lib/dates.js';
import { findPatient, getPatient } from '../patients/service.js';
import { recentStays, stayByRegistrationNo, staysBetween } from '../ward/history.js';

// The visit history of the medical records desk: outpatient visits (legacy `bil_rj_xbjalan`) and the
// lines of visits' and stays' bills are this module's; inpatient stays are read through the ward module
// and patients through theirs, which own them.

const outpatientColumns = {
  patientId: outpatientVisits.patientId,
  registrationNo: outpatientVisits.registrationNo,
  visitDate: outpatientVisits.visitDate,
  clinicId: clinics.id,
  clinicCode: clinics.code,
  clinicName: clinics.name,
  doctorId: doctors.id,
  doctorName: doctors.name,
  diagnoses: outpatientVisits.diagnoses,
  cancelled: outpatientVisits.cancelled,
  vaccination: outpatientVisits.vaccination,
  notes: outpatientVisits.notes,
};

/** Outpatient visits matching `where`; a visit the legacy database deleted is never one of them. */
function outpatientRows(db: Database, where: SQL | undefined) {
  return db
    .select(outpatientColumns)
    .from(outpatientVisits)
    .innerJoin(clinics, eq(clinics.id, outpatientVisits.clinicId))
    .leftJoin(doctors, eq(doctors.id, outpatientVisits.doctorId))
    .where(and(isNull(outpatientVisits.deletedAt), where))
    .$dynamic();
}

/** One outpatient visit with the fields only its details show. */
async function outpatientDetailRow(db: Database, registrationNo: string) {
  const [row] = await db
    .select({
      ...outpatientColumns,
      createdAt: outpatientVisits.createdAt,
      visitTime: outpatientVisits.visitTime,
      dischargeDate: outpatientVisits.dischargeDate,
      reportDate: outpatientVisits.reportDate,
      procedures: outpatientVisits.procedures,
      paymentStatus: outpatientVisits.paymentStatus,
      locked: outpatientVisits.locked,
      clerkCode: outpatientVisits.clerkCode,
      clerkName: outpatientVisits.clerkName,
      printedBy: outpatientVisits.printedBy,
      letterNo: outpatientVisits.letterNo,
    })
    .from(outpatientVisits)
    .innerJoin(clinics, eq(clinics.id, outpatientVisits.clinicId))
    .leftJoin(doctors, eq(doctors.id, outpatientVisits.doctorId))
    .where(and(isNull(outpatientVisits.deletedAt), eq(outpatientVisits.registrationNo, registrationNo)));
  return row;
}

/** The lines of an outpatient visit's (RJ) or a stay's (RI) bill in the order entered, deleted lines left out. */
function itemsOf(db: Database, kind: 'RJ' | 'RI', registrationNo: string): Promise<VisitItem[]> {
  return db
    .select({
      code: visitItems.code,
      name: visitItems.name,
      quantity: visitItems.quantity,
      price: visitItems.price,
      amount: visitItems.amount,
    })
    .from(visitItems)
    .where(
      and(
        eq(visitItems.kind, kind),
        eq(visitItems.registrationNo, registrationNo),
        isNull(visitItems.deletedAt),
      ),
    )
    .orderBy(asc(visitItems.legacyRecNo), asc(visitItems.id));
}

type OutpatientRow = RowOf<typeof outpatientRows>;

const toOutpatient = (row: OutpatientRow): OutpatientVisit => ({
  kind: 'outpatient',
  registrationNo: row.registrationNo,
  date: row.visitDate,
  clinic: { id: row.clinicId, code: row.clinicCode, name: row.clinicName },
  doctor:
    row.doctorId !== null && row.doctorName !== null ? { id: row.doctorId, name: row.doctorName } : null,
  diagnoses: row.diagnoses,
  cancelled: row.cancelled,
  vaccination: row.vaccination,
  notes: row.notes,
});

const newestFirst = [desc(outpatientVisits.visitDate), desc(outpatientVisits.id)];

/** The last RECENT_VISITS visits of a patient, outpatient and inpatient together, newest first. */
export async function recentVisits(db: Database, patientId: number): Promise<PatientVisit[]> {
  await getPatient(db, patientId);
  const [outpatient, inpatient] = await Promise.all([
    outpatientRows(db, eq(outpatientVisits.patientId, patientId))
      .orderBy(...newestFirst)
      .limit(RECENT_VISITS),
    recentStays(db, patientId, RECENT_VISITS),
  ]);
  // Each list is newest first already; on the same day the stay (which follows the clinic) goes first.
  const merged: PatientVisit[] = [];
  let i = 0;
  let j = 0;
  const visits = outpatient.map(toOutpatient);
  while (merged.length < RECENT_VISITS && (i < visits.length || j < inpatient.length)) {
    const a = visits[i];
    const b = inpatient[j];
    if (b && (!a || b.date >= a.date)) {
      merged.push(b);
      j++;
    } else if (a) {
      merged.push(a);
      i++;
    }
  }
  return merged;
}

/** The days a history covers: as asked, or the year up to `to` (today when not given). */
export function historyRange(query: { from?: string; to?: string }, today: string) {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -365);
  const problem = historyRangeProblem(from, to);
  if (problem) {
    throw new AppError(400, 'VALIDATION_ERROR', INVALID_REQUEST, {
      fields: { [query.to === undefined ? 'from' : 'to']: problem },
    });
  }
  return { from, to };
}

/**
 * Outpatient visits of a patient on the days `from`..`to`, newest first. Cancelled (BATAL) visits
 * are not part of this history unless asked for with `includeCancelled=true`.
 */
export async function outpatientHistory(
  db: Database,
  patientId: number,
  query: OutpatientHistoryQuery,
  today = localToday(),
): Promise<OutpatientVisit[]> {
  const { from, to } = historyRange(query, today);
  await getPatient(db, patientId);
  const conditions: SQL[] = [
    eq(outpatientVisits.patientId, patientId),
    gte(outpatientVisits.visitDate, from),
    lte(outpatientVisits.visitDate, to),
  ];
  if (query.includeCancelled !== 'true') conditions.push(eq(outpatientVisits.cancelled, false));
  if (query.clinicId !== undefined) conditions.push(eq(outpatientVisits.clinicId, query.clinicId));
  if (query.vaccination === '0') conditions.push(eq(outpatientVisits.vaccination, 0));
  if (query.vaccination === '1') conditions.push(gt(outpatientVisits.vaccination, 0));
  const rows = await outpatientRows(db, and(...conditions)).orderBy(...newestFirst);
  return rows.map(toOutpatient);
}

/** Inpatient stays of a patient admitted on the days `from`..`to`, newest first, optionally of one room. */
export async function inpatientHistory(
  db: Database,
  patientId: number,
  query: InpatientHistoryQuery,
  today = localToday(),
): Promise<InpatientVisit[]> {
  const range = historyRange(query, today);
  await getPatient(db, patientId);
  return staysBetween(db, patientId, { ...range, roomCode: query.roomCode });
}

/** A visit, outpatient or inpatient, by its registration number (any case). */
export async function visitByRegistrationNo(db: Database, typed: string): Promise<VisitDetail> {
  const registrationNo = typed.trim().toUpperCase();
  const missing = () => notFound(`Kunjungan dengan nomor registrasi ${registrationNo} tidak ditemukan.`);
  const outpatient = await outpatientDetailRow(db, registrationNo);
  if (outpatient) {
    const [patient, items] = await Promise.all([
      findPatient(db, outpatient.patientId),
      itemsOf(db, 'RJ', registrationNo),
    ]);
    if (!patient) throw missing();
    return {
      ...toOutpatient(outpatient),
      patient,
      recordedAt: outpatient.createdAt.toISOString(),
      visitTime: outpatient.visitTime,
      dischargeDate: outpatient.dischargeDate,
      reportDate: outpatient.reportDate,
      procedures: outpatient.procedures,
      paymentStatus: outpatient.paymentStatus,
      locked: outpatient.locked,
      clerkCode: outpatient.clerkCode,
      clerkName: outpatient.clerkName,
      printedBy: outpatient.printedBy,
      letterNo: outpatient.letterNo,
      items,
    };
  }
  const stay = await stayByRegistrationNo(db, registrationNo);
  if (!stay) throw missing();
  const [patient, items] = await Promise.all([
    findPatient(db, stay.patientId),
    itemsOf(db, 'RI', registrationNo),
  ]);
  if (!patient) throw missing();
  const { patientId: _patientId, ...visit } = stay;
  const until = stay.dischargedAt ? localToday(new Date(stay.dischargedAt)) : localToday();
  return { ...visit, patient, lengthOfStay: daysBetween(stay.date, until), items };
}
