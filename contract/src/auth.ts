import { z } from 'zod';
import { passwordSchema, staffRoleSchema } from './staff.js';

/** Header that carries the CSRF token on every state-changing staff request. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * A readable cookie (no secret in it) that tells the web app a staff session may exist, so the
 * public's browsers never ask `GET /api/auth/me` only to hear 401.
 */
export const STAFF_HINT_COOKIE = 'portal_staff';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Nama pengguna wajib diisi.').max(64),
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
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
