import {
  type AmbulanceOrderRequest,
  CSRF_HEADER,
  type DutyRole,
  type RegistrationRequest,
  type StaffRole,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { clinics, doctorSchedules, doctors, dutyPosts, patients, rooms } from '../db/schema/index.js';
import { isoWeekday, localToday } from '../lib/dates.js';
import { createStaff } from '../modules/staff/service.js';
import type { TestApp } from './app.js';

let serial = 0;

export interface TestStaff {
  id: number;
  name: string;
  phone: string;
  username: string;
  password: string;
}

export interface StaffOptions {
  roles?: StaffRole[];
  name?: string;
  password?: string;
  /** The post the member holds from the start. */
  onDuty?: DutyRole;
}

/** A staff member with a unique name, phone and login; the password is returned for the test to use. */
export async function createStaffMember(db: Database, options: StaffOptions = {}): Promise<TestStaff> {
  serial += 1;
  const member = {
    name: options.name ?? `Petugas Uji ${String(serial).padStart(3, '0')}`,
    phone: `0812${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`,
    username: `uji${process.pid % 1000}x${serial}`,
    password: options.password ?? `sandi-uji-${serial}`,
  };
  const { id } = await createStaff(db, { ...member, roles: options.roles ?? [] });
  if (options.onDuty) await putOnDuty(db, options.onDuty, id);
  return { id, ...member };
}

export interface LoggedIn {
  cookie: string;
  csrfToken: string;
  /** Headers for a state-changing request: session cookie and CSRF token. */
  headers: Record<string, string>;
}

/** Logs in through the API, as the browser does. */
export async function loginAs(app: App, member: TestStaff): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: member.username, password: member.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const session = res.cookies.find((c) => c.name === 'portal_sid');
  if (!session) throw new Error('login set no session cookie');
  const cookie = `portal_sid=${session.value}`;
  const { csrfToken } = res.json<{ csrfToken: string }>();
  return { cookie, csrfToken, headers: { cookie, [CSRF_HEADER]: csrfToken } };
}

export interface StaffLogin extends LoggedIn {
  member: TestStaff;
}

/** A new staff member (as `createStaffMember` makes them), logged in through the API. */
export async function loginAsNew(t: TestApp, options: StaffOptions = {}): Promise<StaffLogin> {
  const member = await createStaffMember(t.database.db, options);
  return { ...(await loginAs(t.app, member)), member };
}

let addresses = 0;
/**
 * A client address no other call of this test file came from, so that the per-address limits on
 * public writes bite only where a test sends from one address on purpose.
 */
export function nextAddress(): string {
  addresses += 1;
  return `10.50.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

/** A room with a unique code; `capacity` beds, single-sex when `sex` is given. */
export async function createRoom(
  db: Database,
  options: { capacity?: number; sex?: 'L' | 'P'; class?: string; name?: string } = {},
) {
  serial += 1;
  const [room] = await db
    .insert(rooms)
    .values({
      code: `R${serial}`,
      name: options.name ?? `Ruang Uji ${serial}`,
      class: options.class ?? 'KL3',
      capacity: options.capacity ?? 2,
      sex: options.sex ?? null,
    })
    .returning();
  if (!room) throw new Error('room not created');
  return room;
}

/**
 * A NIK that could exist (a known province, a real date in digits 7–12, as the booking form checks), unique
 * per test process: the regency and district digits are the process's, the serial its own.
 */
const testNik = (serial: number) =>
  `73${String(process.pid % 10_000).padStart(4, '0')}${String(1 + (Math.floor(serial / 10_000) % 28)).padStart(2, '0')}0685${String(serial % 10_000).padStart(4, '0')}`;

let nikSerial = 500_000;
/** A NIK no patient of this test process has, for a new patient's form. */
export const freshNik = () => testNik(++nikSerial);

/** A patient with a unique medical record number and NIK, and the mobile number 081234567890 on record. */
export async function createPatient(
  db: Database,
  options: { sex?: 'L' | 'P'; name?: string; birthDate?: string; phone?: string | null } = {},
) {
  serial += 1;
  const [patient] = await db
    .insert(patients)
    .values({
      mrn: `T${String(serial).padStart(6, '0')}`,
      nik: testNik(serial),
      name: options.name ?? `Pasien Uji ${serial}`,
      sex: options.sex ?? 'L',
      birthDate: options.birthDate ?? '1985-06-15',
      // The number a public booking proves the patient with (the tests book with it).
      phone: options.phone === undefined ? '081234567890' : options.phone,
    })
    .returning();
  if (!patient) throw new Error('patient not created');
  return withBirthDate(patient);
}

/** A patient made in a test has a birth date (only the legacy import leaves one empty): typed so. */
export function withBirthDate<T extends { birthDate: string | null }>(patient: T): T & { birthDate: string } {
  const { birthDate } = patient;
  if (birthDate === null) throw new Error('patient created without a birth date');
  return { ...patient, birthDate };
}

/** `count` patients as `createPatient` makes them, written at once. */
export async function createPatients(db: Database, count: number) {
  if (count === 0) return [];
  const rows = Array.from({ length: count }, () => {
    serial += 1;
    return {
      mrn: `T${String(serial).padStart(6, '0')}`,
      nik: testNik(serial),
      name: `Pasien Uji ${serial}`,
      sex: 'L' as const,
      birthDate: '1985-06-15',
      phone: '081234567890',
    };
  });
  return (await db.insert(patients).values(rows).returning()).map(withBirthDate);
}

/**
 * What the website's booking form sends for `patient` (who proves who they are with the birth date and the
 * mobile number on record) into `schedule` on `date`, paying themselves.
 */
export function webBooking(
  schedule: { id: number },
  patient: { mrn: string; birthDate: string; phone: string | null },
  date = localToday(),
): RegistrationRequest {
  return {
    scheduleId: schedule.id,
    date,
    payer: 'UMUM',
    patient: { mrn: patient.mrn, birthDate: patient.birthDate },
    phone: patient.phone ?? '',
  };
}

export interface TestSchedule {
  id: number;
  clinicId: number;
  doctorId: number;
  queuePrefix: string;
  /** How BPJS names the session (Mobile JKN's `kodepoli`, `kodedokter`, `jampraktek`). */
  bpjs: { kodepoli: string; kodedokter: number; jampraktek: string };
}

/**
 * A clinic with one doctor and one weekly schedule; by default on today's weekday, all day, so
 * that it can be booked (and run at the desk) today whenever the test runs.
 */
export async function createSchedule(
  db: Database,
  options: {
    weekday?: number;
    start?: string;
    end?: string;
    quotaJkn?: number;
    quotaNonJkn?: number;
    minutesPerPatient?: number;
    /** Another doctor's session in this schedule's clinic, instead of a new clinic. */
    inClinicOf?: TestSchedule;
  } = {},
): Promise<TestSchedule> {
  serial += 1;
  const prefix = `Q${String.fromCharCode(65 + (serial % 26))}${String.fromCharCode(65 + (Math.floor(serial / 26) % 26))}`;
  const [clinic] = options.inClinicOf
    ? await db.select().from(clinics).where(eq(clinics.id, options.inClinicOf.clinicId))
    : await db
        .insert(clinics)
        .values({
          code: `C${serial}`,
          name: `Poli Uji ${serial}`,
          bpjsCode: `C${serial}`,
          queuePrefix: prefix,
        })
        .returning();
  if (!clinic) throw new Error('clinic not created');
  const [doctor] = await db
    .insert(doctors)
    // BPJS doctor codes are numbers (HFIS).
    .values({ name: `dr. Uji ${serial}, Sp.PD`, bpjsCode: String(800_000 + serial), clinicId: clinic.id })
    .returning();
  if (!doctor) throw new Error('doctor not created');
  const [schedule] = await db
    .insert(doctorSchedules)
    .values({
      clinicId: clinic.id,
      doctorId: doctor.id,
      weekday: options.weekday ?? isoWeekday(localToday()),
      startTime: options.start ?? '00:00',
      endTime: options.end ?? '23:59',
      quotaJkn: options.quotaJkn ?? 20,
      quotaNonJkn: options.quotaNonJkn ?? 10,
      minutesPerPatient: options.minutesPerPatient ?? 10,
    })
    .returning();
  if (!schedule) throw new Error('schedule not created');
  return {
    id: schedule.id,
    clinicId: clinic.id,
    doctorId: doctor.id,
    queuePrefix: clinic.queuePrefix,
    bpjs: {
      kodepoli: clinic.bpjsCode ?? '',
      kodedokter: Number(doctor.bpjsCode),
      jampraktek: `${schedule.startTime.slice(0, 5)}-${schedule.endTime.slice(0, 5)}`,
    },
  };
}

/** Makes `staffId` the holder of a post (the on-duty officer or customer service). */
export async function putOnDuty(db: Database, role: DutyRole, staffId: number): Promise<void> {
  await db
    .insert(dutyPosts)
    .values({ role, staffId })
    .onConflictDoUpdate({ target: dutyPosts.role, set: { staffId } });
}

/** A moment `hours` from now, as the API takes it (ISO 8601 with the WIB offset). */
export function hoursFromNow(hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  const wib = new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19);
  return `${wib}+07:00`;
}

/** A valid ambulance order body; `overrides` change single fields. */
export function ambulanceOrderBody(overrides: Partial<AmbulanceOrderRequest> = {}): AmbulanceOrderRequest {
  return {
    requesterName: 'Hasnah Daeng Ngai',
    phone: '0812 4455 6677',
    patientName: 'Baso Tang',
    pickupAddress: 'Jl. Perintis Kemerdekaan Km. 9 No. 12, Tamalanrea, Makassar',
    destination: 'IGD Rumah Sakit',
    scheduledAt: hoursFromNow(2),
    notes: 'Pasien memakai kursi roda.',
    ...overrides,
  };
}
