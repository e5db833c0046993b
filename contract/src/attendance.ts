import { z } from 'zod';
import { MAX_INT } from './text.js';
import { ROSTER_MAX_DAYS, rosterShifts } from './constants.js';
import { officerSchema, staffRefSchema } from './duty.js';
import { calendarDateSchema } from './registration.js';
import { dutyRoleSchema } from './staff.js';

export const monthSchema = z
  .string({ error: 'Bulan wajib diisi.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM.')
  .refine((month) => month >= '1900-01' && month <= '2999-12', 'Bulan harus antara tahun 1900 dan 2999.');

// ---------------------------------------------------------------------------------------------
// Attendance (absensi)

export const attendanceShiftSchema = z.object({
  id: z.number().int(),
  clockIn: z.string(),
  /** Null while the shift is open. */
  clockOut: z.string().nullable(),
  /** Whole minutes worked (seconds dropped); null while the shift is open. */
  minutes: z.number().int().nullable(),
  /** Longer than ATTENDANCE_LONG_SHIFT_HOURS, open or closed: probably a forgotten clock-out. */
  tooLong: z.boolean(),
});
export type AttendanceShift = z.infer<typeof attendanceShiftSchema>;

export const myAttendanceQuerySchema = z.object({ month: monthSchema.optional() });

export const myAttendanceSchema = z.object({
  /** The server's clock when answering. */
  now: z.string(),
  month: z.string(),
  /** The open shift, if any (also one opened in an earlier month). */
  open: attendanceShiftSchema.nullable(),
  /** Shifts clocked in during the month, newest first. */
  shifts: z.array(attendanceShiftSchema),
  /** Minutes of the month's closed shifts, without the too-long ones. */
  totalMinutes: z.number().int(),
});
export type MyAttendance = z.infer<typeof myAttendanceSchema>;

export const rosterShiftSchema = z.enum(rosterShifts, { error: 'Shift harus pagi, siang atau malam.' });
export const rosterPostSchema = z.object({ shift: rosterShiftSchema, role: dutyRoleSchema });

export const attendanceStatuses = ['working', 'left', 'absent'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

export const todayAttendanceSchema = z.object({
  date: z.string(),
  staff: z.array(
    z.object({
      staff: staffRefSchema,
      /** Posts this person is rostered for today. */
      rostered: z.array(rosterPostSchema),
      /** Shifts that overlap today: clocked in today, still open, or closed today. */
      shifts: z.array(attendanceShiftSchema),
      /** working: a shift is open; left: clocked out; absent: no shift today. */
      status: z.enum(attendanceStatuses),
    }),
  ),
});
export type TodayAttendance = z.infer<typeof todayAttendanceSchema>;

export const attendanceRecapQuerySchema = z.object({ month: monthSchema });

export const attendanceRecapRowSchema = z.object({
  staff: staffRefSchema,
  /** Calendar days (the hospital's time zone) with at least one clock-in. */
  daysPresent: z.number().int(),
  /** Whole minutes of the month's closed shifts (each shift belongs to the month it was clocked in). */
  totalMinutes: z.number().int(),
  /** Rostered shifts (date and shift) that have begun by now. */
  rosteredShifts: z.number().int(),
  /** Rostered shifts whose first clock-in came later than the shift start plus the grace. */
  lateArrivals: z.number().int(),
  /** Rostered shifts that ended without a clock-in. */
  missedShifts: z.number().int(),
  /** Shifts longer than ATTENDANCE_LONG_SHIFT_HOURS, not counted in totalMinutes. */
  longShifts: z.number().int(),
});
export type AttendanceRecapRow = z.infer<typeof attendanceRecapRowSchema>;

export const attendanceRecapSchema = z.object({
  month: z.string(),
  graceMinutes: z.number().int(),
  rows: z.array(attendanceRecapRowSchema),
});
export type AttendanceRecap = z.infer<typeof attendanceRecapSchema>;

// ---------------------------------------------------------------------------------------------
// Duty roster (piket)

export const rosterEntrySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  shift: rosterShiftSchema,
  role: dutyRoleSchema,
  staff: staffRefSchema,
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;
export const rosterEntryListSchema = z.array(rosterEntrySchema);

const dayMs = 86_400_000;

export const rosterQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'Tanggal akhir tidak boleh sebelum tanggal awal.' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / dayMs < ROSTER_MAX_DAYS, {
    path: ['to'],
    error: `Rentang tanggal paling panjang ${ROSTER_MAX_DAYS} hari.`,
  });

export const rosterInputSchema = z.object({
  date: calendarDateSchema,
  shift: rosterShiftSchema,
  role: dutyRoleSchema,
  staffId: z
    .number({ error: 'Petugas wajib dipilih.' })
    .int()
    .positive('Petugas wajib dipilih.')
    .max(MAX_INT, 'Petugas wajib dipilih.'),
});
export type RosterInput = z.infer<typeof rosterInputSchema>;

/** Staff who may be rostered, per post: active and holding the post's role. */
export const rosterEligibleSchema = z.object({
  piket: z.array(staffRefSchema),
  cs: z.array(staffRefSchema),
});
export type RosterEligible = z.infer<typeof rosterEligibleSchema>;

export const rosterNowSchema = z.object({
  /** The roster date of the current shift: the night shift after midnight belongs to the day before. */
  date: z.string(),
  shift: rosterShiftSchema,
  posts: z.array(
    z.object({
      role: dutyRoleSchema,
      scheduled: staffRefSchema.nullable(),
      /** Who actually holds the post (GET /api/duty). */
      active: officerSchema.nullable(),
      /** Someone is scheduled and someone else (or nobody) holds the post. */
      differs: z.boolean(),
    }),
  ),
});
export type RosterNow = z.infer<typeof rosterNowSchema>;
