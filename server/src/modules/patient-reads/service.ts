import type {
  PatientRead,
  PatientReadCriteria,
  PatientReadKind,
  PatientReadPage,
  PatientReadQuery,
} from '@portal/contract';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { patientReads, patients, staff } from '../../db/schema/index.js';
import { localDayStart } from '../../lib/dates.js';
import { contains } from '../../lib/search.js';
import { mrnLookups } from '../patients/service.js';

// The read audit: who read which patient's data, and who searched for what. This module owns its table; the
// routes that answer patients' data say so (`config.readsPatients`) and plugins/patient-reads.ts records them.

export interface PatientReadEntry {
  staffId: number;
  address: string;
  kind: PatientReadKind;
  /** Null for a search or a hospital-wide list. */
  patientId: number | null;
  criteria: PatientReadCriteria | null;
}

/**
 * One row per read, in the order given, in one statement: written after the answers have gone out, so that
 * reading waits for nothing.
 */
export async function recordPatientReads(db: Database, entries: PatientReadEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(patientReads).values(entries);
}

function filterOf(query: PatientReadQuery): SQL | undefined {
  const patient = query.patient
    ? or(inArray(patients.mrn, mrnLookups(query.patient)), contains(patients.name, query.patient))
    : undefined;
  return and(
    query.staff ? or(contains(staff.name, query.staff), contains(staff.username, query.staff)) : undefined,
    patient,
    query.kind === undefined ? undefined : eq(patientReads.kind, query.kind),
    // Whole days of the hospital's clock (the server's TZ).
    query.from === undefined ? undefined : gte(patientReads.at, localDayStart(query.from)),
    query.to === undefined ? undefined : lt(patientReads.at, localDayStart(query.to, 1)),
  );
}

/** The reads of the filter, newest first, a page at a time, with who read and whose data. */
export async function listPatientReads(db: Database, query: PatientReadQuery): Promise<PatientReadPage> {
  const where = filterOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: patientReads.id,
        at: patientReads.at,
        kind: patientReads.kind,
        address: patientReads.address,
        criteria: patientReads.criteria,
        staffId: staff.id,
        staffName: staff.name,
        username: staff.username,
        patientId: patients.id,
        patientName: patients.name,
        mrn: patients.mrn,
      })
      .from(patientReads)
      .innerJoin(staff, eq(staff.id, patientReads.staffId))
      .leftJoin(patients, eq(patients.id, patientReads.patientId))
      .where(where)
      .orderBy(desc(patientReads.at), desc(patientReads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(patientReads)
      .innerJoin(staff, eq(staff.id, patientReads.staffId))
      .leftJoin(patients, eq(patients.id, patientReads.patientId))
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row): PatientRead => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      staff: { id: row.staffId, name: row.staffName, username: row.username },
      patient:
        row.patientId === null || row.patientName === null || row.mrn === null
          ? null
          : { id: row.patientId, name: row.patientName, mrn: row.mrn },
      criteria: (row.criteria as PatientReadCriteria | null) ?? null,
      address: row.address,
    })),
  };
}
