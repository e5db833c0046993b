import {
  type DutyRole,
  dutyRoles,
  needsPassword,
  normalizePhone,
  type StaffCreate,
  type StaffListQuery,
  type StaffMember,
  type StaffPage,
  type StaffRole,
  type StaffUpdate,
} from '@portal/contract';
import { and, asc, count, eq, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { single } from '../../db/rows.js';
import { staff } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { hashPassword } from '../../lib/passwords.js';
import { contains } from '../../lib/search.js';
import { lockKeys } from '../../lib/throttle.js';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';
import { canAct, endSessions, hasRole } from '../auth/service.js';
import { getDuty } from '../duty/service.js';
import { clash, personOf, storePasswordHash, summaryColumns } from './service.js';

const postNames: Record<DutyRole, string> = { piket: 'Petugas Piket', cs: 'Customer Service' };

const memberColumns = {
  ...summaryColumns,
  hasPassword: sql<boolean>`${staff.passwordHash} is not null`,
  createdAt: staff.createdAt,
};

interface MemberRow {
  id: number;
  name: string;
  phone: string;
  username: string | null;
  roles: string[];
  active: boolean;
  hasPassword: boolean;
  createdAt: Date;
}

/** The posts each person holds now, from the duty module. */
async function postsHeld(db: Database | Transaction): Promise<Map<number, DutyRole[]>> {
  const duty = await getDuty(db);
  const held = new Map<number, DutyRole[]>();
  for (const role of dutyRoles) {
    const officer = duty[role];
    if (officer) held.set(officer.id, [...(held.get(officer.id) ?? []), role]);
  }
  return held;
}

const toMember = (row: MemberRow, held: Map<number, DutyRole[]>): StaffMember => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  username: row.username,
  roles: row.roles as StaffRole[],
  active: row.active,
  hasPassword: row.hasPassword,
  hasLogin: row.hasPassword && row.username !== null,
  onDuty: held.get(row.id) ?? [],
  createdAt: row.createdAt.toISOString(),
});

async function memberById(db: Database | Transaction, id: number): Promise<StaffMember> {
  const [row] = await db
    .select(memberColumns)
    .from(staff)
    .where(and(eq(staff.id, id), isNull(staff.deletedAt)));
  if (!row) throw notFound('Petugas tidak ditemukan.');
  return toMember(row, await postsHeld(db));
}

/** `q` as a phone number in the stored 08… form: +62 812-3456 is found as 0812 3456. */
function phoneTerm(q: string): string | null {
  const compact = q.replace(/[\s.()-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  return compact.replace(/^\+?62(?=8)/, '0');
}

function matches(q: string): SQL | undefined {
  const phone = phoneTerm(q);
  return or(
    contains(staff.name, q),
    contains(staff.username, q),
    contains(staff.phone, q),
    phone !== null && phone !== q ? contains(staff.phone, phone) : undefined,
  );
}

/** Staff by name, a page at a time; `q` searches name, username and phone. Deleted records are left out. */
export async function listStaffPage(db: Database, query: StaffListQuery): Promise<StaffPage> {
  const where = and(
    isNull(staff.deletedAt),
    query.active === undefined ? undefined : eq(staff.active, query.active === 'true'),
    query.q ? matches(query.q) : undefined,
  );
  const [rows, [total], held] = await Promise.all([
    db
      .select(memberColumns)
      .from(staff)
      .where(where)
      .orderBy(asc(staff.name), asc(staff.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(staff).where(where),
    postsHeld(db),
  ]);
  return { total: total?.n ?? 0, items: rows.map((row) => toMember(row, held)) };
}

export async function addStaff(db: Database, actor: Actor, input: StaffCreate): Promise<StaffMember> {
  if (input.password !== undefined) refuseWeakPassword(input.password, input);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const values = {
    name: input.name,
    phone: normalizePhone(input.phone) as string,
    username: input.username ?? null,
    roles: [...new Set(input.roles)],
  };
  try {
    return await db.transaction(async (tx) => {
      const row = single(
        await tx
          .insert(staff)
          // A password an admin gives is known to two people: the member chooses their own at the first login.
          .values({ ...values, passwordHash, passwordChangeRequired: passwordHash !== null })
          .returning({ id: staff.id }),
      );
      await audit(
        tx,
        actor,
        'staff.create',
        { type: 'staff', id: row.id },
        { ...values, hasPassword: passwordHash !== null },
      );
      return memberById(tx, row.id);
    });
  } catch (err) {
    throw clash(err) ?? err;
  }
}

const ownAccount = (message: string) => conflict('OWN_ACCOUNT', message);

/**
 * Refuses an edit that would leave no active admin who can log in, counting under a lock that every staff
 * edit takes, so two admins demoting each other at once cannot both succeed.
 */
async function keepAnAdmin(tx: Transaction, id: number): Promise<void> {
  const [others] = await tx
    .select({ n: count() })
    .from(staff)
    .where(and(canAct, isNotNull(staff.username), hasRole('admin'), ne(staff.id, id)));
  if ((others?.n ?? 0) === 0) {
    throw conflict('LAST_ADMIN', 'Harus tetap ada setidaknya satu admin aktif yang dapat masuk.');
  }
}

/**
 * Replaces a staff record. Deactivating, or taking away the username, ends the person's sessions at once.
 * Refused (409): for oneself, deactivating, dropping admin or the username; dropping the last admin; for
 * the holder of a duty post, deactivating or dropping that post's role (hand the post over first).
 */
export async function updateStaff(
  db: Database,
  actor: Actor,
  id: number,
  input: StaffUpdate,
): Promise<StaffMember> {
  const roles = [...new Set(input.roles)];
  const after = {
    name: input.name,
    phone: normalizePhone(input.phone) as string,
    username: input.username,
    roles,
    active: input.active,
  };
  try {
    return await db.transaction(async (tx) => {
      await lockKeys(tx, 'staff-admin');
      // A handover to this person (which takes a shared lock) waits, or is waited for. Not the key lock:
      // rows that refer to this person (audit, sessions) may still be written meanwhile.
      const [before] = await tx
        .select(memberColumns)
        .from(staff)
        .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
        .for('no key update');
      if (!before) throw notFound('Petugas tidak ditemukan.');

      const keepsAdmin = roles.includes('admin') && input.active && input.username !== null;
      if (id === actor.staffId) {
        if (!input.active) throw ownAccount('Anda tidak dapat menonaktifkan akun Anda sendiri.');
        if (!roles.includes('admin'))
          throw ownAccount('Anda tidak dapat mencabut peran admin dari akun Anda sendiri.');
        if (input.username === null)
          throw ownAccount('Anda tidak dapat menghapus nama pengguna akun Anda sendiri.');
      }
      if (before.roles.includes('admin') && !keepsAdmin) await keepAnAdmin(tx, id);

      const duty = await getDuty(tx);
      for (const role of dutyRoles) {
        if (duty[role]?.id === id && (!input.active || !roles.includes(role))) {
          throw conflict(
            'ON_DUTY',
            `${before.name} sedang memegang tugas ${postNames[role]}. Serahkan tugas itu kepada petugas lain lebih dahulu.`,
          );
        }
      }
      if (!before.hasPassword && needsPassword({ username: input.username, roles })) {
        throw conflict(
          'PASSWORD_REQUIRED',
          `${before.name} belum punya kata sandi. Setel kata sandinya dengan Reset Kata Sandi lebih dahulu.`,
        );
      }

      await tx.update(staff).set(after).where(eq(staff.id, id));
      const sessionsEnded = !input.active || input.username === null ? await endSessions(tx, id) : 0;

      const previous: Record<string, unknown> = before;
      const changed = Object.fromEntries(
        Object.entries(after)
          .filter(([field, value]) => JSON.stringify(previous[field]) !== JSON.stringify(value))
          .map(([field, value]) => [field, { from: previous[field], to: value }]),
      );
      const action =
        before.active && !input.active
          ? 'staff.deactivate'
          : !before.active && input.active
            ? 'staff.activate'
            : 'staff.update';
      await audit(tx, actor, action, { type: 'staff', id }, { changed, sessionsEnded });
      return memberById(tx, id);
    });
  } catch (err) {
    throw clash(err) ?? err;
  }
}

/**
 * Sets a new password for a staff member (forgotten, or handed over). Their sessions end, except the
 * admin's own current one when resetting their own password. Someone else's new password is known to the
 * admin too, so the member must choose their own at their next login (`passwordChangeRequired`).
 */
export async function resetStaffPassword(
  db: Database,
  actor: Actor & { tokenHash: string },
  id: number,
  password: string,
): Promise<void> {
  refuseWeakPassword(password, await personOf(db, id));
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await storePasswordHash(tx, id, passwordHash, id !== actor.staffId);
    const sessionsEnded = await endSessions(tx, id, id === actor.staffId ? actor.tokenHash : undefined);
    await audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      'staff.password.reset',
      { type: 'staff', id },
      { sessionsEnded },
    );
  });
}
