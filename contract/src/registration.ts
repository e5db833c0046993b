import { z } from 'zod';
import {
  payers,
  prescriptionTypes,
  queueTaskIds,
  registrationSources,
  registrationStatuses,
  weekdays,
} from './constants.js';
import { staffRefSchema } from './duty.js';
import { checkedNikSchema, nikSchema } from './nik.js';
import { phoneSchema } from './staff.js';
import { birthDateSchema, hospitalDate, idParam, pageQuery, recordId, requiredText } from './text.js';

export const payerSchema = z.enum(payers);
export const registrationStatusSchema = z.enum(registrationStatuses);
export const registrationSourceSchema = z.enum(registrationSources);
export const queueTaskIdSchema = z.union(queueTaskIds.map((id) => z.literal(id)));

export const calendarDateSchema = hospitalDate(z.iso.date({ error: 'Tanggal harus berformat YYYY-MM-DD.' }));
export const clockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Jam harus berformat JJ:MM, misalnya 08:00.');

// ---------------------------------------------------------------------------------------------
// Public: clinics, schedules, dates

export const clinicSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Clinic = z.infer<typeof clinicSchema>;
export const clinicListSchema = z.array(clinicSchema);

export const scheduleQuerySchema = z.object({ date: calendarDateSchema });

export const clinicScheduleSchema = z.object({
  id: z.number().int(),
  doctor: staffRefSchema,
  start: z.string(),
  end: z.string(),
  quotaJkn: z.number().int(),
  remainingJkn: z.number().int(),
  quotaNonJkn: z.number().int(),
  remainingNonJkn: z.number().int(),
  minutesPerPatient: z.number().int(),
  /** False once today's session has ended: it is shown, but can no longer be booked. */
  bookable: z.boolean(),
});
export type ClinicSchedule = z.infer<typeof clinicScheduleSchema>;
export const clinicScheduleListSchema = z.array(clinicScheduleSchema);

export const registrationDatesQuerySchema = z.object({
  clinicId: idParam(),
});

/** One day of the booking window of a clinic: open, or why not (holiday, leave, no schedule). */
export const registrationDateSchema = z.object({
  date: z.string(),
  open: z.boolean(),
  reason: z.string().nullable(),
});
export type RegistrationDate = z.infer<typeof registrationDateSchema>;
export const registrationDateListSchema = z.array(registrationDateSchema);

/** A day without service in the public timetable: a holiday, the clinic closed, or the doctor's leave. */
export const closedDaySchema = z.object({ date: z.string(), reason: z.string() });
export type ClosedDay = z.infer<typeof closedDaySchema>;

/** Today's session of a doctor with the places left per payer (of the opened session, else the schedule). */
export const todaySessionSchema = clinicScheduleSchema.pick({
  start: true,
  end: true,
  quotaJkn: true,
  remainingJkn: true,
  quotaNonJkn: true,
  remainingNonJkn: true,
  bookable: true,
});
export type TodaySession = z.infer<typeof todaySessionSchema>;

/** The public doctor timetable: per clinic each doctor's weekly hours, days off ahead and places left today. */
export const publicDoctorSchedulesSchema = z.object({
  /** Today; the days off are listed from today to `to`, the end of the booking window. */
  date: z.string(),
  to: z.string(),
  clinics: z.array(
    z.object({
      clinic: clinicSchema,
      /** Days the whole clinic is closed: hospital-wide or this clinic. */
      closed: z.array(closedDaySchema),
      doctors: z.array(
        z.object({
          doctor: staffRefSchema,
          weekly: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
          leave: z.array(closedDaySchema),
          /** Empty when the doctor does not practise here today (no schedule, leave or the clinic closed). */
          today: z.array(todaySessionSchema),
        }),
      ),
    }),
  ),
});
export type PublicDoctorSchedules = z.infer<typeof publicDoctorSchedulesSchema>;

// ---------------------------------------------------------------------------------------------
// Public: booking

export const mrnSchema = z
  .string()
  .trim()
  .min(1, 'No. rekam medis wajib diisi.')
  .max(20, 'No. rekam medis paling panjang 20 karakter.');
export const bpjsCardNoSchema = z
  .string()
  .trim()
  .regex(/^\d{13}$/, 'Nomor kartu BPJS harus 13 angka.');
export const referralNoSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{10,30}$/, 'Nomor rujukan harus 10–30 huruf atau angka, tanpa spasi.');

export const newPatientSchema = z.object({
  nik: checkedNikSchema,
  name: requiredText('Nama pasien', 100),
  birthDate: birthDateSchema,
  sex: z.enum(['L', 'P'], { error: 'Jenis kelamin wajib dipilih.' }),
  address: requiredText('Alamat', 300),
});
export type NewPatient = z.infer<typeof newPatientSchema>;

/**
 * Who the booking is for: an existing patient by medical record number or NIK, proven with the
 * birth date, or a new patient (who gets a new medical record number). Exactly one of the three.
 */
export const registrationPatientSchema = z
  .object({
    mrn: mrnSchema.optional(),
    nik: nikSchema.optional(),
    birthDate: calendarDateSchema.optional(),
    newPatient: newPatientSchema.optional(),
  })
  .superRefine((patient, ctx) => {
    if (patient.newPatient) {
      if (patient.mrn !== undefined || patient.nik !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPatient'],
          message: 'Pilih salah satu: pasien lama (No. RM atau NIK) atau pasien baru.',
        });
      }
      return;
    }
    if (patient.mrn === undefined && patient.nik === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mrn'], message: 'Isi No. rekam medis atau NIK.' });
    } else if (patient.mrn !== undefined && patient.nik !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['nik'],
        message: 'Isi No. rekam medis atau NIK, tidak keduanya.',
      });
    }
    if (patient.birthDate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'Tanggal lahir wajib diisi.' });
    }
  });
export type RegistrationPatient = z.infer<typeof registrationPatientSchema>;

const scheduleIdSchema = recordId('Jadwal dokter wajib dipilih.');

/** A JKN booking names the BPJS card and the referral (or control) letter, wherever it is made. */
function requireJknDetails(
  body: { payer: string; bpjsCardNo?: string; referralNo?: string },
  ctx: z.RefinementCtx,
): void {
  if (body.payer !== 'JKN') return;
  if (body.bpjsCardNo === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['bpjsCardNo'],
      message: 'Nomor kartu BPJS wajib diisi untuk pasien JKN.',
    });
  }
  if (body.referralNo === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['referralNo'],
      message: 'Nomor rujukan wajib diisi untuk pasien JKN.',
    });
  }
}

export const registrationRequestSchema = z
  .object({
    scheduleId: scheduleIdSchema,
    date: calendarDateSchema,
    payer: payerSchema,
    patient: registrationPatientSchema,
    phone: phoneSchema,
    bpjsCardNo: bpjsCardNoSchema.optional(),
    referralNo: referralNoSchema.optional(),
  })
  .superRefine(requireJknDetails);
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/**
 * BPJS `jeniskunjungan` of a JKN visit: 1 referral from primary care (FKTP), 2 internal referral, 3 control
 * visit, 4 referral from another hospital.
 */
export const visitTypes = [1, 2, 3, 4] as const;
export type VisitType = (typeof visitTypes)[number];
export const visitTypeSchema = z.union(
  visitTypes.map((type) => z.literal(type)),
  {
    error:
      'Jenis kunjungan tidak dikenal; pilih rujukan FKTP, rujukan internal, kontrol atau rujukan antar RS.',
  },
);

/**
 * A booking made at the registration counter for a patient the clerk has found (or just registered): no
 * birth date to prove, the patient's phone unless another is given, and for JKN the kind of visit.
 */
export const deskRegistrationRequestSchema = z
  .object({
    patientId: recordId('Pasien wajib dipilih.'),
    scheduleId: scheduleIdSchema,
    date: calendarDateSchema,
    payer: payerSchema,
    /** Left out: the phone of the patient's record. */
    phone: phoneSchema.optional(),
    bpjsCardNo: bpjsCardNoSchema.optional(),
    referralNo: referralNoSchema.optional(),
    /** JKN only; 1 (referral from primary care) when left out, as for a booking on the website. */
    visitType: visitTypeSchema.optional(),
  })
  .superRefine(requireJknDetails);
export type DeskRegistrationRequest = z.infer<typeof deskRegistrationRequestSchema>;

/** A booking code as typed: any case, dash optional; an unknown one (of any shape) is 404. */
export const bookingCodeParamsSchema = z.object({ code: z.string() });

const bookingFields = {
  /** `XXXX-XXXX`; the booking's secret: whoever holds it may check in or cancel. */
  bookingCode: z.string(),
  /** Clinic prefix and three digits, e.g. `INT-012`: one number per patient of the clinic's day, across its doctors. */
  queueNumber: z.string(),
  /** The number alone (12). */
  queueSeq: z.number().int(),
  /** Session start + (the booking's place in the doctor's session − 1) × minutes per patient. */
  estimatedAt: z.string(),
  clinic: clinicSchema,
  doctor: staffRefSchema,
  date: z.string(),
  /** The session's hours, e.g. 08:00–12:00. */
  start: z.string(),
  end: z.string(),
  payer: payerSchema,
  status: registrationStatusSchema,
};

/** What the booking code shows to anyone holding it: no personal data. */
export const registrationStatusViewSchema = z.object({
  ...bookingFields,
  /** Bookings of the same session before this one that are still waiting. */
  waitingAhead: z.number().int(),
  /** The number the doctor is serving now, if any. */
  serving: z.string().nullable(),
  /** A new patient: at check-in goes to the admission counter first (task 1), with the KTP. */
  newPatient: z.boolean(),
  /** After the visit, the token of its satisfaction survey (`/survei/{token}`) while not answered. */
  survey: z.string().nullable(),
});
export type RegistrationStatusView = z.infer<typeof registrationStatusViewSchema>;

/** The answer to a new booking: the ticket, with the patient who just proved who they are. */
export const registrationCreatedSchema = z.object({
  ...bookingFields,
  mrn: z.string(),
  patientName: z.string(),
  /** True when this booking registered a new patient (who must bring their KTP to the counter). */
  newPatient: z.boolean(),
});
export type RegistrationCreated = z.infer<typeof registrationCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Medical records desk (staff): a patient's bookings

/** A patient's bookings one page at a time (`page` from 1). */
export const patientRegistrationsQuerySchema = z.object(pageQuery);

/** One booking of a patient, made on the website (or its kiosk), through Mobile JKN or at the counter. */
/** A JKN booking's SEP as the booking lists show it: its number and the day it was issued. */
export const sepRefSchema = z.object({ number: z.string(), date: z.string() });
export type SepRef = z.infer<typeof sepRefSchema>;

export const patientRegistrationSchema = z.object({
  /** `XXXX-XXXX` (a booking imported from the legacy portal keeps its code). */
  bookingCode: z.string(),
  /** The day of the visit (YYYY-MM-DD). */
  date: z.string(),
  clinic: clinicSchema,
  doctor: staffRefSchema,
  queueNumber: z.string(),
  status: registrationStatusSchema,
  payer: payerSchema,
  /** Where it was booked: `WEB` the website or kiosk, `MJKN` Mobile JKN, `DESK` the registration counter. */
  source: registrationSourceSchema,
  /** JKN: the SEP issued for the visit, or null. */
  sep: sepRefSchema.nullable(),
  /** When it was booked. */
  createdAt: z.string(),
});
export type PatientRegistration = z.infer<typeof patientRegistrationSchema>;
export const patientRegistrationPageSchema = z.object({
  items: z.array(patientRegistrationSchema),
  total: z.number().int(),
});
export type PatientRegistrationPage = z.infer<typeof patientRegistrationPageSchema>;

// ---------------------------------------------------------------------------------------------
// Queue desk (staff) and queue board (public)

export const queueTaskSchema = z.object({ taskId: queueTaskIdSchema, at: z.string() });

export const queueEntrySchema = z.object({
  bookingCode: z.string(),
  queueNumber: z.string(),
  queueSeq: z.number().int(),
  status: registrationStatusSchema,
  payer: payerSchema,
  patient: z.object({ id: z.number().int(), mrn: z.string(), name: z.string() }),
  newPatient: z.boolean(),
  /**
   * A new patient booked on the website and not yet seen at the counter: the clerk checks the KTP against
   * the record at check-in or admission, which confirms it.
   */
  provisional: z.boolean(),
  /** Where it was booked: the website, Mobile JKN or the counter. */
  source: registrationSourceSchema,
  /**
   * JKN: booked while BPJS's VClaim did not answer, so its card and referral passed the format checks only
   * ("belum dicek BPJS"); they are checked with BPJS again later.
   */
  bpjsUnchecked: z.boolean(),
  /** JKN: what BPJS found wrong with the card or referral when checked later; the booking stands. */
  bpjsProblem: z.string().nullable(),
  /** JKN: the SEP issued for the visit, or null. */
  sep: sepRefSchema.nullable(),
  estimatedAt: z.string(),
  /** Task stamps still in force, oldest first; undone ones are left out. */
  tasks: z.array(queueTaskSchema),
  /** Sent to the pharmacy after the doctor: the prescription type and the pharmacy's number of the day. */
  pharmacy: z.object({ prescriptionType: z.enum(prescriptionTypes), number: z.number().int() }).nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const pharmacyRequestSchema = z.object({
  prescriptionType: z.enum(prescriptionTypes, { error: 'Pilih jenis resep: racikan atau non racikan.' }),
});
export type PharmacyRequest = z.infer<typeof pharmacyRequestSchema>;

/** Today's pharmacy queue: every booking sent to the pharmacy, in the order of its number. */
export const pharmacyDeskSchema = z.object({
  date: z.string(),
  entries: z.array(queueEntrySchema.extend({ clinic: clinicSchema })),
});
export type PharmacyDesk = z.infer<typeof pharmacyDeskSchema>;

export const queueSessionSchema = z.object({
  scheduleId: z.number().int(),
  doctor: staffRefSchema,
  start: z.string(),
  end: z.string(),
  quotaJkn: z.number().int(),
  usedJkn: z.number().int(),
  quotaNonJkn: z.number().int(),
  usedNonJkn: z.number().int(),
  /** The desk's last action on this session that undo would revert, if any. */
  lastAction: z.object({ queueNumber: z.string(), taskId: queueTaskIdSchema, at: z.string() }).nullable(),
  entries: z.array(queueEntrySchema),
});
export type QueueSession = z.infer<typeof queueSessionSchema>;

export const queueDeskQuerySchema = z.object({ clinicId: idParam() });
export const queueDeskSchema = z.object({
  date: z.string(),
  clinic: clinicSchema,
  sessions: z.array(queueSessionSchema),
  /**
   * Whether VClaim is set up (`BPJS_VCLAIM_URL` and `BPJS_PPK_CODE`): only then are SEPs issued, changed and
   * deleted on the desk; without it they are made in BPJS's own VClaim application.
   */
  vclaim: z.boolean(),
});
export type QueueDesk = z.infer<typeof queueDeskSchema>;

export const queueSessionRequestSchema = z.object({ scheduleId: recordId() });

/** What a desk can do to one booking; each stamps a task id (see `queueTaskIds`). */
export const queueActions = [
  'check-in',
  'admission-start',
  'admission-end',
  'call',
  'serve',
  'no-show',
  'pharmacy-start',
  'pharmacy-done',
] as const;
export type QueueAction = (typeof queueActions)[number];
export const queueActionParamsSchema = z.object({ code: z.string(), action: z.enum(queueActions) });

export const queueBoardClinicSchema = z.object({
  clinic: clinicSchema,
  /** The number called last and not yet served, or null. */
  serving: z.string().nullable(),
  /** When `serving` was called: a board announces a number whose call time changed. */
  calledAt: z.string().nullable(),
  doctor: z.string().nullable(),
  /** Checked in and not yet called. */
  waiting: z.number().int(),
});
export type QueueBoardClinic = z.infer<typeof queueBoardClinicSchema>;
export const queueBoardCounterSchema = z.object({
  /** The admission desk's counter (loket) number. */
  counter: z.number().int(),
  /** The walk-in ticket called there, e.g. `A-007`. */
  serving: z.string(),
  calledAt: z.string(),
});
/** A patient the pharmacy called to collect their medicine (task 7, medicine ready). */
export const queueBoardPharmacyCallSchema = z.object({
  /** The clinic queue number on the patient's slip, e.g. `INT-012`. */
  number: z.string(),
  /** The pharmacy's own number of the day for the prescription. */
  pharmacyNumber: z.number().int(),
  calledAt: z.string(),
});
export type QueueBoardPharmacyCall = z.infer<typeof queueBoardPharmacyCallSchema>;
/** How many of the pharmacy's latest calls the board shows. */
export const PHARMACY_BOARD_CALLS = 6;
export const queueBoardSchema = z.object({
  date: z.string(),
  clinics: z.array(queueBoardClinicSchema),
  /** The admission desk's counters serving a walk-in ticket now, by counter. */
  counters: z.array(queueBoardCounterSchema),
  /** The pharmacy's latest calls today (medicine ready), newest first. */
  pharmacy: z.array(queueBoardPharmacyCallSchema),
});
export type QueueBoard = z.infer<typeof queueBoardSchema>;

// ---------------------------------------------------------------------------------------------
// Reference data (admin, registration): clinics, doctors, weekly schedules, closed dates

const bpjsCodeSchema = z.string().trim().max(20, 'Kode BPJS paling panjang 20 karakter.');

export const clinicInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,10}$/, 'Kode poli 2–10 huruf besar atau angka.'),
  name: requiredText('Nama poli', 100),
  bpjsCode: bpjsCodeSchema.nullable(),
  queuePrefix: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,5}$/, 'Awalan antrean 1–5 huruf besar.'),
  /** WhatsApp "your number is near" when this many patients are ahead (0: never); left out: unchanged, 3 when new. */
  notifyAhead: z
    .number({ error: 'Isi angka 0–50.' })
    .int('Isi angka 0–50.')
    .min(0, 'Isi angka 0–50.')
    .max(50, 'Isi angka 0–50.')
    .optional(),
  active: z.boolean(),
});
export type ClinicInput = z.infer<typeof clinicInputSchema>;
export const adminClinicSchema = clinicInputSchema.extend({
  id: z.number().int(),
  notifyAhead: z.number().int(),
});
export type AdminClinic = z.infer<typeof adminClinicSchema>;
export const adminClinicListSchema = z.array(adminClinicSchema);

export const doctorInputSchema = z.object({
  name: requiredText('Nama dokter', 120),
  bpjsCode: bpjsCodeSchema.nullable(),
  clinicId: recordId('Poli wajib dipilih.'),
  active: z.boolean(),
});
export type DoctorInput = z.infer<typeof doctorInputSchema>;
export const adminDoctorSchema = doctorInputSchema.extend({ id: z.number().int() });
export type AdminDoctor = z.infer<typeof adminDoctorSchema>;
export const adminDoctorListSchema = z.array(adminDoctorSchema);

const quotaSchema = (label: string) =>
  z
    .number({ error: `${label} wajib diisi.` })
    .int(`${label} harus bilangan bulat.`)
    .min(0, `${label} tidak boleh negatif.`)
    .max(500, `${label} paling banyak 500.`);

export const scheduleInputSchema = z
  .object({
    clinicId: recordId('Poli wajib dipilih.'),
    doctorId: recordId('Dokter wajib dipilih.'),
    weekday: z.union(
      weekdays.map((d) => z.literal(d)),
      { error: 'Hari wajib dipilih.' },
    ),
    start: clockTimeSchema,
    end: clockTimeSchema,
    quotaJkn: quotaSchema('Kuota JKN'),
    quotaNonJkn: quotaSchema('Kuota non-JKN'),
    minutesPerPatient: z
      .number({ error: 'Menit per pasien wajib diisi.' })
      .int()
      .min(1, 'Menit per pasien paling sedikit 1.')
      .max(240, 'Menit per pasien paling banyak 240.'),
    active: z.boolean(),
  })
  .refine((s) => s.start < s.end, { path: ['end'], message: 'Jam selesai harus setelah jam mulai.' });
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;
export const adminScheduleSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  doctorId: z.number().int(),
  doctorName: z.string(),
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  quotaJkn: z.number().int(),
  quotaNonJkn: z.number().int(),
  minutesPerPatient: z.number().int(),
  active: z.boolean(),
});
export type AdminSchedule = z.infer<typeof adminScheduleSchema>;
export const adminScheduleListSchema = z.array(adminScheduleSchema);
export const adminScheduleQuerySchema = z.object({
  clinicId: idParam().optional(),
});

/** A day without outpatient service: for the whole hospital, one clinic, or one doctor (leave). */
export const closedDateInputSchema = z.object({
  date: calendarDateSchema,
  clinicId: recordId().nullable(),
  doctorId: recordId().nullable(),
  reason: requiredText('Keterangan', 200),
});
export type ClosedDateInput = z.infer<typeof closedDateInputSchema>;
export const closedDateSchema = closedDateInputSchema.extend({ id: z.number().int() });
export type ClosedDate = z.infer<typeof closedDateSchema>;
export const closedDateListSchema = z.array(closedDateSchema);
/** A day just closed, with how many waiting bookings it cancelled (each patient told on WhatsApp). */
export const closedDateCreatedSchema = closedDateSchema.extend({ cancelled: z.number().int() });
export type ClosedDateCreated = z.infer<typeof closedDateCreatedSchema>;
/** Closed dates from `from` (default today) on. */
export const closedDateQuerySchema = z.object({ from: calendarDateSchema.optional() });
/** A day to close, for the hospital (neither id), a clinic or a doctor: what it would stop. */
export const closedDateBookingsQuerySchema = z.object({
  date: calendarDateSchema,
  clinicId: idParam().optional(),
  doctorId: idParam().optional(),
});
export type ClosedDateBookingsQuery = z.infer<typeof closedDateBookingsQuerySchema>;
/** The bookings still waiting that closing the day cancels (each patient is told on WhatsApp). */
export const closedDateBookingsSchema = z.object({ bookings: z.number().int() });
export type ClosedDateBookings = z.infer<typeof closedDateBookingsSchema>;

// ---------------------------------------------------------------------------------------------
// The admission counter's walk-in tickets (the lobby kiosk, for patients without a booking)

/**
 * The kinds of walk-in number the kiosk gives, each with its own letter and its own numbers per day: Umum keeps
 * the letter all walk-in numbers had before the kinds (`A-001`), BPJS (JKN) patients get `B-001`, and the
 * priority lane (the elderly, people with disabilities, pregnant women) `P-001`, called before the others.
 */
export const admissionTicketKinds = ['PRIORITAS', 'BPJS', 'UMUM'] as const;
export type AdmissionTicketKind = (typeof admissionTicketKinds)[number];
export const ADMISSION_TICKET_PREFIXES: Record<AdmissionTicketKind, string> = {
  PRIORITAS: 'P',
  BPJS: 'B',
  UMUM: 'A',
};
/** The kind the admission desk calls first, whatever waits longer. */
export const ADMISSION_PRIORITY_KIND: AdmissionTicketKind = 'PRIORITAS';

export const admissionTicketRequestSchema = z.object({
  kind: z.enum(admissionTicketKinds, { error: 'Pilih jenis antrean: BPJS, Umum atau Prioritas.' }),
});
export type AdmissionTicketRequest = z.infer<typeof admissionTicketRequestSchema>;

export const admissionTicketSchema = z.object({
  /** The kind's letter, `-` and three digits, e.g. `P-007`; per kind and day, from 1, without gaps. */
  number: z.string(),
  kind: z.enum(admissionTicketKinds),
  seq: z.number().int(),
  /** The day the ticket is for (YYYY-MM-DD, local). */
  date: z.string(),
  /** When it was taken (ISO 8601 with offset). */
  issuedAt: z.string(),
});
export type AdmissionTicket = z.infer<typeof admissionTicketSchema>;

/** The counters (loket) of the admission desk, numbered from 1. */
export const ADMISSION_COUNTERS = 10;
const counterMessage = `Pilih nomor loket 1–${ADMISSION_COUNTERS}.`;
export const admissionCounterSchema = z.object({
  counter: z
    .number({ error: counterMessage })
    .int(counterMessage)
    .min(1, counterMessage)
    .max(ADMISSION_COUNTERS, counterMessage),
});

export const admissionTicketStatuses = ['WAITING', 'CALLED', 'DONE'] as const;
export const admissionQueueTicketSchema = admissionTicketSchema.extend({
  /** Waiting, called to a counter (being served there), or done. */
  status: z.enum(admissionTicketStatuses),
  counter: z.number().int().nullable(),
  /** The last call (a call again moves it): a board announces a number whose call time changed. */
  calledAt: z.string().nullable(),
});
export type AdmissionQueueTicket = z.infer<typeof admissionQueueTicketSchema>;

/** The admission desk's day: every ticket in the order of issue, and how many wait, in all and per kind. */
export const admissionQueueSchema = z.object({
  date: z.string(),
  waiting: z.number().int(),
  waitingByKind: z.record(z.enum(admissionTicketKinds), z.number().int()),
  tickets: z.array(admissionQueueTicketSchema),
});
export type AdmissionQueue = z.infer<typeof admissionQueueSchema>;
