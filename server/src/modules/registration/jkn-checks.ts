import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { clinics, patients, registrations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { addDays, localToday, longDate } from '../../lib/dates.js';
import { BpjsError } from '../bpjs/client.js';
import type { Lookup, Participant, Referral, ReferralSource, Vclaim } from '../bpjs/vclaim.js';

// What a JKN booking is checked for with BPJS's VClaim, whichever door it comes through (website, kiosk,
// counter): the card active on the visit date and held by the patient, the referral valid on that date,
// addressed to this hospital and to the chosen clinic. Without VClaim the contract's format checks are
// all (13-digit card, referral of 10–30 letters and digits).

/** VClaim and the hospital's PPK code (BPJS_PPK_CODE), which a referral must be addressed to. */
export interface JknChecker {
  vclaim: Vclaim;
  ppkCode: string | undefined;
}

/** A referral is valid this many days after the day it was issued. */
export const REFERRAL_VALID_DAYS = 90;

export interface JknDetails {
  cardNo: string;
  referralNo: string;
  /** BPJS `jeniskunjungan`; null from the website (a referral from primary care or from a hospital). */
  visitType: number | null;
  date: string;
  /** The clinic's BPJS code (the mapping); null when the clinic has none. */
  clinicBpjsCode: string | null;
  /** The patient's name, compared with the card's before anything else about the card is said. */
  patientName: string;
}

/** Checked with BPJS, or not: BPJS did not answer (why, for the log). */
export type JknCheck = { checked: true } | { checked: false; why: string };

/** Nothing is booked: BPJS says why, in the patient's words, next to the field it is about. */
const refused = (field: 'bpjsCardNo' | 'referralNo', message: string) =>
  new AppError(400, 'BPJS_REFUSED', message, { fields: { [field]: message } });

/**
 * The card and the referral as VClaim knows them on the visit date. Throws a refusal (400 `BPJS_REFUSED`)
 * for the first rule broken; answers unchecked when VClaim cannot be reached, answers late or not as
 * agreed, so that the booking goes ahead on the format checks and is checked again later.
 */
export async function checkJkn(checker: JknChecker, details: JknDetails): Promise<JknCheck> {
  try {
    refuseParticipant(await checker.vclaim.participant('card', details.cardNo, details.date), details);
    const source = referralSources(details.visitType);
    if (source.length > 0)
      refuseReferral(await findReferral(checker.vclaim, source, details), checker, details);
    return { checked: true };
  } catch (err) {
    if (err instanceof BpjsError) return { checked: false, why: err.message };
    throw err;
  }
}

/**
 * The card: known to BPJS, held by the patient (so that whoever types a stranger's card number learns
 * nothing more of it), active on the visit date.
 */
function refuseParticipant(lookup: Lookup<Participant>, details: JknDetails): void {
  if ('refused' in lookup) {
    throw refused(
      'bpjsCardNo',
      `Nomor kartu BPJS ${details.cardNo} tidak terdaftar di BPJS. Periksa kembali nomor pada kartu Anda.`,
    );
  }
  const participant = lookup.found;
  if (!namesMatch(participant.name, details.patientName)) {
    throw refused(
      'bpjsCardNo',
      'Nama pada kartu BPJS ini tidak sama dengan nama pasien. Periksa kembali nomor kartu, atau hubungi ' +
        'loket pendaftaran bila nama pada data rumah sakit berbeda.',
    );
  }
  if (!participant.active) {
    throw refused(
      'bpjsCardNo',
      `Kartu BPJS ini tidak aktif pada ${longDate(details.date)}` +
        `${participant.status ? ` (keterangan BPJS: ${participant.status})` : ''}. ` +
        'Hubungi BPJS Kesehatan (165) atau daftar sebagai pasien umum.',
    );
  }
}

/**
 * Where the referral is looked up: a referral from primary care (1) or from another hospital (4). An
 * internal referral (2) or a control letter (3) is the hospital's own paper, not VClaim's referral. The
 * website does not ask: primary care first, then a hospital.
 */
function referralSources(visitType: number | null): ReferralSource[] {
  if (visitType === 1) return ['primary'];
  if (visitType === 4) return ['hospital'];
  if (visitType === null) return ['primary', 'hospital'];
  return [];
}

async function findReferral(
  vclaim: Vclaim,
  sources: ReferralSource[],
  details: JknDetails,
): Promise<Referral> {
  for (const source of sources) {
    const lookup = await vclaim.referral(source, details.referralNo);
    if ('found' in lookup) return lookup.found;
  }
  throw refused(
    'referralNo',
    `Nomor rujukan ${details.referralNo} tidak ditemukan di BPJS. Periksa kembali nomor pada surat rujukan Anda.`,
  );
}

function refuseReferral(referral: Referral, checker: JknChecker, details: JknDetails): void {
  if (referral.cardNo && referral.cardNo !== details.cardNo) {
    throw refused(
      'referralNo',
      'Rujukan ini milik peserta lain: nomor kartunya tidak sama dengan nomor kartu BPJS yang diisi.',
    );
  }
  if (referral.issuedOn > details.date) {
    throw refused(
      'referralNo',
      `Rujukan ini baru terbit ${longDate(referral.issuedOn)}, sesudah tanggal kunjungan yang dipilih.`,
    );
  }
  const lastDay = addDays(referral.issuedOn, REFERRAL_VALID_DAYS);
  if (details.date > lastDay) {
    throw refused(
      'referralNo',
      `Rujukan ini sudah tidak berlaku pada tanggal kunjungan: terbit ${longDate(referral.issuedOn)}, ` +
        `berlaku ${REFERRAL_VALID_DAYS} hari sampai ${longDate(lastDay)}. Mintalah rujukan baru ke ` +
        'puskesmas atau klinik (faskes pertama) Anda.',
    );
  }
  const to = referral.addressedTo;
  if (to && checker.ppkCode && to.code !== checker.ppkCode) {
    throw refused('referralNo', `Rujukan ini ditujukan ke ${to.name || to.code}, bukan ke rumah sakit ini.`);
  }
  if (referral.clinic.code && details.clinicBpjsCode && referral.clinic.code !== details.clinicBpjsCode) {
    throw refused(
      'referralNo',
      `Rujukan ini untuk poli ${referral.clinic.name || referral.clinic.code}, bukan poli yang dipilih. ` +
        'Pilih poli sesuai surat rujukan.',
    );
  }
}

/** Titles and honorifics that come and go between a KTP, a BPJS card and a hospital record. */
const TITLES = new Set([
  'DR',
  'DRS',
  'DRA',
  'IR',
  'H',
  'HJ',
  'SH',
  'SE',
  'SPD',
  'SKM',
  'SKEP',
  'AMD',
  'ST',
  'MM',
  'NY',
  'TN',
  'AN',
  'BY',
  'SDR',
  'SDRI',
]);

const words = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z ]+/g, ' ')
    .split(' ')
    .filter((word) => word !== '' && !TITLES.has(word));

/**
 * The name on the card and the patient's, compared loosely: case, punctuation and titles aside, every
 * word of the shorter name is in the longer one, a single letter standing for a word it begins
 * (`TRI M` is `Tri Mulyono`), and at least one whole word is shared.
 */
export function namesMatch(onCard: string, onRecord: string): boolean {
  const [shorter, longer] = [words(onCard), words(onRecord)].sort((a, b) => a.length - b.length) as [
    string[],
    string[],
  ];
  if (shorter.length === 0) return false;
  const same = (word: string, other: string) =>
    word === other ||
    (word.length === 1 && other.startsWith(word)) ||
    (other.length === 1 && word.startsWith(other));
  return (
    shorter.every((word) => longer.some((other) => same(word, other))) &&
    shorter.some((word) => word.length > 1 && longer.includes(word))
  );
}

/**
 * Bookings asked about per run: each takes up to three calls to VClaim, and the run must end well within
 * the outbox leader's lease.
 */
export const RECHECK_BATCH = 3;

/**
 * The JKN bookings made while VClaim did not answer ("belum dicek BPJS") and still to come (today or
 * later, waiting), asked about again, the nearest visit first. Checked: the mark goes. Refused: the mark
 * goes and BPJS's reason stays for the clerk to see; the booking stands, as the patient may be on the way.
 * Still no answer: this and the rest wait for the next run. Run by the outbox leader on a timer; run twice
 * at once, it asks twice and writes the same.
 */
export async function recheckPendingBookings(
  db: Database,
  checker: JknChecker,
): Promise<{ answered: number; more: boolean }> {
  const rows = await db
    .select({
      id: registrations.id,
      cardNo: registrations.bpjsCardNo,
      referralNo: registrations.referralNo,
      visitType: registrations.visitType,
      date: registrations.date,
      clinicBpjsCode: clinics.bpjsCode,
      patientName: patients.name,
    })
    .from(registrations)
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .innerJoin(patients, eq(patients.id, registrations.patientId))
    .where(
      and(
        eq(registrations.vclaimPending, true),
        gte(registrations.date, localToday()),
        inArray(registrations.status, ['BOOKED', 'CHECKED_IN']),
        isNotNull(registrations.bpjsCardNo),
        isNotNull(registrations.referralNo),
      ),
    )
    .orderBy(asc(registrations.date), asc(registrations.id))
    .limit(RECHECK_BATCH);
  let answered = 0;
  for (const row of rows) {
    let problem: string | null = null;
    try {
      const check = await checkJkn(checker, {
        ...row,
        cardNo: row.cardNo ?? '',
        referralNo: row.referralNo ?? '',
      });
      if (!check.checked) break;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'BPJS_REFUSED') throw err;
      problem = err.message;
    }
    await db
      .update(registrations)
      .set({ vclaimPending: false, vclaimProblem: problem })
      .where(and(eq(registrations.id, row.id), eq(registrations.vclaimPending, true)));
    answered += 1;
  }
  return { answered, more: rows.length === RECHECK_BATCH && answered === rows.length };
}
