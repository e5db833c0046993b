import type { DutyLogResponse, DutyResponse, DutyRole, Officer } from '@portal/contract';
import { and, asc, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import { dutyEvents, dutyPosts, staff } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { tooManyAttempts } from '../../lib/throttle.js';
import { WriteThrough } from '../../simrs/write.js';
import { canAct, checkStaffPassword, hasRole } from '../auth/service.js';

// The posts and their handovers are this module's. It reads the staff table for the officers' names and
// eligibility and writes only the SIMRS row an officer is marked on (linked mode): staff administration,
// which refuses to change whoever holds a post, sits above.

const officerColumns = { id: staff.id, name: staff.name, phone: staff.phone };

export async function getDuty(db: Database | Transaction): Promise<DutyResponse> {
  const rows = await db
    .select({ role: dutyPosts.role, ...officerColumns })
    .from(dutyPosts)
    .innerJoin(staff, eq(staff.id, dutyPosts.staffId));
  const officer = (role: DutyRole): Officer | null => {
    const row = rows.find((r) => r.role === role);
    return row ? { id: row.id, name: row.name, phone: row.phone } : null;
  };
  return { piket: officer('piket'), cs: officer('cs') };
}

/** Eligible staff who do not hold the post now, by name. Never includes a password or its hash. */
export async function listCandidates(db: Database, role: DutyRole): Promise<Officer[]> {
  return db
    .select(officerColumns)
    .from(staff)
    .where(
      and(
        canAct,
        hasRole(role),
        sql`not exists (select 1 from ${dutyPosts} where ${dutyPosts.role} = ${role} and ${dutyPosts.staffId} = ${staff.id})`,
      ),
    )
    .orderBy(asc(staff.name), asc(staff.id));
}

/**
 * Hands a post to `staffId` when the password (trimmed) is that person's. The post row is updated in
 * place under a lock, so there is never a moment with no officer or with two. Every attempt is
 * written to the duty log; the password is checked as at login, against the person's one budget of failures.
 */
export async function handover(
  db: Database,
  input: { role: DutyRole; staffId: number; password: string; address: string },
  /** Linked to a SIMRS: the officer is marked there too, in the same action (see `markOfficer`). */
  through = new WriteThrough(),
): Promise<Officer> {
  const { role, staffId, address } = input;
  const outcome = await through.run(() =>
    db.transaction(async (tx) => {
      const check = await checkStaffPassword(
        tx,
        { kind: 'handover', staffId, username: null, address, password: input.password },
        async () => {
          // Shared lock: the person cannot be deactivated or lose the role while being handed the post, and
          // staff administration refuses to do either to whoever holds a post.
          const [target] = await tx
            .select({ ...officerColumns, passwordHash: staff.passwordHash, recNo: postRecNo[role] })
            .from(staff)
            .where(and(eq(staff.id, staffId), canAct, hasRole(role)))
            .for('share');
          if (!target) throw notFound('Petugas tidak ditemukan atau tidak berhak atas tugas ini.');
          const [post] = await tx
            .select({ staffId: dutyPosts.staffId })
            .from(dutyPosts)
            .where(eq(dutyPosts.role, role))
            .for('update');
          if (post?.staffId === staffId) throw conflict('ALREADY_ON_DUTY', 'Petugas ini sedang bertugas.');
          return { ...target, previousStaffId: post?.staffId ?? null };
        },
      );
      const logged = { ok: 'success', wrong: 'wrong_password', throttled: 'throttled' } as const;
      await tx.insert(dutyEvents).values({
        role,
        staffId,
        previousStaffId: check.kind === 'ok' ? check.found.previousStaffId : null,
        outcome: logged[check.kind],
        address,
      });
      if (check.kind !== 'ok') return check;
      if (through.linked) await markOfficer(tx, through, role, check.found, address);
      await tx
        .insert(dutyPosts)
        .values({ role, staffId })
        .onConflictDoUpdate({ target: dutyPosts.role, set: { staffId, since: sql`now()` } });
      const { id, name, phone } = check.found;
      return { kind: 'ok', officer: { id, name, phone } } as const;
    }),
  );

  switch (outcome.kind) {
    case 'throttled':
      throw tooManyAttempts(outcome.retryAfter);
    case 'wrong':
      throw new AppError(401, 'WRONG_PASSWORD', 'Password salah.');
    case 'ok':
      return outcome.officer;
  }
}

/** The SIMRS row of each post's table a member is known by (see the legacy import, tables/staff.ts). */
const postRecNo = { piket: staff.legacyDutyRecNo, cs: staff.legacyCsRecNo } as const;

/**
 * Marks the new officer in the SIMRS (`bhpdet_dbs.piket`, `emr_soap_o.aktif`), so that its side sees who is
 * on duty; the member keeps the SIMRS row they were marked on. Written through and audited.
 */
async function markOfficer(
  tx: Transaction,
  through: WriteThrough,
  role: DutyRole,
  member: { id: number; name: string; phone: string; recNo: number | null },
  address: string,
) {
  const others = await tx
    .select({ recNo: postRecNo[role] })
    .from(staff)
    .where(and(ne(staff.id, member.id), isNotNull(postRecNo[role])));
  const othersRows = others.flatMap((row) => (row.recNo === null ? [] : [row.recNo]));
  const { recNo, write } = await through.handover(role, { ...member, othersRows });
  if (recNo !== member.recNo)
    await tx
      .update(staff)
      .set(role === 'piket' ? { legacyDutyRecNo: recNo } : { legacyCsRecNo: recNo })
      .where(eq(staff.id, member.id));
  await audit(
    tx,
    { staffId: member.id, address },
    'simrs.write',
    { type: 'staff', id: member.id },
    { ...write },
  );
}

const previousStaff = alias(staff, 'previous_staff');

export async function dutyLog(
  db: Database,
  query: { page: number; pageSize: number; role?: DutyRole },
): Promise<DutyLogResponse> {
  const where = query.role ? eq(dutyEvents.role, query.role) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: dutyEvents.id,
        at: dutyEvents.at,
        role: dutyEvents.role,
        outcome: dutyEvents.outcome,
        address: dutyEvents.address,
        staffId: staff.id,
        staffName: staff.name,
        previousId: previousStaff.id,
        previousName: previousStaff.name,
      })
      .from(dutyEvents)
      .innerJoin(staff, eq(staff.id, dutyEvents.staffId))
      .leftJoin(previousStaff, eq(previousStaff.id, dutyEvents.previousStaffId))
      .where(where)
      .orderBy(desc(dutyEvents.at), desc(dutyEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(dutyEvents).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      role: row.role,
      outcome: row.outcome,
      address: row.address,
      staff: { id: row.staffId, name: row.staffName },
      previous:
        row.previousId === null || row.previousName === null
          ? null
          : { id: row.previousId, name: row.previousName },
    })),
  };
}
