import { z } from 'zod';
import { type StaffRole, staffRoles } from './constants.js';
import {
  dutyRoleSchema,
  newPasswordSchema,
  passwordSchema,
  phoneSchema,
  staffRoleSchema,
  usernameSchema,
} from './staff.js';
import { pageQuery, requiredText } from './text.js';

export const staffListQuerySchema = z.object({
  /** Part of the name, username or phone number, in any case. */
  q: z.string().trim().max(100).optional(),
  /** `true`: active staff only; `false`: deactivated only; absent: both. */
  active: z.enum(['true', 'false']).optional(),
  ...pageQuery,
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

/** A staff member as the staff administration sees them. Never carries a password or its hash. */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  username: z.string().nullable(),
  roles: z.array(staffRoleSchema),
  active: z.boolean(),
  /** A password is set: needed to log in and to take over a duty post. */
  hasPassword: z.boolean(),
  /** Username and password are set: the person can log in (when active). */
  hasLogin: z.boolean(),
  /** The duty posts this person holds now (Petugas Piket, Customer Service). */
  onDuty: z.array(dutyRoleSchema),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffPageSchema = z.object({ items: z.array(staffMemberSchema), total: z.number().int() });
export type StaffPage = z.infer<typeof staffPageSchema>;

/**
 * Who needs a password: whoever can log in, and whoever may take over a duty post (the handover asks for the
 * person's password).
 */
export function needsPassword(input: { username?: string | null; roles: readonly StaffRole[] }): boolean {
  return (
    (input.username !== undefined && input.username !== null) ||
    input.roles.includes('piket') ||
    input.roles.includes('cs')
  );
}

export const PASSWORD_NEEDED_MESSAGE =
  'Kata sandi wajib diisi untuk petugas yang dapat masuk atau memegang tugas piket/CS.';

const staffFields = {
  name: requiredText('Nama', 120),
  phone: phoneSchema,
  /** Lower case; none means the person cannot log in. */
  username: usernameSchema.nullable(),
  roles: z.array(staffRoleSchema).max(staffRoles.length),
};

export const staffCreateSchema = z
  .object({
    ...staffFields,
    username: staffFields.username.optional(),
    password: newPasswordSchema.optional(),
  })
  .refine((input) => input.password !== undefined || !needsPassword(input), {
    path: ['password'],
    message: PASSWORD_NEEDED_MESSAGE,
  });
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** The whole record as it should be; deactivating ends the person's sessions. */
export const staffUpdateSchema = z.object({ ...staffFields, active: z.boolean() });
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const staffPasswordResetSchema = z.object({ password: newPasswordSchema });
export type StaffPasswordReset = z.infer<typeof staffPasswordResetSchema>;

/** A staff member changing their own password proves who they are with the current one. */
export const ownPasswordChangeSchema = z
  .object({ currentPassword: passwordSchema, newPassword: newPasswordSchema })
  .refine((input) => input.currentPassword.trim() !== input.newPassword.trim(), {
    path: ['newPassword'],
    message: 'Kata sandi baru harus berbeda dari kata sandi lama.',
  });
export type OwnPasswordChange = z.infer<typeof ownPasswordChangeSchema>;
