import { count } from 'drizzle-orm';
import { addDays, localMoment } from '../../lib/dates.js';
import type { Transaction } from '../client.js';
import { operations } from '../schema/index.js';
import { type DemoOperation, demoOperations } from './demo-data/operations.js';
import type { DemoMoment } from './demo-data/requests.js';
import type { DemoPatient } from './patients.js';

function momentOf(today: string, m: DemoMoment): Date {
  const [hour, minute] = m.time.split(':').map(Number) as [number, number];
  return localMoment(addDays(today, m.day), hour, minute);
}

/** Demo patients for the demo operations, each patient once unless an entry asks for the same one. */
export function pickOperationPatients(
  plan: readonly DemoOperation[],
  patients: readonly Pick<DemoPatient, 'mrn' | 'sex' | 'age'>[],
): string[] {
  const used = new Set<string>();
  const byKey = new Map<string, string>();
  return plan.map((entry) => {
    const wanted = entry.patient;
    let mrn: string | undefined;
    if ('sameAs' in wanted) {
      mrn = byKey.get(wanted.sameAs);
    } else {
      mrn = patients.find(
        (p) => !used.has(p.mrn) && p.sex === wanted.sex && p.age >= wanted.minAge && p.age <= wanted.maxAge,
      )?.mrn;
    }
    if (mrn === undefined) throw new Error(`Demo seed: no patient for the operation ${entry.procedure}`);
    used.add(mrn);
    if (entry.key) byKey.set(entry.key, mrn);
    return mrn;
  });
}

/**
 * The operating-room schedule around `today`. Operations have no natural key: the demo list is
 * written only while the schedule is empty, so a rerun (also on a later day) adds nothing.
 */
export async function seedOperations(
  tx: Transaction,
  today: string,
  patients: readonly Pick<DemoPatient, 'mrn' | 'sex' | 'age'>[],
  patientIds: ReadonlyMap<string, number>,
  doctorIds: ReadonlyMap<string | null, number>,
): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(operations);
  if ((existing?.n ?? 0) > 0) return 0;
  const mrns = pickOperationPatients(demoOperations, patients);
  const orderOfDay = new Map<number, number>();
  // Planned a few days ahead, as the theatre does.
  const plannedAt = momentOf(today, { day: -4, time: '10:00' });
  const rows = demoOperations.map((entry, index) => {
    const queueOrder = (orderOfDay.get(entry.day) ?? 0) + 1;
    orderOfDay.set(entry.day, queueOrder);
    const patientId = patientIds.get(mrns[index] ?? '');
    const surgeonId = doctorIds.get(entry.surgeon);
    if (patientId === undefined || surgeonId === undefined) {
      throw new Error(`Demo seed: patient or surgeon of the operation ${entry.procedure} is missing`);
    }
    const startedAt = entry.started ? momentOf(today, entry.started) : null;
    const finishedAt = entry.finished ? momentOf(today, entry.finished) : null;
    const cancelledAt = entry.cancelled ? momentOf(today, entry.cancelled.at) : null;
    return {
      date: addDays(today, entry.day),
      queueOrder,
      patientId,
      procedure: entry.procedure,
      surgeonId,
      theatre: entry.theatre,
      plannedStart: entry.plannedStart,
      status: entry.status ?? 'Menunggu',
      cancelled: entry.cancelled !== undefined,
      cancelReason: entry.cancelled?.reason ?? null,
      startedAt,
      finishedAt,
      createdAt: plannedAt,
      updatedAt: finishedAt ?? cancelledAt ?? plannedAt,
    };
  });
  const created = await tx.insert(operations).values(rows).returning({ id: operations.id });
  return created.length;
}
