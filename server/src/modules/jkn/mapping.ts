import type { BpjsReference, BpjsScheduleList } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { doctors, doctorSchedules } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isoWeekday } from '../../lib/dates.js';
import { type BpjsLink, BpjsError, callAntrean, listOf } from '../bpjs/client.js';

// BPJS's own lists, fetched for the admin who maps the hospital's clinics and doctors to BPJS's codes.
// Reads go straight through the client (nothing to retry later); only reports go through the outbox.

const notConfigured = () =>
  new AppError(
    409,
    'BPJS_NOT_CONFIGURED',
    'BPJS belum dikonfigurasi (BPJS_ANTREAN_URL, BPJS_CONS_ID, BPJS_SECRET_KEY, BPJS_USER_KEY).',
  );

async function fetchList(link: BpjsLink | undefined, path: string) {
  if (!link) throw notConfigured();
  try {
    return listOf((await callAntrean(link, { method: 'GET', path })).response);
  } catch (err) {
    if (err instanceof BpjsError)
      throw new AppError(502, 'BPJS_FAILED', `Referensi BPJS tidak dapat diambil: ${err.message}`);
    throw err;
  }
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** `ref/poli` and `ref/dokter`: the codes Mobile JKN will send. */
export async function fetchBpjsReference(link: BpjsLink | undefined): Promise<BpjsReference> {
  const [poli, dokter] = await Promise.all([fetchList(link, 'ref/poli'), fetchList(link, 'ref/dokter')]);
  return {
    poli: poli.map((item) => {
      const row = item as Record<string, unknown>;
      return {
        code: text(row.kdsubspesialis || row.kdpoli),
        name: text(row.nmsubspesialis || row.nmpoli),
        poliCode: text(row.kdpoli),
        poliName: text(row.nmpoli),
      };
    }),
    dokter: dokter.map((item) => {
      const row = item as Record<string, unknown>;
      return { code: text(row.kodedokter), name: text(row.namadokter) };
    }),
  };
}

/** `jadwaldokter` of a poli on a date, each held against the hospital's sessions of that weekday. */
export async function checkBpjsSchedules(
  db: Database,
  link: BpjsLink | undefined,
  kodepoli: string,
  date: string,
): Promise<BpjsScheduleList> {
  const list = await fetchList(link, `jadwaldokter/kodepoli/${encodeURIComponent(kodepoli)}/tanggal/${date}`);
  const sessions = await db
    .select({
      doctorId: doctors.id,
      doctorName: doctors.name,
      bpjsCode: doctors.bpjsCode,
      start: doctorSchedules.startTime,
      end: doctorSchedules.endTime,
    })
    .from(doctorSchedules)
    .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
    .where(
      and(
        eq(doctorSchedules.weekday, isoWeekday(date)),
        isNull(doctorSchedules.deletedAt),
        isNull(doctors.deletedAt),
      ),
    );
  const mappedDoctors = await db
    .select({ id: doctors.id, name: doctors.name, bpjsCode: doctors.bpjsCode })
    .from(doctors)
    .where(isNull(doctors.deletedAt));
  return list.map((item) => {
    const row = item as Record<string, unknown>;
    const doctorCode = text(row.kodedokter);
    const hours = text(row.jadwal).replace(/\s+/g, '');
    const doctor = mappedDoctors.find((d) => d.bpjsCode === doctorCode) ?? null;
    return {
      doctorCode,
      doctorName: text(row.namadokter),
      hours,
      capacity: Number(row.kapasitaspasien ?? 0) || 0,
      holiday: Number(row.libur ?? 0) === 1,
      doctor: doctor && { id: doctor.id, name: doctor.name },
      sessionFound: sessions.some(
        (s) => s.bpjsCode === doctorCode && `${s.start.slice(0, 5)}-${s.end.slice(0, 5)}` === hours,
      ),
    };
  });
}
