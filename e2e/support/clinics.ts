import { expect, type Page } from '@playwright/test';
import { csrfHeaders, type StaffSession } from './staff.ts';

// A clinic of its own, with a session today that runs all day, so that a booking, the desk and the
// board can be followed whatever the time of the test run.
export interface TestClinic {
  id: number;
  name: string;
  doctor: string;
  /** The doctor's session today, as BPJS names it (`jampraktek`). */
  hours: string;
}

/** Today's ISO weekday in the hospital's time zone (WIB, UTC+7). */
const todayWeekday = () => new Date(Date.now() + 7 * 3_600_000).getUTCDay() || 7;

/** Today's date in the hospital's time zone (WIB), YYYY-MM-DD. */
export const todayWib = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** `n` random digits: a NIK, a phone number or a card number no other test uses. */
export const randomDigits = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * A NIK no other test uses that could exist, as the booking form checks: Makassar's province and regency, a
 * real birth date in digits 7–12 (a man's: the day without 40 added), and random digits around it.
 */
export const randomNik = () =>
  `7371${randomDigits(2)}${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}${randomDigits(2)}${randomDigits(4)}`;

/** A name (a doctor's, with its dots and commas) as a pattern that finds it inside an accessible name. */
export const namePattern = (name: string) => new RegExp(name.replace(/[.,]/g, '\\$&'));

/** Two random capital letters after `first`: a clinic code and queue prefix no other test uses. */
export const randomPrefix = (first: string) =>
  `${first}${String.fromCharCode(65 + Math.floor(Math.random() * 26))}${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`;

/** Creates the clinic through the admin API; `bpjs` gives it and its doctor BPJS codes (Mobile JKN). */
export async function createClinic(
  page: Pick<Page, 'request'>,
  session: StaffSession,
  prefix: string,
  bpjs: { poli: string; doctor: string } | null = null,
): Promise<TestClinic> {
  const headers = csrfHeaders(session);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number };
  };
  const name = `Poli Uji ${prefix}`;
  const doctor = `dr. Uji ${prefix}, Sp.PD`;
  const clinic = await post('/api/admin/clinics', {
    code: prefix,
    name,
    bpjsCode: bpjs?.poli ?? null,
    queuePrefix: prefix,
    active: true,
  });
  const doctorRow = await post('/api/admin/doctors', {
    name: doctor,
    bpjsCode: bpjs?.doctor ?? null,
    clinicId: clinic.id,
    active: true,
  });
  await post('/api/admin/schedules', {
    clinicId: clinic.id,
    doctorId: doctorRow.id,
    weekday: todayWeekday(),
    start: '00:00',
    end: '23:59',
    quotaJkn: 5,
    quotaNonJkn: 5,
    minutesPerPatient: 10,
    active: true,
  });
  return { id: clinic.id, name, doctor, hours: '00:00-23:59' };
}
