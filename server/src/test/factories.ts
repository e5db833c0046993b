import { type AmbulanceOrderRequest, CSRF_HEADER, type DutyRole, type StaffRole } from '@portal/contract';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { dutyPosts, patients, rooms } from '../db/schema/index.js';
import { createStaff } from '../modules/staff/service.js';

let serial = 0;

export interface TestStaff {
  id: number;
  name: string;
  phone: string;
  username: string;
  password: string;
}

/** A staff member with a unique name, phone and login; the password is returned for the test to use. */
export async function createStaffMember(
  db: Database,
  options: { roles?: StaffRole[]; name?: string; password?: string } = {},
): Promise<TestStaff> {
  serial += 1;
  const member = {
    name: options.name ?? `Petugas Uji ${String(serial).padStart(3, '0')}`,
    phone: `0812${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`,
    username: `uji${process.pid % 1000}x${serial}`,
    password: options.password ?? `sandi-uji-${serial}`,
  };
  const { id } = await createStaff(db, { ...member, roles: options.roles ?? [] });
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

/** A patient with a unique medical record number. */
export async function createPatient(db: Database, options: { sex?: 'L' | 'P'; name?: string } = {}) {
  serial += 1;
  const [patient] = await db
    .insert(patients)
    .values({
      mrn: `T${String(serial).padStart(6, '0')}`,
      name: options.name ?? `Pasien Uji ${serial}`,
      sex: options.sex ?? 'L',
      birthDate: '1985-06-15',
    })
    .returning();
  if (!patient) throw new Error('patient not created');
  return patient;
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
