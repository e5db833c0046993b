// Plain values shared by server and web, free of zod so that the web app's first view can import
// them without the schema library (its initial JavaScript is budgeted).

/** Header that carries the CSRF token on every state-changing staff request. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * A readable cookie (no secret in it) that tells the web app a staff session may exist, so the
 * public's browsers never ask `GET /api/auth/me` only to hear 401.
 */
export const STAFF_HINT_COOKIE = 'portal_staff';

/**
 * What a staff member may do. Kept small; README.md ("Roles") says what each one allows.
 * `piket` and `cs` make a person eligible to take over the on-duty / customer-service post.
 */
export const staffRoles = [
  'admin',
  'piket',
  'cs',
  'registration',
  'ward',
  'records',
  'theatre',
  'orders',
  'complaints',
] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The two posts of the settings sidebar: on-duty officer (Petugas Piket) and customer service. */
export const dutyRoles = ['piket', 'cs'] as const;
export type DutyRole = (typeof dutyRoles)[number];

/** BPJS bed class codes used by the hospital's rooms, in the order the bed board shows them. */
export const bedClasses = [
  'VVP',
  'VIP',
  'UTM',
  'KL1',
  'KL2',
  'KL3',
  'ICU',
  'ICC',
  'NIC',
  'PIC',
  'HCU',
  'ISO',
] as const;
