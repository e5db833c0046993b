import type { PatientDetail, PatientInput, RegistrationRequest } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../db/schema/index.js';
import { createTestApp, errorOf, type TestApp } from '../test/app.js';
import { localToday } from '../lib/dates.js';
import { createSchedule, loginAsNew, type StaffLogin } from '../test/factories.js';
import { createTestSimrs, type TestSimrs } from '../test/simrs.js';
import { linkInstallStatements, runStatements } from './link.js';

// The counter in linked mode against a real SIMRS (MariaDB, TEST_MARIADB_URL): a new patient is written
// to the SIMRS under the SIMRS's next medical record number, in the same action, or nowhere.

let simrs: TestSimrs;
let t: TestApp;
let clerk: StaffLogin;

beforeAll(async () => {
  simrs = await createTestSimrs({ sample: true });
  await runStatements(simrs.client, await linkInstallStatements(simrs.client));
  t = await createTestApp({ simrs: { url: simrs.url, pollMs: 60_000 } });
  clerk = await loginAsNew(t, { roles: ['registration'] });
});
afterAll(async () => {
  await t?.app.close();
  await simrs?.drop();
});

const register = (input: PatientInput) =>
  t.app.inject({ method: 'POST', url: '/api/patients', payload: input, headers: clerk.headers });

const simrsPatient = async (kode: string) =>
  (
    await simrs.client.rows<{ nama: string; ktp: string | null; telp: string | null }>(
      'select nama, ktp, telp from master_pasien where kode = ?',
      [kode],
    )
  )[0];

/**
 * The SIMRS's own registration, as its program does it: the next number in one statement, again on a
 * clash or a deadlock (1467: one on the auto-increment lock, which an insert…select takes).
 */
async function simrsRegisters(name: string): Promise<void> {
  for (;;) {
    try {
      await simrs.client.run(
        `insert into master_pasien (kode, nama, kelamin, tglahir)
         select lpad(coalesce(max(cast(kode as unsigned)), 0) + 1, 6, '0'), ?, 'L', '1980-01-01'
         from master_pasien where kode regexp '^[0-9]{1,18}$'`,
        [name],
      );
      return;
    } catch (err) {
      if (![1062, 1213, 1467].includes((err as { errno?: number }).errno ?? 0)) throw err;
    }
  }
}

describe('a new patient at the counter, linked to the SIMRS (MariaDB)', () => {
  it('takes the SIMRS’s next number while the SIMRS registers at the same moment: no number twice', async () => {
    const [highest] = await simrs.client.rows<{ n: number }>(
      `select max(cast(kode as unsigned)) as n from master_pasien where kode regexp '^[0-9]+$'`,
    );
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        register({
          name: `Pasien Loket ${String.fromCharCode(65 + i)}`,
          sex: 'P',
          birthDate: '1990-05-0' + (i + 1),
          phone: `08123400000${i}`,
        }),
      ),
      ...Array.from({ length: 6 }, (_, i) => simrsRegisters(`Pasien SIMRS ${i}`)),
    ]);
    const created = answers
      .filter((answer) => answer !== undefined)
      .map((answer) => answer.json<PatientDetail>());
    expect(answers.slice(0, 6).map((answer) => answer?.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);

    const rows = await simrs.client.rows<{ kode: string; nama: string }>(
      'select kode, nama from master_pasien where cast(kode as unsigned) > ? order by kode',
      [highest?.n ?? 0],
    );
    // Twelve patients, twelve numbers, each after the highest before.
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((row) => row.kode)).size).toBe(12);
    for (const patient of created) {
      expect(rows).toContainEqual({ kode: patient.mrn, nama: patient.name });
      expect(await simrsPatient(patient.mrn)).toMatchObject({ telp: patient.phone });
    }
  });

  it('never gives a number the SIMRS removed to another person: the next comes after the portal’s highest', async () => {
    const first = await register({ name: 'Pasien Dihapus Di SIMRS', sex: 'L', birthDate: '1979-09-09' });
    expect(first.statusCode, first.body).toBe(201);
    const removed = first.json<PatientDetail>().mrn;
    // The SIMRS's staff remove the record (a double); the portal keeps its number, as the link's mirror does.
    await simrs.client.run('delete from master_pasien where kode = ?', [removed]);

    const next = await register({ name: 'Pasien Berikutnya', sex: 'P', birthDate: '1991-01-01' });
    expect(next.statusCode, next.body).toBe(201);
    const { mrn } = next.json<PatientDetail>();
    expect(mrn).toBe(String(Number(removed) + 1).padStart(6, '0'));
    expect(await simrsPatient(mrn)).toMatchObject({ nama: 'Pasien Berikutnya' });
  });

  describe('a new patient of a web booking', () => {
    const book = (nik: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: {
          scheduleId: schedule.id,
          date: localToday(),
          payer: 'UMUM',
          patient: {
            newPatient: { nik, name, birthDate: '1992-06-15', sex: 'P', address: 'Jl. Veteran Selatan 12' },
          },
          phone: '081355501234',
        } satisfies RegistrationRequest,
      });
    const inSimrs = async (nik: string) =>
      simrs.client.rows<{ kode: string; nama: string }>(
        'select kode, nama from master_pasien where ktp = ?',
        [nik],
      );
    let schedule: Awaited<ReturnType<typeof createSchedule>>;
    beforeAll(async () => {
      schedule = await createSchedule(t.database.db);
    });

    it('reaches the SIMRS only when the counter checks the KTP, under the SIMRS’s number then', async () => {
      const nik = '7371015506920003';
      const res = await book(nik, 'Sitti Aisyah Rahman');
      expect(res.statusCode, res.body).toBe(201);
      const { mrn, bookingCode } = res.json<{ mrn: string; bookingCode: string }>();
      // Provisional: a number of the portal's own, nothing written to the SIMRS.
      expect(mrn).toMatch(/^S\d{6,}$/);
      expect(await inSimrs(nik)).toEqual([]);

      const checkedIn = await t.app.inject({
        method: 'POST',
        url: `/api/queue/desk/registrations/${bookingCode}/check-in`,
        headers: clerk.headers,
      });
      expect(checkedIn.statusCode, checkedIn.body).toBe(200);
      const [written] = await inSimrs(nik);
      expect(written).toMatchObject({ nama: 'Sitti Aisyah Rahman', kode: expect.stringMatching(/^\d{6,}$/) });
      expect(checkedIn.json()).toMatchObject({ provisional: false, patient: { mrn: written?.kode } });
    });

    it('never reaches the SIMRS when its booking is cancelled', async () => {
      const nik = '7371015506920004';
      const res = await book(nik, 'Nama Karangan');
      expect(res.statusCode, res.body).toBe(201);
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/registrations/${res.json<{ bookingCode: string }>().bookingCode}/cancel`,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await inSimrs(nik)).toEqual([]);
    });
  });

  it('writes nothing anywhere when the SIMRS refuses the patient, and tells the clerk why', async () => {
    const res = await register({
      name: 'Nguyễn Thị Lan',
      sex: 'P',
      birthDate: '1985-07-07',
      nik: '3171014707850001',
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('SIMRS_REFUSED_VALUE');
    expect(
      await t.database.db.select().from(patients).where(eq(patients.nik, '3171014707850001')),
    ).toHaveLength(0);
    const [found] = await simrs.client.rows<{ n: number }>(
      'select count(*) as n from master_pasien where ktp = ?',
      ['3171014707850001'],
    );
    expect(Number(found?.n)).toBe(0);
  });
});
