import { CSRF_HEADER, type StaffRole } from '@portal/contract';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { patients, rooms } from '../db/schema/index.js';
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
