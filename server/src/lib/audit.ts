import type { Database, Transaction } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

export interface Actor {
  staffId: number;
  address: string;
}

/** Writes one audit row, inside the caller's transaction so that the record and its trace agree. */
export async function audit(
  db: Database | Transaction,
  actor: Actor,
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
