import type {
  ReferenceEntry,
  ReferenceInput,
  ReferenceKind,
  ReferenceListQuery,
  ReferenceRename,
} from '@portal/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { single } from '../../db/rows.js';
import { referenceCodes } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';

// The code lists of patient groups, units, ranks and companies. A code is never deleted nor changed, since
// patients carry it: it is renamed, retired (no longer offered) or added again (brought back).

const columns = {
  id: referenceCodes.id,
  kind: referenceCodes.kind,
  code: referenceCodes.code,
  name: referenceCodes.name,
  active: sql<boolean>`${referenceCodes.deletedAt} is null`,
};

/** One list, by code; retired codes only when asked. */
export function listReferences(db: Database, query: ReferenceListQuery): Promise<ReferenceEntry[]> {
  return db
    .select(columns)
    .from(referenceCodes)
    .where(
      and(
        eq(referenceCodes.kind, query.kind),
        query.includeRetired === 'true' ? undefined : isNull(referenceCodes.deletedAt),
      ),
    )
    .orderBy(asc(referenceCodes.code));
}

/** The name of an active code of a list, or undefined when the list has no such code in use. */
export async function activeReferenceName(
  db: Database | Transaction,
  kind: ReferenceKind,
  code: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: referenceCodes.name })
    .from(referenceCodes)
    .where(
      and(
        eq(referenceCodes.kind, kind),
        eq(referenceCodes.code, code.toUpperCase()),
        isNull(referenceCodes.deletedAt),
      ),
    );
  return row?.name;
}

const kindNames: Record<ReferenceKind, string> = {
  patient_group: 'golongan pasien',
  unit: 'kesatuan',
  rank: 'pangkat',
  company: 'perusahaan',
};

/** Adds a code to its list. A code that was retired comes back under the name given; one in use is a 409. */
export async function addReference(
  db: Database,
  actor: Actor,
  input: ReferenceInput,
): Promise<ReferenceEntry> {
  const code = input.code.toUpperCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ ...columns, deletedAt: referenceCodes.deletedAt })
      .from(referenceCodes)
      .where(and(eq(referenceCodes.kind, input.kind), eq(referenceCodes.code, code)))
      .for('update');
    if (existing && existing.deletedAt === null) {
      throw conflict(
        'DUPLICATE',
        `Kode ${code} sudah dipakai untuk ${kindNames[input.kind]} ${existing.name}.`,
      );
    }
    if (existing) {
      const entry = single(
        await tx
          .update(referenceCodes)
          .set({ name: input.name, deletedAt: null })
          .where(eq(referenceCodes.id, existing.id))
          .returning(columns),
      );
      await audit(
        tx,
        actor,
        'reference.restore',
        { type: 'reference_code', id: entry.id },
        {
          kind: entry.kind,
          code,
          name: { from: existing.name, to: entry.name },
        },
      );
      return entry;
    }
    const entry = single(
      await tx
        .insert(referenceCodes)
        .values({ kind: input.kind, code, name: input.name })
        .onConflictDoNothing()
        .returning(columns),
      // Added by someone else at the same moment.
      () => conflict('DUPLICATE', `Kode ${code} sudah dipakai.`),
    );
    await audit(
      tx,
      actor,
      'reference.create',
      { type: 'reference_code', id: entry.id },
      {
        kind: entry.kind,
        code,
        name: entry.name,
      },
    );
    return entry;
  });
}

/** Renames a code, retired or not. */
export async function renameReference(
  db: Database,
  actor: Actor,
  id: number,
  input: ReferenceRename,
): Promise<ReferenceEntry> {
  return db.transaction(async (tx) => {
    const before = await lockedEntry(tx, id);
    const entry = single(
      await tx
        .update(referenceCodes)
        .set({ name: input.name })
        .where(eq(referenceCodes.id, id))
        .returning(columns),
    );
    if (before.name !== entry.name) {
      await audit(
        tx,
        actor,
        'reference.update',
        { type: 'reference_code', id },
        {
          kind: entry.kind,
          code: entry.code,
          name: { from: before.name, to: entry.name },
        },
      );
    }
    return entry;
  });
}

/** Retires a code: patients keep it, the form no longer offers it. Retiring a retired code changes nothing. */
export async function retireReference(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedEntry(tx, id);
    if (!before.active) return;
    await tx.update(referenceCodes).set({ deletedAt: new Date() }).where(eq(referenceCodes.id, id));
    await audit(
      tx,
      actor,
      'reference.retire',
      { type: 'reference_code', id },
      {
        kind: before.kind,
        code: before.code,
        name: before.name,
      },
    );
  });
}

async function lockedEntry(tx: Transaction, id: number): Promise<ReferenceEntry> {
  const [entry] = await tx
    .select(columns)
    .from(referenceCodes)
    .where(eq(referenceCodes.id, id))
    .for('update');
  if (!entry) throw notFound('Kode tidak ditemukan.');
  return entry;
}
