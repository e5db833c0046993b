import { z } from 'zod';
import { calendarDateSchema } from './registration.js';
import { requiredText } from './text.js';

// The SEP (Surat Eligibilitas Peserta) of a JKN visit: the letter BPJS pays the claim on, issued with VClaim
// at the admission desk once the patient is admitted, changed or deleted (with a reason) the same day only.

/** BPJS `jaminan.lakaLantas` other than 0 (not an accident): 1 traffic, 2 traffic and work, 3 work. */
export const sepAccidentKinds = ['1', '2', '3'] as const;
export type SepAccidentKind = (typeof sepAccidentKinds)[number];

/** A BPJS region code (propinsi, kabupaten, kecamatan). */
const regionCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{1,10}$/, 'Kode wilayah BPJS wajib diisi: huruf dan angka, paling panjang 10.');

/** Where and when the accident happened, as the SEP of an accident victim tells BPJS. */
export const sepAccidentSchema = z.object({
  kind: z.enum(sepAccidentKinds, { error: 'Pilih jenis kecelakaan.' }),
  date: calendarDateSchema,
  description: requiredText('Keterangan kejadian', 100),
  /** `noLP`: the police report, for a traffic accident. */
  policeReportNo: z.string().trim().max(30, 'No. laporan polisi paling panjang 30 karakter.'),
  province: regionCode,
  regency: regionCode,
  district: regionCode,
});
export type SepAccident = z.infer<typeof sepAccidentSchema>;

/** What the clerk may change before issuing (or when changing) a SEP; the rest comes from the booking. */
export const sepInputSchema = z.object({
  /** `diagAwal`: ICD-10, filled from the referral (or the control letter's SEP). */
  diagnosisCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]\d{2}(\.\d{1,2})?$/, 'Kode diagnosa ICD-10, misalnya I10 atau E11.9.'),
  /** `catatan`. */
  note: z.string().trim().max(200, 'Catatan paling panjang 200 karakter.'),
  /** `cob.cob`: another insurer pays first (coordination of benefits). */
  cob: z.boolean(),
  /** `noTelp`. */
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+ -]{8,20}$/, 'Nomor telepon 8–20 angka.'),
  /** `jaminan`: null when the visit is not for an accident. */
  accident: sepAccidentSchema.nullable(),
});
export type SepInput = z.infer<typeof sepInputSchema>;

export const sepDeleteSchema = z.object({ reason: requiredText('Alasan hapus SEP', 200) });
export type SepDelete = z.infer<typeof sepDeleteSchema>;

const codeAndName = z.object({ code: z.string(), name: z.string() });

/** What the SEP is issued on, as the booking and VClaim give it: shown to the clerk, not changed. */
export const sepBasisSchema = z.object({
  cardNo: z.string(),
  name: z.string(),
  birthDate: z.string().nullable(),
  sex: z.enum(['L', 'P']),
  mrn: z.string(),
  /** `hakKelas` of the participant: `klsRawatHak` 1–3, e.g. KELAS III. */
  careClass: codeAndName,
  participantType: z.string(),
  /** The clinic's BPJS code and name (the mapping): `poli.tujuan`. */
  clinic: codeAndName,
  /** The doctor's BPJS (DPJP) code and name (the mapping): `dpjpLayan`. */
  doctor: codeAndName,
  /** The referral the SEP is issued on: from primary care or another hospital. */
  referral: z.object({
    number: z.string(),
    date: z.string(),
    source: z.enum(['primary', 'hospital']),
    referrer: codeAndName,
  }),
  /** A follow-up visit's control letter (`skdp.noSurat`) and the DPJP who wrote it, or null. */
  controlLetter: z.object({ number: z.string(), doctor: codeAndName }).nullable(),
});
export type SepBasis = z.infer<typeof sepBasisSchema>;

/** The SEP form before issuing: what it rests on and the fields filled for the clerk. */
export const sepDraftSchema = z.object({
  basis: sepBasisSchema,
  input: sepInputSchema,
  /** The referral's (or control letter's) diagnosis as VClaim names it. */
  diagnosisName: z.string(),
  /** The participant's other insurer (COB) as VClaim knows it, or null. */
  otherInsurer: z.string().nullable(),
});
export type SepDraft = z.infer<typeof sepDraftSchema>;

/** An issued SEP, with what its printout shows. */
export const sepSchema = z.object({
  /** `noSep`, 19 characters. */
  number: z.string(),
  /** `tglSep`: the day it was issued; it may be changed or deleted on that day only. */
  date: z.string(),
  bookingCode: z.string(),
  basis: sepBasisSchema,
  input: sepInputSchema,
  /** The diagnosis as VClaim wrote it (`code - name`). */
  diagnosis: z.string(),
  issuedAt: z.string(),
  issuedBy: z.string(),
});
export type Sep = z.infer<typeof sepSchema>;

export const diagnosisQuerySchema = z.object({
  q: z.string().trim().min(3, 'Ketik paling sedikit 3 huruf.').max(50),
});
export const diagnosisListSchema = z.array(codeAndName);
export type Diagnosis = z.infer<typeof codeAndName>;

/**
 * The lobby kiosk's SEP after a returning JKN patient checked in there: issued (to print), or not and why,
 * in words the patient reads before going to the admission counter.
 */
export const kioskSepSchema = z.object({ sep: sepSchema.nullable(), reason: z.string().nullable() });
export type KioskSep = z.infer<typeof kioskSepSchema>;
