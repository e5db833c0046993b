import {
  type NewStaff,
  newPasswordSchema,
  newStaffSchema,
  normalizePhone,
  type StaffRole,
} from '@portal/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { single } from '../../db/rows.js';
import { staff } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';

/** The refusal of a validation, by field; `field` names a value that was checked alone (a password). */
function invalid(error: z.ZodError, field = 'input'): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || field] ??= issue.message;
  return new AppError(400, 'VALIDATION_ERROR', 'Data petugas tidak valid.', { fields });
}

/** Unique-constraint violations of the staff table, told as the field that clashes. */
export function clash(err: unknown): AppError | undefined {
  const constraint =
    (err as { constraint?: string; cause?: { constraint?: string } }).constraint ??
    (err as { cause?: { constraint?: string } }).cause?.constraint;
  if (constraint === 'staff_username_unique') {
    return new AppError(409, 'USERNAME_TAKEN', 'Nama pengguna sudah dipakai.', {
      fields: { username: 'Nama pengguna sudah dipakai.' },
    });
  }
  if (constraint === 'staff_phone_live_unique') {
    return new AppError(409, 'PHONE_TAKEN', 'Nomor HP sudah terdaftar untuk petugas lain.', {
      fields: { phone: 'Nomor HP sudah terdaftar untuk petugas lain.' },
    });
  }
  return undefined;
}

export async function createStaff(db: Database, input: NewStaff): Promise<{ id: number }> {
  const parsed = newStaffSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { name, phone, username, password, roles } = parsed.data;
  const passwordHash = await hashPassword(password);
  try {
    return single(
      await db
        .insert(staff)
        .values({
          name,
          phone: normalizePhone(phone) as string,
          username: username ?? null,
          passwordHash,
          roles: [...new Set(roles)],
        })
        .returning({ id: staff.id }),
    );
  } catch (err) {
    throw clash(err) ?? err;
  }
}

export async function setPassword(db: Database, id: number, password: string): Promise<void> {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw invalid(parsed.error, 'password');
  refuseWeakPassword(parsed.data, await personOf(db, id));
  await storePasswordHash(db, id, await hashPassword(parsed.data));
}

/** The name and login name of a staff member who is not deleted (404 otherwise), to check a new password by. */
export async function personOf(db: Database, id: number): Promise<{ name: string; username: string | null }> {
  return single(
    await db
      .select({ name: staff.name, username: staff.username })
      .from(staff)
      .where(and(eq(staff.id, id), isNull(staff.deletedAt))),
    () => notFound('Petugas tidak ditemukan.'),
  );
}

/**
 * Stores the password hash of a staff member who is not deleted (404 otherwise). It takes the hash, not the
 * password: hashing is slow on purpose and belongs before a caller's transaction opens. `changeRequired`
 * makes the person choose their own at the next login: a password an admin set for them on /pegawai, or a
 * weak one the legacy import kept. The command line's `staff passwd` (the operator's way in) leaves it off.
 */
export async function storePasswordHash(
  db: Database | Transaction,
  id: number,
  passwordHash: string,
  changeRequired = false,
): Promise<void> {
  single(
    await db
      .update(staff)
      .set({ passwordHash, passwordChangeRequired: changeRequired })
      .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
      .returning({ id: staff.id }),
    () => notFound('Petugas tidak ditemukan.'),
  );
}

export interface StaffSummary {
  id: number;
  name: string;
  phone: string;
  username: string | null;
  roles: StaffRole[];
  active: boolean;
}

/** Who a staff member is, as the lists show them (the admin's list adds more). */
export const summaryColumns = {
  id: staff.id,
  name: staff.name,
  phone: staff.phone,
  username: staff.username,
  roles: staff.roles,
  active: staff.active,
};

export async function listStaff(db: Database): Promise<StaffSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(staff)
    .where(isNull(staff.deletedAt))
    .orderBy(asc(staff.name));
  return rows.map((row) => ({ ...row, roles: row.roles as StaffRole[] }));
}

/** Names by id, for showing who did what; also of staff deleted since (the record keeps them). */
export async function staffNames(db: Database | Transaction, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(inArray(staff.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
