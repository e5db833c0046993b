import type { Sep, SepAccident, SepBasis, SepDraft, SepInput } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  clinics,
  doctors,
  patients,
  registrationSeps,
  registrations,
  type SepRecord,
  staff,
} from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, type AuditActor, audit } from '../../lib/audit.js';
import { localToday, longDate } from '../../lib/dates.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { BpjsError } from '../bpjs/client.js';
import type { Lookup, ReferralSource } from '../bpjs/vclaim.js';
import type { JknChecker } from './jkn-checks.js';
import { findBooking } from './service.js';

// The SEP of a JKN visit, issued with VClaim at the admission desk once the patient is admitted. Issuing is a
// direct call, not the outbox: the clerk waits at the counter for the number to print and hand over, and a
// refusal (a second SEP the same day, a referral used up) is the clerk's to read and act on at once, with the
// patient there; an outbox would retry what BPJS refused and leave the patient without a letter. When VClaim
// does not answer, nothing is issued and the clerk is told to try again. Two requests for one booking (two
// clicks, two clerks) never both reach VClaim: the booking's SEP row is claimed first (see `registrationSeps`).

/** A booking's SEP as the booking lists show it; a SEP still being issued is none yet. */
export const sepRef = (number: string | null, date: string | null) =>
  number && date ? { number, date } : null;

/** A claim older than this is a crash's leftover, taken over: longer than the longest VClaim wait (60 s). */
const CLAIM_STALE = sql`now() - interval '2 minutes'`;

/** Who issued a SEP at the lobby kiosk, for VClaim's user field and the printout. */
const KIOSK_USER = 'Anjungan mandiri';

/** VClaim's user field: the clerk's name, as long as VClaim takes it. */
const userOf = (name: string) => name.slice(0, 30);

function vclaimOf(checker: JknChecker | undefined): JknChecker & { ppkCode: string } {
  if (!checker?.ppkCode) {
    throw conflict(
      'VCLAIM_NOT_CONFIGURED',
      'VClaim BPJS belum disiapkan di portal (BPJS_VCLAIM_URL dan BPJS_PPK_CODE): buat SEP di aplikasi VClaim BPJS.',
    );
  }
  return { vclaim: checker.vclaim, ppkCode: checker.ppkCode };
}

/** BPJS refused (its own words, as they came) or did not answer. */
function bpjsFailure(err: unknown): unknown {
  if (!(err instanceof BpjsError)) return err;
  if (err.said) return new AppError(409, 'BPJS_REFUSED', err.said);
  return new AppError(
    503,
    'BPJS_UNAVAILABLE',
    `VClaim BPJS tidak menjawab (${err.message}). SEP belum dibuat; coba lagi sebentar lagi.`,
  );
}

/** A VClaim lookup's answer, or its refusal in BPJS's words. */
function found<T>(lookup: Lookup<T>): T {
  if ('refused' in lookup) throw new AppError(409, 'BPJS_REFUSED', lookup.refused || 'Data tidak ditemukan');
  return lookup.found;
}

/** A JKN booking with what its SEP is built from, and its SEP row if any. */
async function sepBooking(db: Database, typed: string) {
  const { id } = await findBooking(db, typed);
  const [booking] = await db
    .select({
      id: registrations.id,
      code: registrations.code,
      date: registrations.date,
      payer: registrations.payer,
      status: registrations.status,
      taskId: registrations.taskId,
      cardNo: registrations.bpjsCardNo,
      referralNo: registrations.referralNo,
      visitType: registrations.visitType,
      phone: registrations.phone,
      patient: {
        mrn: patients.mrn,
        name: patients.name,
        birthDate: patients.birthDate,
        sex: patients.sex,
      },
      clinic: { name: clinics.name, bpjsCode: clinics.bpjsCode, bpjsName: clinics.bpjsName },
      doctor: { name: doctors.name, bpjsCode: doctors.bpjsCode, bpjsName: doctors.bpjsName },
    })
    .from(registrations)
    .innerJoin(patients, eq(patients.id, registrations.patientId))
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .innerJoin(doctors, eq(doctors.id, registrations.doctorId))
    .where(eq(registrations.id, id));
  if (!booking) throw notFound('Kode booking tidak ditemukan. Periksa kembali kodenya.');
  return booking;
}
type SepBooking = Awaited<ReturnType<typeof sepBooking>>;

async function sepRow(db: Database, registrationId: number) {
  const [row] = await db
    .select({
      number: registrationSeps.number,
      date: registrationSeps.date,
      issuedAt: registrationSeps.issuedAt,
      record: registrationSeps.record,
      issuedBy: staff.name,
    })
    .from(registrationSeps)
    .leftJoin(staff, eq(staff.id, registrationSeps.staffId))
    .where(eq(registrationSeps.registrationId, registrationId));
  return row;
}

function issued(booking: SepBooking, row: Awaited<ReturnType<typeof sepRow>>): Sep | null {
  if (!row?.number || !row.date || !row.record || !row.issuedAt) return null;
  return {
    ...row.record,
    number: row.number,
    date: row.date,
    bookingCode: formatTrackingCode(booking.code),
    issuedAt: row.issuedAt.toISOString(),
    issuedBy: row.issuedBy ?? KIOSK_USER,
  };
}

/** A SEP is issued for a JKN visit of today, once the patient is through admission (waiting for the clinic or later). */
function refuseUnlessAdmitted(booking: SepBooking, today: string): void {
  if (booking.payer !== 'JKN' || !booking.cardNo || !booking.referralNo) {
    throw conflict('SEP_NOT_JKN', 'SEP hanya untuk kunjungan JKN dengan nomor kartu dan rujukan.');
  }
  if (booking.date !== today) {
    throw conflict('SEP_NOT_TODAY', `SEP dibuat pada hari kunjungan (${longDate(booking.date)}).`);
  }
  const admitted =
    (booking.status === 'CHECKED_IN' || booking.status === 'CALLED' || booking.status === 'SERVED') &&
    (booking.taskId ?? 0) >= 3;
  if (!admitted) {
    throw conflict('SEP_NOT_ADMITTED', 'SEP dibuat sesudah pasien check-in dan selesai admisi.');
  }
}

/** What the SEP rests on: the booking, the mapping, the participant and the referral or control letter. */
async function basisOf(checker: JknChecker, booking: SepBooking, today: string) {
  const clinicCode = booking.clinic.bpjsCode;
  const doctorCode = booking.doctor.bpjsCode;
  if (!clinicCode) {
    throw conflict(
      'SEP_NO_MAPPING',
      `${booking.clinic.name} belum dipetakan ke kode poli BPJS (Jadwal Poli).`,
    );
  }
  if (!doctorCode) {
    throw conflict('SEP_NO_MAPPING', `${booking.doctor.name} belum dipetakan ke kode dokter DPJP BPJS.`);
  }
  const cardNo = booking.cardNo ?? '';
  const referralNo = booking.referralNo ?? '';
  try {
    const participant = found(await checker.vclaim.participant('card', cardNo, today));
    const { referral, controlLetter, diagnosis } = await referralOf(checker, booking.visitType, referralNo);
    const basis: SepBasis = {
      cardNo,
      name: participant.name || booking.patient.name,
      birthDate: booking.patient.birthDate,
      sex: booking.patient.sex,
      mrn: booking.patient.mrn,
      careClass: { code: participant.careClassCode, name: participant.careClass },
      participantType: participant.participantType,
      clinic: { code: clinicCode, name: booking.clinic.bpjsName ?? booking.clinic.name },
      doctor: { code: doctorCode, name: booking.doctor.bpjsName ?? booking.doctor.name },
      referral,
      controlLetter,
    };
    return { basis, diagnosis, otherInsurer: participant.otherInsurer };
  } catch (err) {
    throw bpjsFailure(err);
  }
}

/**
 * The referral the SEP is issued on: a follow-up visit's (3) control letter names the referral of the earlier
 * visit; otherwise the booking's referral, from primary care (1), another hospital (4), or either (the
 * website does not ask).
 */
async function referralOf(
  checker: JknChecker,
  visitType: number | null,
  number: string,
): Promise<Pick<SepBasis, 'referral' | 'controlLetter'> & { diagnosis: { code: string; name: string } }> {
  if (visitType === 3) {
    const letter = found(await checker.vclaim.controlLetter(number));
    // VClaim writes the earlier SEP's diagnosis as `code - name`.
    const [code = '', ...name] = letter.diagnosis.split(' - ');
    return {
      referral: {
        number: letter.referral.number,
        date: letter.referral.issuedOn,
        source: letter.referral.source,
        referrer: letter.referral.referrer,
      },
      controlLetter: { number: letter.number, doctor: letter.doctor },
      diagnosis: { code: code.trim(), name: name.join(' - ').trim() },
    };
  }
  const sources: ReferralSource[] =
    visitType === 4 ? ['hospital'] : visitType === 1 ? ['primary'] : ['primary', 'hospital'];
  let refusal = '';
  for (const source of sources) {
    const lookup = await checker.vclaim.referral(source, number);
    if ('refused' in lookup) {
      refusal = lookup.refused;
      continue;
    }
    const r = lookup.found;
    return {
      referral: { number: r.number, date: r.issuedOn, source, referrer: r.referrer },
      controlLetter: null,
      diagnosis: r.diagnosis,
    };
  }
  throw new AppError(409, 'BPJS_REFUSED', refusal || 'Data Rujukan Tidak Ditemukan');
}

/** `jaminan` of a SEP: not an accident, or where and when. */
function guaranteeOf(accident: SepAccident | null) {
  return {
    lakaLantas: accident?.kind ?? '0',
    noLP: accident?.policeReportNo ?? '',
    penjamin: {
      tglKejadian: accident?.date ?? '',
      keterangan: accident?.description ?? '',
      suplesi: {
        suplesi: '0',
        noSepSuplesi: '',
        lokasiLaka: {
          kdPropinsi: accident?.province ?? '',
          kdKabupaten: accident?.regency ?? '',
          kdKecamatan: accident?.district ?? '',
        },
      },
    },
  };
}

/** The fields insert and update share, as VClaim's `t_sep` names them. */
function sharedFields(basis: SepBasis, input: SepInput, user: string) {
  return {
    klsRawat: { klsRawatHak: basis.careClass.code, klsRawatNaik: '', pembiayaan: '', penanggungJawab: '' },
    noMR: basis.mrn,
    catatan: input.note,
    diagAwal: input.diagnosisCode.toUpperCase(),
    poli: { tujuan: basis.clinic.code, eksekutif: '0' },
    cob: { cob: input.cob ? '1' : '0' },
    katarak: { katarak: '0' },
    jaminan: guaranteeOf(input.accident),
    dpjpLayan: basis.doctor.code,
    noTelp: input.phone,
    user: userOf(user),
  };
}

/** The SEP form for a booking: what it rests on, with the diagnosis of the referral and the booking's phone. */
export async function sepDraft(
  db: Database,
  checker: JknChecker | undefined,
  code: string,
  today = localToday(),
): Promise<SepDraft> {
  const jkn = vclaimOf(checker);
  const booking = await sepBooking(db, code);
  refuseUnlessAdmitted(booking, today);
  const existing = issued(booking, await sepRow(db, booking.id));
  if (existing) throw conflict('SEP_ISSUED', `SEP ${existing.number} sudah terbit untuk booking ini.`);
  const { basis, diagnosis, otherInsurer } = await basisOf(jkn, booking, today);
  return {
    basis,
    input: {
      diagnosisCode: diagnosis.code,
      note: '',
      cob: otherInsurer !== null,
      phone: booking.phone,
      accident: null,
    },
    diagnosisName: diagnosis.name,
    otherInsurer,
  };
}

/** A booking's issued SEP (404 when it has none). */
export async function getSep(db: Database, code: string): Promise<Sep> {
  const booking = await sepBooking(db, code);
  const sep = issued(booking, await sepRow(db, booking.id));
  if (!sep) throw notFound('Booking ini belum mempunyai SEP.');
  return sep;
}

const staffName = async (db: Database, staffId: number | null) =>
  staffId === null
    ? KIOSK_USER
    : ((await db.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId)))[0]?.name ?? '');

/**
 * Issues the booking's SEP with VClaim. Idempotent by booking: a booking with a SEP answers it without
 * asking VClaim; a request meeting another one still waiting for VClaim is refused (409
 * `SEP_IN_PROGRESS`). BPJS's refusal is 409 `BPJS_REFUSED` with its words as they came; no answer is 503.
 */
export async function issueSep(
  db: Database,
  checker: JknChecker | undefined,
  /** The clerk; no staff member at the lobby kiosk. */
  actor: AuditActor,
  code: string,
  input: SepInput,
  today = localToday(),
): Promise<Sep> {
  const jkn = vclaimOf(checker);
  const booking = await sepBooking(db, code);
  refuseUnlessAdmitted(booking, today);
  const existing = issued(booking, await sepRow(db, booking.id));
  if (existing) return existing;
  const { basis } = await basisOf(jkn, booking, today);
  return issueOn(db, jkn, actor, booking, basis, input, today);
}

/** Claims the booking's SEP row, asks VClaim and keeps what it issued (see `issueSep`). */
async function issueOn(
  db: Database,
  jkn: JknChecker & { ppkCode: string },
  actor: AuditActor,
  booking: SepBooking,
  basis: SepBasis,
  input: SepInput,
  today: string,
): Promise<Sep> {
  const code = booking.code;
  const user = await staffName(db, actor.staffId);

  const claimed = await db
    .insert(registrationSeps)
    .values({ registrationId: booking.id, claimedAt: sql`now()`, staffId: actor.staffId })
    .onConflictDoUpdate({
      target: registrationSeps.registrationId,
      set: { claimedAt: sql`now()`, staffId: actor.staffId },
      setWhere: sql`${registrationSeps.number} is null and ${registrationSeps.claimedAt} < ${CLAIM_STALE}`,
    })
    .returning({ registrationId: registrationSeps.registrationId });
  if (claimed.length === 0) {
    const other = issued(booking, await sepRow(db, booking.id));
    if (other) return other;
    throw conflict(
      'SEP_IN_PROGRESS',
      'SEP booking ini sedang dibuat (oleh petugas lain atau permintaan sebelumnya). Tunggu sebentar, lalu muat ulang.',
    );
  }

  let answer: Awaited<ReturnType<typeof jkn.vclaim.insertSep>>;
  try {
    answer = await jkn.vclaim.insertSep({
      noKartu: basis.cardNo,
      tglSep: today,
      ppkPelayanan: jkn.ppkCode,
      jnsPelayanan: '2',
      ...sharedFields(basis, input, user),
      rujukan: {
        asalRujukan: basis.referral.source === 'hospital' ? '2' : '1',
        tglRujukan: basis.referral.date,
        noRujukan: basis.referral.number,
        ppkRujukan: basis.referral.referrer.code,
      },
      tujuanKunj: '0',
      flagProcedure: '',
      kdPenunjang: '',
      // 5: "Tujuan Kontrol", for a follow-up visit on a control letter.
      assesmentPel: basis.controlLetter ? '5' : '',
      skdp: { noSurat: basis.controlLetter?.number ?? '', kodeDPJP: basis.controlLetter?.doctor.code ?? '' },
    });
  } catch (err) {
    await db
      .delete(registrationSeps)
      .where(and(eq(registrationSeps.registrationId, booking.id), isNull(registrationSeps.number)));
    throw bpjsFailure(err);
  }
  const record: SepRecord = {
    basis,
    input,
    diagnosis: answer.diagnosis || input.diagnosisCode.toUpperCase(),
  };
  await db.transaction(async (tx) => {
    await tx
      .update(registrationSeps)
      .set({ number: answer.number, date: answer.date || today, issuedAt: sql`now()`, record })
      .where(eq(registrationSeps.registrationId, booking.id));
    await audit(tx, actor, 'sep.issue', { type: 'registration', id: booking.code }, { sep: answer.number });
  });
  return getSep(db, code);
}

/**
 * The lobby kiosk's SEP, after a returning JKN patient checked in there: issued on the referral's (or control
 * letter's) diagnosis without a clerk, or not, with the reason the patient reads before going to the counter
 * (a refusal of BPJS, in its words; a new patient; another insurer first; VClaim not answering).
 */
export async function kioskSep(
  db: Database,
  checker: JknChecker | undefined,
  address: string,
  code: string,
  today = localToday(),
): Promise<{ sep: Sep | null; reason: string | null }> {
  const booking = await sepBooking(db, code);
  try {
    const jkn = vclaimOf(checker);
    refuseUnlessAdmitted(booking, today);
    const existing = issued(booking, await sepRow(db, booking.id));
    if (existing) return { sep: existing, reason: null };
    const { basis, diagnosis, otherInsurer } = await basisOf(jkn, booking, today);
    if (otherInsurer) {
      throw conflict(
        'SEP_COB',
        `BPJS mencatat asuransi lain (${otherInsurer}) yang perlu diperiksa petugas.`,
      );
    }
    const input = {
      diagnosisCode: diagnosis.code,
      note: '',
      cob: false,
      phone: booking.phone,
      accident: null,
    };
    const sep = await issueOn(db, jkn, { staffId: null, address }, booking, basis, input, today);
    return { sep, reason: null };
  } catch (err) {
    if (err instanceof AppError && err.statusCode !== 404) return { sep: null, reason: err.message };
    throw err;
  }
}

/** The issued SEP, for a change or a deletion: on the day it was issued only. */
async function sepOfToday(db: Database, code: string, today: string) {
  const booking = await sepBooking(db, code);
  const row = await sepRow(db, booking.id);
  const sep = issued(booking, row);
  if (!sep || !row?.record) throw notFound('Booking ini belum mempunyai SEP.');
  if (sep.date !== today) {
    throw conflict(
      'SEP_NOT_TODAY',
      `SEP ${sep.number} terbit ${longDate(sep.date)}: SEP hanya dapat diubah atau dihapus pada hari terbitnya.`,
    );
  }
  return { booking, sep, record: row.record };
}

/** Changes the clerk's fields of today's SEP with VClaim; the diagnosis is named from VClaim's reference. */
export async function updateSep(
  db: Database,
  checker: JknChecker | undefined,
  actor: Actor,
  code: string,
  input: SepInput,
  today = localToday(),
): Promise<Sep> {
  const jkn = vclaimOf(checker);
  const { booking, sep, record } = await sepOfToday(db, code, today);
  const diagnosisCode = input.diagnosisCode.toUpperCase();
  let diagnosis =
    record.input.diagnosisCode.toUpperCase() === diagnosisCode ? record.diagnosis : diagnosisCode;
  try {
    await jkn.vclaim.updateSep({
      noSep: sep.number,
      ...sharedFields(record.basis, input, await staffName(db, actor.staffId)),
    });
    if (diagnosis === diagnosisCode) {
      diagnosis =
        (await jkn.vclaim.diagnoses(diagnosisCode)).find((d) => d.code === diagnosisCode)?.name ?? diagnosis;
    }
  } catch (err) {
    throw bpjsFailure(err);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(registrationSeps)
      .set({ record: { ...record, input, diagnosis } })
      .where(eq(registrationSeps.number, sep.number));
    await audit(tx, actor, 'sep.update', { type: 'registration', id: booking.code }, { sep: sep.number });
  });
  return getSep(db, code);
}

/** Deletes today's SEP with VClaim, for the reason the clerk gives (kept in the audit log); the booking may get a new one. */
export async function deleteSep(
  db: Database,
  checker: JknChecker | undefined,
  actor: Actor,
  code: string,
  reason: string,
  today = localToday(),
): Promise<{ number: string }> {
  const jkn = vclaimOf(checker);
  const { booking, sep } = await sepOfToday(db, code, today);
  try {
    await jkn.vclaim.deleteSep(sep.number, userOf(await staffName(db, actor.staffId)));
  } catch (err) {
    throw bpjsFailure(err);
  }
  await db.transaction(async (tx) => {
    await tx.delete(registrationSeps).where(eq(registrationSeps.number, sep.number));
    await audit(
      tx,
      actor,
      'sep.delete',
      { type: 'registration', id: booking.code },
      { sep: sep.number, reason },
    );
  });
  return { number: sep.number };
}

/** ICD-10 diagnoses for the SEP form, from VClaim's reference. */
export async function searchDiagnoses(checker: JknChecker | undefined, q: string) {
  const jkn = vclaimOf(checker);
  try {
    return await jkn.vclaim.diagnoses(q);
  } catch (err) {
    throw bpjsFailure(err);
  }
}
