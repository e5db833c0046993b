import { and, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { auditLog, staff } from '../db/schema/index.js';

export interface Actor {
  staffId: number;
  address: string;
}

/** Who wrote an audit row: a staff member, or none (BPJS's calls, the system). */
export interface AuditActor {
  staffId: number | null;
  address: string | null;
}

/** Writes one audit row, inside the caller's transaction so that the record and its trace agree. */
export async function audit(
  db: Database | Transaction,
  actor: AuditActor,
  action: string,
  entity: { type: string; id: string | number | null },
  details?: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    address: actor.address,
    action,
    entity: entity.type,
    entityId: entity.id === null ? null : String(entity.id),
    details: details ?? null,
  });
}

export interface AuditEntry {
  id: number;
  at: Date;
  action: string;
  details: unknown;
  /** Null for a row written without a staff member (an import, the system). */
  staff: { id: number; name: string } | null;
}

/** The audit rows of one record, newest first, each with the staff member who wrote it: the record's history. */
export async function auditTrail(db: Database, entity: string, id: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      details: auditLog.details,
      staffId: staff.id,
      staffName: staff.name,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map(({ staffId, staffName, ...row }) => ({
    ...row,
    staff: staffId === null || staffName === null ? null : { id: staffId, name: staffName },
  }));
}
