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
 * What a staff member may do. Kept small; docs/security.md ("Roles") says what each one allows.
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

/**
 * Who may use each staff desk. The web's screen registry gates its routes and menu with these lists
 * and the server's `requireStaff` guards the desk's API with the same ones, so a screen and its API
 * cannot disagree on who may enter.
 */
export const deskRoles = {
  /** Staff administration, tariff books, complaint categories, attendance of everyone, the roster. */
  admin: ['admin'],
  orders: ['orders', 'piket', 'admin'],
  complaints: ['complaints', 'cs', 'admin'],
  outbox: ['admin', 'piket', 'cs'],
  ward: ['ward', 'admin'],
  /** The clinic queue desk and the clinics, doctors, schedules and closed days. */
  registration: ['registration', 'admin'],
  records: ['records', 'admin'],
  /**
   * Patients at the counter: registration clerks find and register the walk-in patients they book, the
   * medical records desk keeps the records; both read the reference lists for the patient form.
   */
  counter: ['registration', 'records', 'admin'],
  theatre: ['theatre', 'admin'],
  /** The duty handover log. */
  dutyLog: ['admin', 'piket'],
  /** Who read which patient's data (the read audit): the medical records officer. */
  patientReads: ['records', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Desk = keyof typeof deskRoles;

/** The two posts of the settings sidebar: on-duty officer (Petugas Piket) and customer service. */
export const dutyRoles = ['piket', 'cs'] as const;
export type DutyRole = (typeof dutyRoles)[number];

/**
 * BPJS bed class codes (Aplicares `kodekelas`) a room may have, in the order the bed board shows them.
 */
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
  'IGD',
  'UGD',
  'SAL',
  'HCU',
  'ISO',
] as const;
export type BedClass = (typeof bedClasses)[number];

/**
 * Why an inpatient stay ended, as hospitals report it (the ward desk's labels): sembuh / pulang atas
 * persetujuan dokter, pulang atas permintaan sendiri (APS), dirujuk, meninggal, lainnya.
 */
export const dischargeReasons = ['recovered', 'own_request', 'referred', 'died', 'other'] as const;
export type DischargeReason = (typeof dischargeReasons)[number];

/** What can be ordered: an ambulance, or a hearse (mobil jenazah). */
export const orderKinds = ['ambulance', 'hearse'] as const;
export type OrderKind = (typeof orderKinds)[number];

export const orderStatuses = ['NEW', 'CONFIRMED', 'ON_THE_WAY', 'DONE', 'CANCELLED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The moves the orders desk may make; any other is refused with 409 `ILLEGAL_STATUS_CHANGE`. */
export const orderStatusMoves: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  NEW: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['ON_THE_WAY', 'CANCELLED'],
  ON_THE_WAY: ['DONE', 'CANCELLED'],
  DONE: [],
  CANCELLED: [],
};

/** How far ahead an order may be placed, and how far a client's clock may lag behind the server's. */
export const ORDER_HORIZON_DAYS = 90;
export const ORDER_CLOCK_SKEW_MINUTES = 5;

export const complaintStatuses = ['RECEIVED', 'IN_PROGRESS', 'RESOLVED'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

/** The moves the complaints desk may make; any other is refused with 409 `ILLEGAL_STATUS_CHANGE`. */
export const complaintStatusMoves: Readonly<Record<ComplaintStatus, readonly ComplaintStatus[]>> = {
  RECEIVED: ['IN_PROGRESS', 'RESOLVED'],
  IN_PROGRESS: ['RESOLVED'],
  RESOLVED: [],
};

/** A WhatsApp message waits (`pending`), went out (`sent`), or gave up after its last retry (`failed`). */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * Letters and digits of tracking codes: no 0/O, 1/I/L, so that a code read over the phone is not
 * misheard. Codes are 8 of them, shown as `XXXX-XXXX`; lookups take any case, with or without the dash.
 */
export const TRACKING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Who pays an outpatient visit: BPJS Kesehatan (JKN) or the patient (UMUM). Each has its own quota. */
export const payers = ['JKN', 'UMUM'] as const;
export type Payer = (typeof payers)[number];

/**
 * A booking's life: booked online, checked in on the day, called into the clinic, served; or
 * cancelled before the day, or a no-show when called and absent.
 */
export const registrationStatuses = [
  'BOOKED',
  'CHECKED_IN',
  'CALLED',
  'SERVED',
  'CANCELLED',
  'NO_SHOW',
] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/**
 * Where a booking was made: the website (and its kiosk), Mobile JKN (BPJS Kesehatan), or the registration
 * counter (`DESK`, booked by a clerk for a walk-in patient).
 */
export const registrationSources = ['WEB', 'MJKN', 'DESK'] as const;
export type RegistrationSource = (typeof registrationSources)[number];

/**
 * BPJS antrean task ids stamped on a booking (legacy `taskid`): 1 start waiting for admission (new
 * patient at the counter), 2 admission service starts, 3 waiting for the clinic, 4 clinic service
 * starts (called), 5 clinic service ends (served), 6–7 pharmacy (not run by this portal), 99
 * cancelled or no-show.
 */
/** BPJS `jenisresep`: a compounded prescription takes the pharmacy longer. */
export const prescriptionTypes = ['racikan', 'non racikan'] as const;
export type PrescriptionType = (typeof prescriptionTypes)[number];

export const queueTaskIds = [1, 2, 3, 4, 5, 6, 7, 99] as const;
export type QueueTaskId = (typeof queueTaskIds)[number];

/** Days ahead a booking may be made by default (REGISTRATION_HORIZON_DAYS). */
export const REGISTRATION_HORIZON_DAYS = 30;
/** Minutes a doctor spends per patient when the schedule does not say. */
export const DEFAULT_MINUTES_PER_PATIENT = 10;
/** Weekdays as ISO numbers: 1 Monday … 7 Sunday. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** Duty roster shifts and their hours (the night shift ends the next morning). */
export const rosterShifts = ['pagi', 'siang', 'malam'] as const;
export type RosterShift = (typeof rosterShifts)[number];
export const rosterShiftHours: Readonly<Record<RosterShift, { start: string; end: string }>> = {
  pagi: { start: '07:00', end: '14:00' },
  siang: { start: '14:00', end: '21:00' },
  malam: { start: '21:00', end: '07:00' },
};

/** Minutes after the rostered shift start before a first clock-in counts as late. */
export const ATTENDANCE_GRACE_MINUTES = 15;
/**
 * A shift longer than this is taken for a forgotten clock-out: it can still be closed, but it is flagged and
 * its hours are left out of the recap (the longest rostered shift, malam, is 10 hours).
 */
export const ATTENDANCE_LONG_SHIFT_HOURS = 16;
/** The longest span of days one roster request may cover. */
export const ROSTER_MAX_DAYS = 62;

/** Operating-room schedule states, as the legacy stored them; a cancelled operation is flagged apart. */
export const operationStatuses = ['Menunggu', 'Sedang Berlangsung', 'Selesai'] as const;
export type OperationStatus = (typeof operationStatuses)[number];
/** The only moves: waiting → in progress → done. Cancelling (`batal`) is allowed until done. */
export const operationStatusMoves: Readonly<Record<OperationStatus, readonly OperationStatus[]>> = {
  Menunggu: ['Sedang Berlangsung'],
  'Sedang Berlangsung': ['Selesai'],
  Selesai: [],
};

/** Most patients a search returns (legacy: 200). */
export const PATIENT_SEARCH_LIMIT = 200;
/** Visits on a patient's page, newest first (legacy: 30). */
export const RECENT_VISITS = 30;

/**
 * The time zones the hospital may run on (the server's `TZ`): Indonesia's, each with the abbreviation its
 * times are labelled with and its offset from UTC (Indonesia keeps no summer time). Pontianak is WIB as
 * Jakarta is.
 */
export const hospitalTimeZones = {
  'Asia/Jakarta': { label: 'WIB', offset: '+07:00' },
  'Asia/Pontianak': { label: 'WIB', offset: '+07:00' },
  'Asia/Makassar': { label: 'WITA', offset: '+08:00' },
  'Asia/Jayapura': { label: 'WIT', offset: '+09:00' },
} as const;
export type HospitalTimeZone = keyof typeof hospitalTimeZones;
export const hospitalTimeZoneNames = Object.keys(hospitalTimeZones) as [
  HospitalTimeZone,
  ...HospitalTimeZone[],
];

export function isHospitalTimeZone(zone: string): zone is HospitalTimeZone {
  return Object.hasOwn(hospitalTimeZones, zone);
}
