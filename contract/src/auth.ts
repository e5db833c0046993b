import { z } from 'zod';
import { passwordSchema, staffRoleSchema } from './staff.js';

export const loginRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Nama pengguna wajib diisi.')
    .max(64, 'Nama pengguna paling panjang 64 karakter.'),
  password: passwordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The logged-in staff member, as `POST /api/auth/login` and `GET /api/auth/me` answer. */
export const sessionInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  roles: z.array(staffRoleSchema),
  csrfToken: z.string(),
  /**
   * Present (true) while the person must set a new password (their legacy password fails the portal's
   * rules): every other staff call answers 403 `PASSWORD_CHANGE_REQUIRED` until `POST /api/auth/password`.
   */
  passwordChangeRequired: z.boolean().optional(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
