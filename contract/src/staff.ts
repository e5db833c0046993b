import { z } from 'zod';
import { dutyRoles, staffRoles } from './constants.js';

export const staffRoleSchema = z.enum(staffRoles);

export const dutyRoleSchema = z.enum(dutyRoles);

/**
 * An Indonesian mobile number in the national (08…) form, or null when the text is not one.
 * 08…, +628… and 628… are the same number; spaces, dots, dashes and brackets are ignored.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s.()-]/g, '');
  const match = /^(?:\+62|62|0)(8\d{7,12})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}

export const phoneSchema = z
  .string()
  .max(32)
  .refine((value) => normalizePhone(value) !== null, {
    error: (issue) =>
      String(issue.input).trim() === ''
        ? 'Nomor HP wajib diisi.'
        : 'Nomor HP tidak valid; gunakan nomor seluler Indonesia seperti 081234567890.',
  });

/** Passwords are compared after trimming both sides, as the legacy did. */
export const passwordSchema = z.string().min(1, 'Kata sandi wajib diisi.').max(256);

/** Login names: lower-case letters, digits, dot, dash and underscore. */
export const usernameSchema = z
  .string()
  .regex(
    /^[a-z0-9._-]{3,32}$/,
    'Nama pengguna 3–32 karakter: huruf kecil, angka, titik, minus atau garis bawah.',
  );

/** A password being set (not one being checked): long enough to resist guessing. */
export const newPasswordSchema = z
  .string()
  .max(256)
  .refine((value) => value.trim().length >= 8, 'Kata sandi minimal 8 karakter.');

export const newStaffSchema = z.object({
  name: z.string().trim().min(1, 'Nama wajib diisi.').max(120),
  phone: phoneSchema,
  username: usernameSchema.optional(),
  password: newPasswordSchema,
  roles: z.array(staffRoleSchema),
});
export type NewStaff = z.infer<typeof newStaffSchema>;
