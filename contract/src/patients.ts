import { z } from 'zod';
import { dischargeReasons } from './constants.js';
import { checkedNikSchema, nikFindingSchema } from './nik.js';
import { calendarDateSchema, mrnSchema } from './registration.js';
import { birthDateSchema, idParam, optionalText, recordId, requiredText } from './text.js';

// Patient search and visit history for the medical records desk (roles `records` and `admin`).

/** What a patient search may look in; exactly one of them per search. */
export const patientSearchFields = [
  'name',
  'mrn',
  'nik',
  'nip',
  'phone',
  'insuranceNo',
  'birthDate',
] as const;
export type PatientSearchField = (typeof patientSearchFields)[number];

/**
 * Shortest text a partial search takes: below three characters a trigram index cannot narrow the
 * search, and so many patients would match that the first 200 say nothing.
 */
export const PATIENT_SEARCH_MIN_LENGTH = 3;

/**
 * Response headers of `GET /api/patients`: the row limit, and whether more patients matched than
 * were returned (then the caller should narrow the search).
 */
export const RESULT_LIMIT_HEADER = 'x-result-limit';
export const RESULT_TRUNCATED_HEADER = 'x-result-truncated';

/** Longest stretch a visit history covers in one request. */
export const HISTORY_MAX_YEARS = 5;

/** Spaces, dots and dashes people type inside numbers; they are not stored. */
export const compactNumber = (value: string) => value.replace(/[\s.-]/g, '');

const searchText = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} paling panjang 100 karakter.`)
    .refine(
      (value) => value.replace(/\s+/g, ' ').length >= PATIENT_SEARCH_MIN_LENGTH,
      `Ketik minimal ${PATIENT_SEARCH_MIN_LENGTH} huruf nama.`,
    );

const searchNumber = (label: string) =>
  z
    .string()
    .trim()
    .max(40, `${label} paling panjang 40 karakter.`)
    .refine(
      (value) => compactNumber(value).length >= PATIENT_SEARCH_MIN_LENGTH,
      `Ketik minimal ${PATIENT_SEARCH_MIN_LENGTH} angka ${label}.`,
    );

const criteria = 'nama, No. RM, NIK, NIP, No. HP, No. asuransi, atau tanggal lahir';

/** A search by one criterion, as the counter's single box turns what was typed into it. */
export interface PatientCriterion {
  field: PatientSearchField;
  term: string;
}

/** A mobile number as people type it: 08…, 628… or +628…, 10 to 14 digits. */
const phoneLike = /^(\+?62|0)8\d{7,11}$/;

/**
 * What the counter's single search box looks for in what was typed, most likely first: digits are a
 * medical record number (short: "12" is record 000012), a BPJS card number (13 digits), a NIK (16), a NIP
 * (18) or a mobile number (08…); a number that could be two of these is searched as both. A date
 * (dd-mm-yyyy) is a birth date; anything else is a name, and a legacy record number when it has digits.
 * Empty when nothing typed could be any of them (too short for a name).
 */
export function plausibleCriteria(typed: string): PatientCriterion[] {
  const text = typed.trim().replace(/\s+/g, ' ');
  const date = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (date) {
    const [, day, month, year] = date as unknown as [string, string, string, string];
    const term = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    return calendarDateSchema.safeParse(term).success ? [{ field: 'birthDate', term }] : [];
  }
  const digits = compactNumber(text);
  if (/^\+?\d+$/.test(digits)) {
    // +62…: only a mobile number is written so.
    if (digits.startsWith('+')) return phoneLike.test(digits) ? [{ field: 'phone', term: digits }] : [];
    const found: PatientCriterion[] = [];
    const { length } = digits;
    if (length <= 10) found.push({ field: 'mrn', term: digits });
    if (length === 13) found.push({ field: 'insuranceNo', term: digits });
    if (length === 16) found.push({ field: 'nik', term: digits });
    if (length === 18) found.push({ field: 'nip', term: digits });
    if (phoneLike.test(digits)) found.push({ field: 'phone', term: digits });
    // Part of a longer number: a NIK or card number typed in part.
    if (found.length === 0 && length >= PATIENT_SEARCH_MIN_LENGTH && length < 16) {
      found.push({ field: 'nik', term: digits }, { field: 'insuranceNo', term: digits });
    }
    return found;
  }
  const found: PatientCriterion[] = [];
  // A legacy record number keeps letters beside its digits (A00012).
  if (/\d/.test(text) && !text.includes(' ') && text.length <= 20) found.push({ field: 'mrn', term: text });
  if (text.length >= PATIENT_SEARCH_MIN_LENGTH) found.push({ field: 'name', term: text });
  return found;
}

/**
 * One of: name, NIK (KTP), NIP/NRP, phone, insurance number (case-insensitive, partial), medical
 * record number or birth date (exact; a record number also without its leading zeros). Sending none
 * or more than one is a 400 that says so.
 */
export const patientSearchQuerySchema = z
  .object({
    name: searchText('Nama').optional(),
    mrn: mrnSchema.optional(),
    nik: searchNumber('NIK').optional(),
    nip: searchNumber('NIP').optional(),
    phone: searchNumber('No. HP').optional(),
    insuranceNo: searchNumber('No. asuransi').optional(),
    birthDate: calendarDateSchema.optional(),
    /** The counter's single box: the criteria are decided from what is typed (`plausibleCriteria`). */
    q: z
      .string()
      .trim()
      .max(100, 'Pencarian paling panjang 100 karakter.')
      .refine(
        (value) => plausibleCriteria(value).length > 0,
        'Ketik No. RM, NIK, No. kartu BPJS, atau minimal 3 huruf nama.',
      )
      .optional(),
  })
  .superRefine((query, ctx) => {
    const given = [...patientSearchFields, 'q' as const].filter((field) => query[field] !== undefined);
    if (given.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `Isi satu kriteria pencarian: ${criteria}.`,
      });
    }
    for (const extra of given.slice(1)) {
      ctx.addIssue({
        code: 'custom',
        path: [extra],
        message: `Cari dengan satu kriteria saja: ${criteria}.`,
      });
    }
  });
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>;

const sexSchema = z.enum(['L', 'P']);

/** YYYY-MM-DD; null only for a patient imported from the old portal without a readable one. */
const recordedBirthDateSchema = z.string().nullable();

/** What the legacy import could not read and left empty: the legacy column, why, and what it held. */
export const patientImportIssueSchema = z.object({
  column: z.string(),
  reason: z.string(),
  value: z.string(),
});
export type PatientImportIssue = z.infer<typeof patientImportIssueSchema>;

export const patientSearchRowSchema = z.object({
  id: z.number().int(),
  mrn: z.string(),
  name: z.string(),
  sex: sexSchema,
  birthDate: recordedBirthDateSchema,
  nik: z.string().nullable(),
  nip: z.string().nullable(),
  phone: z.string().nullable(),
  insuranceNo: z.string().nullable(),
  address: z.string().nullable(),
  patientGroup: z.string().nullable(),
  /** A search by `q` only: the criteria the patient was found by (a number may be a record and a card number). */
  matched: z.array(z.enum(patientSearchFields)).optional(),
});
export type PatientSearchRow = z.infer<typeof patientSearchRowSchema>;
export const patientSearchResultSchema = z.array(patientSearchRowSchema);

/** A patient's identity with every field the legacy record held; the age is counted today. */
export const patientDetailSchema = z.object({
  id: z.number().int(),
  mrn: z.string(),
  name: z.string(),
  sex: sexSchema,
  birthDate: recordedBirthDateSchema,
  birthPlace: z.string().nullable(),
  /** Whole years and the months past them, at today's date (the hospital's time zone); null without a birth date. */
  age: z.object({ years: z.number().int(), months: z.number().int() }).nullable(),
  nik: z.string().nullable(),
  nip: z.string().nullable(),
  insuranceNo: z.string().nullable(),
  phone: z.string().nullable(),
  /** Legacy `alamat1`..`alamat4`: the KTP address, the domicile, and two more lines. */
  address: z.string().nullable(),
  addressDomicile: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  /** Patient group, unit, rank and company: the legacy texts, each beside its code in the legacy lists. */
  patientGroup: z.string().nullable(),
  patientGroupCode: z.string().nullable(),
  unit: z.string().nullable(),
  unitCode: z.string().nullable(),
  rank: z.string().nullable(),
  rankCode: z.string().nullable(),
  company: z.string().nullable(),
  companyCode: z.string().nullable(),
  /** Legacy `an_asura`: the insured member the insurance card belongs to. */
  insuredName: z.string().nullable(),
  religion: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  familyRelation: z.string().nullable(),
  /** Legacy `suami` and `istri`. */
  husbandName: z.string().nullable(),
  wifeName: z.string().nullable(),
  ethnicity: z.string().nullable(),
  education: z.string().nullable(),
  familyContactName: z.string().nullable(),
  familyContactPhone: z.string().nullable(),
  /** Portal-only (no legacy column): the mother's maiden name, asked of every new patient, and the occupation. */
  motherName: z.string().nullable(),
  occupation: z.string().nullable(),
  /**
   * Where the patient lives: province, regency or city, district, village, RW and RT. Each name may come with
   * its BPJS region code (Mobile JKN's new-patient form sends them); a name typed at the counter has none.
   */
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  regencyCode: z.string().nullable(),
  regencyName: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  villageCode: z.string().nullable(),
  villageName: z.string().nullable(),
  rw: z.string().nullable(),
  rt: z.string().nullable(),
  notes: z.string().nullable(),
  /** Legacy `tgl`: the day the record was opened (YYYY-MM-DD), unknown for some imported records. */
  registeredOn: z.string().nullable(),
  /** Legacy `lama`: a mark of the old system whose meaning is not documented, kept as written. */
  legacyLama: z.string().nullable(),
  /** When the record was created in this portal (or imported into it). */
  registeredAt: z.string(),
  /** What the import left empty for the records desk to complete; empty once the record is saved here. */
  importIssues: z.array(patientImportIssueSchema),
  /**
   * A public new-patient booking's record whose KTP the counter has not checked yet: not among the
   * patients on record (see PRODUCT's registration rules) until its booking is checked in at the desk.
   */
  provisional: z.boolean(),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

/** An outpatient visit (legacy `bil_rj_xbjalan`). */
export const outpatientVisitSchema = z.object({
  kind: z.literal('outpatient'),
  registrationNo: z.string(),
  /** The visit date (YYYY-MM-DD). */
  date: z.string(),
  clinic: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Diagnosis texts in the order recorded. */
  diagnoses: z.array(z.string()),
  /** Legacy `lunas = 'BATAL'`. */
  cancelled: z.boolean(),
  /** Legacy `vaksin`: 0 none, above 0 vaccinated (dose count). */
  vaccination: z.number().int(),
  notes: z.string().nullable(),
});
export type OutpatientVisit = z.infer<typeof outpatientVisitSchema>;
export const outpatientVisitListSchema = z.array(outpatientVisitSchema);

/** An inpatient stay (legacy `bil_ri_xbinap`); current while not discharged. */
export const inpatientVisitSchema = z.object({
  kind: z.literal('inpatient'),
  registrationNo: z.string(),
  /** The admission date (YYYY-MM-DD, the hospital's time zone). */
  date: z.string(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
  room: z.object({ code: z.string(), name: z.string(), class: z.string() }),
  /** The bed in the room; null for a stay from the legacy data or the SIMRS (no bed recorded). */
  bed: z.number().int().nullable(),
  /** The attending doctor (DPJP), when one was chosen. */
  dpjp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** How the stay ended, when the ward desk discharged it; the note says more (where to, what else). */
  dischargeReason: z.enum(dischargeReasons).nullable(),
  dischargeNote: z.string().nullable(),
});
export type InpatientVisit = z.infer<typeof inpatientVisitSchema>;
export const inpatientVisitListSchema = z.array(inpatientVisitSchema);

export const patientVisitSchema = z.discriminatedUnion('kind', [outpatientVisitSchema, inpatientVisitSchema]);
export type PatientVisit = z.infer<typeof patientVisitSchema>;
/** The last visits of a patient, outpatient and inpatient together, newest first (at most RECENT_VISITS). */
export const recentVisitListSchema = z.array(patientVisitSchema);

const historyRange = {
  /** First day (YYYY-MM-DD); a year before `to` when not given. */
  from: calendarDateSchema.optional(),
  /** Last day (YYYY-MM-DD); today when not given. */
  to: calendarDateSchema.optional(),
};

/** Both ends given: the start must not lie after the end, nor more than HISTORY_MAX_YEARS before it. */
export function historyRangeProblem(from: string, to: string): string | null {
  if (from > to) return 'Tanggal akhir tidak boleh sebelum tanggal awal.';
  const limit = `${Number(from.slice(0, 4)) + HISTORY_MAX_YEARS}${from.slice(4)}`;
  if (to > limit) return `Rentang tanggal paling lama ${HISTORY_MAX_YEARS} tahun.`;
  return null;
}

const checkRange = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (query.from === undefined || query.to === undefined) return;
  const problem = historyRangeProblem(query.from, query.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
};

/**
 * Outpatient history by visit date. Cancelled (BATAL) visits are left out unless
 * `includeCancelled=true`; `vaccination` 0 keeps visits without, 1 those with a vaccination.
 */
export const outpatientHistoryQuerySchema = z
  .object({
    ...historyRange,
    clinicId: idParam().optional(),
    vaccination: z.enum(['0', '1'], { error: 'Filter vaksinasi: 0 (tanpa) atau 1 (dengan).' }).optional(),
    includeCancelled: z.enum(['true', 'false']).optional(),
  })
  .superRefine(checkRange);
export type OutpatientHistoryQuery = z.infer<typeof outpatientHistoryQuerySchema>;

/** Inpatient history by admission date, optionally of one room (by code). */
export const inpatientHistoryQuerySchema = z
  .object({
    ...historyRange,
    roomCode: z.string().trim().min(1).max(40).optional(),
  })
  .superRefine(checkRange);
export type InpatientHistoryQuery = z.infer<typeof inpatientHistoryQuerySchema>;

/** A registration number as typed (any case); an unknown one, whatever its shape, is 404. */
export const visitParamsSchema = z.object({ registrationNo: z.string().trim().min(1).max(40) });

const visitPatientSchema = z.object({
  id: z.number().int(),
  mrn: z.string(),
  name: z.string(),
  sex: sexSchema,
  birthDate: recordedBirthDateSchema,
});

/** A line of a visit's or a stay's bill (legacy `bil_rj_ztjalan`, `bil_ri_ztinap`): a service, drug or material. */
export const visitItemSchema = z.object({
  code: z.string().nullable(),
  name: z.string(),
  /** A decimal as PostgreSQL writes it ("2.00", "0.50"). */
  quantity: z.string(),
  /** Whole Rupiah. */
  price: z.number().int(),
  amount: z.number().int(),
});
export type VisitItem = z.infer<typeof visitItemSchema>;

/** An ICD-9-CM procedure of an outpatient visit (legacy `icopkd`/`icopkt`); either part may be missing. */
export const visitProcedureSchema = z.object({ code: z.string().nullable(), name: z.string().nullable() });
export type VisitProcedure = z.infer<typeof visitProcedureSchema>;

/** One visit by its registration number, with its patient and its bill's lines (deleted lines left out). */
export const visitDetailSchema = z.discriminatedUnion('kind', [
  outpatientVisitSchema.extend({
    patient: visitPatientSchema,
    recordedAt: z.string(),
    /** Legacy `jam`: the registration time (HH:MM:SS). */
    visitTime: z.string().nullable(),
    /** Legacy `tglkeluar` and `tgllapor` (YYYY-MM-DD). */
    dischargeDate: z.string().nullable(),
    reportDate: z.string().nullable(),
    procedures: z.array(visitProcedureSchema),
    /** Legacy `lunas` as written (the payment state); `BATAL` is `cancelled` as well. */
    paymentStatus: z.string().nullable(),
    /** Legacy `kunci`: closed by billing. */
    locked: z.boolean(),
    /** Legacy `userkd` / `userkt`: the clerk who registered the visit. */
    clerkCode: z.string().nullable(),
    clerkName: z.string().nullable(),
    /** Legacy `cetakby`. */
    printedBy: z.string().nullable(),
    /** Legacy `surat`: the referral or control letter number. */
    letterNo: z.string().nullable(),
    items: z.array(visitItemSchema),
  }),
  inpatientVisitSchema.extend({
    patient: visitPatientSchema,
    /** Nights from admission to discharge, or to today while the patient is still admitted. */
    lengthOfStay: z.number().int(),
    items: z.array(visitItemSchema),
  }),
]);
export type VisitDetail = z.infer<typeof visitDetailSchema>;

// ---------------------------------------------------------------------------------------------
// The counter: creating and changing patients, duplicates, merging (roles registration, records, admin)

/** A text that may be left empty: null (or an empty text) means none. */
const maybeText = (label: string, max: number) => optionalText(label, max).nullable();

/** A phone number as people write it: digits, an optional leading +, and spaces, dots, dashes or brackets. */
const patientPhoneSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(24, `${label} paling panjang 24 karakter.`)
    .refine(
      (value) =>
        value === '' || (/^\+?[\d\s.()-]+$/.test(value) && /^\d{6,15}$/.test(value.replace(/\D/g, ''))),
      `${label} harus 6–15 angka, misalnya 081234567890 atau 0411-852000.`,
    )
    .nullable()
    .optional();

const referenceCodeChoice = z.string().trim().max(20).nullable().optional();

/** Longest region name (province … village) and RT or RW the patient form takes; Mobile JKN's are held to them. */
export const REGION_NAME_MAX = 100;
export const RT_RW_MAX = 10;

/**
 * A patient as the counter's form writes them: every field of the legacy record but its number (given on
 * creation) and the legacy marks. Group, unit, rank and company are chosen by code from the reference lists;
 * the server stores the code's name beside it. `confirmDuplicate` is sent once the user has seen that another
 * patient has the same name and birth date and still means a different person; a NIK is never shared.
 */
export const patientInputSchema = z.object({
  name: requiredText('Nama', 100),
  sex: z.enum(['L', 'P'], { error: 'Jenis kelamin wajib dipilih.' }),
  birthDate: birthDateSchema,
  birthPlace: maybeText('Tempat lahir', 100),
  nik: checkedNikSchema.nullable().optional(),
  nip: maybeText('NIP/NRP', 40),
  insuranceNo: maybeText('No. asuransi', 40),
  phone: patientPhoneSchema('No. HP'),
  address: maybeText('Alamat', 300),
  addressDomicile: maybeText('Alamat domisili', 300),
  address3: maybeText('Alamat 3', 300),
  address4: maybeText('Alamat 4', 300),
  /** Names as typed; a name changed here loses the BPJS region code it had. */
  provinceName: maybeText('Provinsi', REGION_NAME_MAX),
  regencyName: maybeText('Kabupaten/Kota', REGION_NAME_MAX),
  districtName: maybeText('Kecamatan', REGION_NAME_MAX),
  villageName: maybeText('Kelurahan/Desa', REGION_NAME_MAX),
  rw: maybeText('RW', RT_RW_MAX),
  rt: maybeText('RT', RT_RW_MAX),
  patientGroupCode: referenceCodeChoice,
  unitCode: referenceCodeChoice,
  rankCode: referenceCodeChoice,
  companyCode: referenceCodeChoice,
  insuredName: maybeText('Atas nama asuransi', 100),
  religion: maybeText('Agama', 40),
  maritalStatus: maybeText('Status perkawinan', 40),
  familyRelation: maybeText('Hubungan keluarga', 40),
  husbandName: maybeText('Nama suami', 100),
  wifeName: maybeText('Nama istri', 100),
  ethnicity: maybeText('Suku', 40),
  education: maybeText('Pendidikan', 40),
  familyContactName: maybeText('Nama keluarga', 100),
  familyContactPhone: patientPhoneSchema('No. HP keluarga'),
  /** Optional here (imported records lack it); the counter's new-patient form asks for it. */
  motherName: maybeText('Nama ibu kandung', 100),
  occupation: maybeText('Pekerjaan', 60),
  notes: maybeText('Catatan', 500),
  confirmDuplicate: z.boolean().optional(),
});
export type PatientInput = z.infer<typeof patientInputSchema>;

/**
 * The counter's new-patient form: the mother's maiden name is asked of every new patient, as SIMRS do. The
 * API takes a patient without it (imported records lack it, and changing one must not require it).
 */
export const newPatientFormSchema = patientInputSchema.extend({
  motherName: requiredText('Nama ibu kandung', 100),
});
/** The record's own fields of the input, without the confirmation. */
export type PatientFields = Omit<PatientInput, 'confirmDuplicate'>;
/** The names of those fields, in the order of the form. */
export const patientFieldNames = Object.keys(patientInputSchema.shape).filter(
  (name): name is keyof PatientFields => name !== 'confirmDuplicate',
);

/** Who may already be this patient: the same NIK, or the same name (any case and spacing) and birth date. */
export const patientDuplicateSchema = z.object({
  id: z.number().int(),
  mrn: z.string(),
  name: z.string(),
  sex: sexSchema,
  birthDate: recordedBirthDateSchema,
  nik: z.string().nullable(),
  address: z.string().nullable(),
  match: z.enum(['nik', 'nameBirthDate']),
});
export type PatientDuplicate = z.infer<typeof patientDuplicateSchema>;

/**
 * What the form has so far, checked before saving (nothing is saved). `patientId` is the record being
 * changed, which is no duplicate of itself.
 */
export const patientCheckRequestSchema = z.object({
  name: z.string().trim().max(100).optional(),
  birthDate: calendarDateSchema.optional(),
  sex: z.enum(['L', 'P']).optional(),
  nik: z.string().trim().max(40).optional(),
  patientId: recordId().optional(),
});
export type PatientCheckRequest = z.infer<typeof patientCheckRequestSchema>;

export const patientCheckSchema = z.object({
  /** What is wrong with the NIK (errors refuse the save, warnings do not); empty without a NIK. */
  nik: z.array(nikFindingSchema),
  duplicates: z.array(patientDuplicateSchema),
});
export type PatientCheck = z.infer<typeof patientCheckSchema>;

/** The number the next new patient would get now; the real one is taken on saving. */
export const nextMrnSchema = z.object({ mrn: z.string() });

/** What a merge moves from the duplicate to the surviving record. */
export const mergeMovesSchema = z.object({
  outpatientVisits: z.number().int(),
  admissions: z.number().int(),
  registrations: z.number().int(),
  operations: z.number().int(),
});
export type MergeMoves = z.infer<typeof mergeMovesSchema>;

const patientRefSchema = z.object({ id: z.number().int(), mrn: z.string(), name: z.string() });

export const patientAuditActions = [
  'patient.create',
  'patient.update',
  'patient.merge',
  'patient.merged',
] as const;
export type PatientAuditAction = (typeof patientAuditActions)[number];

/** One field's change: `from` is null for a new record or an empty field, `to` null when emptied. */
export const patientChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type PatientChange = z.infer<typeof patientChangeSchema>;

/** One entry of a patient's change history, newest first. */
export const patientAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(patientAuditActions),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.array(patientChangeSchema),
  /**
   * A merge: on the surviving record the duplicate merged into it (`patient.merge`), on the duplicate the
   * record it was merged into (`patient.merged`), and what moved.
   */
  merge: z.object({ patient: patientRefSchema, moved: mergeMovesSchema }).nullable(),
});
export type PatientAuditEntry = z.infer<typeof patientAuditEntrySchema>;
export const patientAuditListSchema = z.array(patientAuditEntrySchema);

const duplicateIdSchema = idParam('Pilih data pasien yang akan digabungkan.');

/** The duplicate record to merge into the record of the path. */
export const patientMergeRequestSchema = z.object({ duplicateId: duplicateIdSchema });
export type PatientMergeRequest = z.infer<typeof patientMergeRequestSchema>;

/**
 * What a merge of `duplicate` into `survivor` would do: the rows moved, the survivor's empty fields filled
 * from the duplicate, and what stops it (then the merge is refused with 409).
 */
export const patientMergePlanSchema = z.object({
  survivor: patientRefSchema,
  duplicate: patientRefSchema.extend({ birthDate: recordedBirthDateSchema, nik: z.string().nullable() }),
  moves: mergeMovesSchema,
  filled: z.array(z.string()),
  conflicts: z.array(z.string()),
});
export type PatientMergePlan = z.infer<typeof patientMergePlanSchema>;
