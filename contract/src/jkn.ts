import { z } from 'zod';
import { REGION_NAME_MAX, RT_RW_MAX } from './patients.js';
import { hospitalDate, isHospitalDay } from './text.js';

// The hospital's web service for Mobile JKN (BPJS calls it: `/api/jkn/...`), in BPJS's field names
// and with BPJS's messages. Every answer is HTTP 200 with `{metadata: {code, message}, response?}`:
// 200 success, 201 refused (the message says why), 202 a patient unknown to the hospital.

export const jknCodes = { ok: 200, refused: 201, newPatient: 202 } as const;

export const jknMetadataSchema = z.object({ code: z.number().int(), message: z.string() });

/** The envelope of every answer; `response` only on success and only for services that return data. */
export const jknEnvelope = <T extends z.ZodType>(response: T) =>
  z.object({ metadata: jknMetadataSchema, response: response.optional() });
export const jknMetadataOnlySchema = z.object({ metadata: jknMetadataSchema });

export const JKN_DATE_MESSAGE = 'Format Tanggal Tidak Sesuai, format yang benar adalah yyyy-mm-dd';

/** A text field BPJS must send; empty or missing is refused with `<label> tidak boleh kosong`. */
const filled = (label: string) =>
  z
    .string({ error: `${label} tidak boleh kosong` })
    .trim()
    .min(1, `${label} tidak boleh kosong`)
    .max(200, `${label} terlalu panjang`);

const short = (label: string, max: number) => filled(label).max(max, `${label} terlalu panjang`);

const digits = (label: string, length: number) =>
  filled(label).regex(new RegExp(`^\\d{${length}}$`), `${label} harus ${length} digit angka`);

/** A day that exists, within 1900–2999 (the contract's one date rule), in BPJS's format and words. */
const jknDate = (label: string) => filled(label).refine(isHospitalDay, JKN_DATE_MESSAGE);

/** BPJS sends some numbers as JSON numbers and some clients as numeric strings: both are taken. */
const whole = (label: string) =>
  z.union(
    [
      z.number({ error: `${label} tidak boleh kosong` }).int(`Format ${label} tidak sesuai`),
      z.string().regex(/^\d+$/, `Format ${label} tidak sesuai`),
    ],
    {
      error: (issue) =>
        issue.input === undefined ? `${label} tidak boleh kosong` : `Format ${label} tidak sesuai`,
    },
  );

const kodebooking = { kodebooking: filled('Kode Booking') };

export const jknTokenSchema = z.object({ token: z.string() });

export const jknStatusRequestSchema = z
  .object({
    kodepoli: filled('Kode Poli'),
    kodedokter: whole('Kode Dokter'),
    tanggalperiksa: jknDate('Tanggal Periksa'),
    jampraktek: filled('Jam Praktek').regex(
      /^([01]\d|2[0-3]):[0-5]\d\s*-\s*([01]\d|2[0-3]):[0-5]\d$/,
      'Format Jam Praktek tidak sesuai, format yang benar adalah HH:mm-HH:mm',
    ),
  })
  .meta({
    example: { kodepoli: 'INT', kodedokter: 251101, tanggalperiksa: '2026-12-01', jampraktek: '08:00-12:00' },
  });
export type JknStatusRequest = z.infer<typeof jknStatusRequestSchema>;

const quotas = {
  sisakuotajkn: z.number().int(),
  kuotajkn: z.number().int(),
  sisakuotanonjkn: z.number().int(),
  kuotanonjkn: z.number().int(),
};

export const jknStatusSchema = z.object({
  namapoli: z.string(),
  namadokter: z.string(),
  totalantrean: z.number().int(),
  sisaantrean: z.number().int(),
  /** The number being served, or "-" when none. */
  antreanpanggil: z.string(),
  ...quotas,
  keterangan: z.string(),
});
export type JknStatus = z.infer<typeof jknStatusSchema>;

export const jknBookingRequestSchema = jknStatusRequestSchema
  .extend({
    /** Empty for a patient who is not a JKN member. */
    nomorkartu: z
      .string({ error: 'Nomor Kartu tidak boleh kosong' })
      .trim()
      .regex(/^(\d{13})?$/, 'Nomor Kartu harus 13 digit angka'),
    nik: digits('NIK', 16),
    nohp: filled('No.HP').regex(/^\+?\d{8,15}$/, 'Format No.HP salah'),
    /** The hospital's medical record number when the patient knows it; may be empty. */
    norm: z.string().trim().max(20, 'Format Nomor RM salah').default(''),
    /** 1 rujukan FKTP, 2 rujukan internal, 3 kontrol, 4 rujukan antar RS. */
    jeniskunjungan: whole('Jenis Kunjungan'),
    /** The referral or control letter; empty for a patient who is not a JKN member. */
    nomorreferensi: z.string({ error: 'Nomor Referensi tidak boleh kosong' }).trim().max(40).default(''),
  })
  .meta({
    example: {
      nomorkartu: '0001234567890',
      nik: '7371014101900001',
      nohp: '081234567890',
      kodepoli: 'INT',
      norm: '000123',
      tanggalperiksa: '2026-12-01',
      kodedokter: 251101,
      jampraktek: '08:00-12:00',
      jeniskunjungan: 1,
      nomorreferensi: '0701R0011126B000123',
    },
  });
export type JknBookingRequest = z.infer<typeof jknBookingRequestSchema>;

export const jknBookingSchema = z
  .object({
    nomorantrean: z.string(),
    angkaantrean: z.number().int(),
    kodebooking: z.string(),
    norm: z.string(),
    namapoli: z.string(),
    namadokter: z.string(),
    /** Epoch milliseconds. */
    estimasidilayani: z.number().int(),
    ...quotas,
    keterangan: z.string(),
  })
  .meta({
    example: {
      nomorantrean: 'INT-012',
      angkaantrean: 12,
      kodebooking: 'K7QM-3XPA',
      norm: '000123',
      namapoli: 'Poli Penyakit Dalam',
      namadokter: 'dr. Hasnawati Syamsuddin, Sp.PD',
      estimasidilayani: 1796097600000,
      sisakuotajkn: 12,
      kuotajkn: 24,
      sisakuotanonjkn: 8,
      kuotanonjkn: 8,
      keterangan: 'Peserta harap 30 menit lebih awal guna pencatatan administrasi.',
    },
  });
export type JknBooking = z.infer<typeof jknBookingSchema>;

export const jknBookingCodeRequestSchema = z
  .object(kodebooking)
  .meta({ example: { kodebooking: 'K7QM-3XPA' } });

export const jknRemainingSchema = z.object({
  nomorantrean: z.string(),
  namapoli: z.string(),
  namadokter: z.string(),
  sisaantrean: z.number().int(),
  antreanpanggil: z.string(),
  /** Seconds, as BPJS's catalogue says. */
  waktutunggu: z.number().int(),
  keterangan: z.string(),
});
export type JknRemaining = z.infer<typeof jknRemainingSchema>;

export const jknCancelRequestSchema = z
  .object({ ...kodebooking, keterangan: filled('Keterangan') })
  .meta({ example: { kodebooking: 'K7QM-3XPA', keterangan: 'Pasien berhalangan hadir' } });

export const jknCheckInRequestSchema = z
  .object({ ...kodebooking, waktu: whole('Waktu') })
  .meta({ example: { kodebooking: 'K7QM-3XPA', waktu: 1796095800000 } });

export const jknNewPatientRequestSchema = z.object({
  nomorkartu: digits('Nomor Kartu', 13),
  nik: digits('NIK', 16),
  nomorkk: digits('Nomor KK', 16),
  nama: filled('Nama'),
  jeniskelamin: z.enum(['L', 'P'], { error: 'Jenis Kelamin harus L atau P' }),
  tanggallahir: jknDate('Tanggal Lahir'),
  nohp: filled('No.HP').regex(/^\+?\d{8,15}$/, 'Format No.HP salah'),
  alamat: filled('Alamat'),
  kodeprop: filled('Kode Propinsi'),
  // No longer than the patient form takes, so that the counter can correct the record later.
  namaprop: short('Nama Propinsi', REGION_NAME_MAX),
  kodedati2: filled('Kode Dati 2'),
  namadati2: short('Nama Dati 2', REGION_NAME_MAX),
  kodekec: filled('Kode Kecamatan'),
  namakec: short('Nama Kecamatan', REGION_NAME_MAX),
  kodekel: filled('Kode Kelurahan'),
  namakel: short('Nama Kelurahan', REGION_NAME_MAX),
  rw: short('RW', RT_RW_MAX),
  rt: short('RT', RT_RW_MAX),
});
export type JknNewPatientRequest = z.infer<typeof jknNewPatientRequestSchema>;

export const jknNewPatientSchema = z.object({ norm: z.string() });

export const jknOperationsRequestSchema = z
  .object({
    tanggalawal: jknDate('Tanggal Awal'),
    tanggalakhir: jknDate('Tanggal Akhir'),
  })
  .meta({ example: { tanggalawal: '2026-12-01', tanggalakhir: '2026-12-07' } });

const operation = {
  kodebooking: z.string(),
  tanggaloperasi: z.string(),
  jenistindakan: z.string(),
  kodepoli: z.string(),
  namapoli: z.string(),
  /** 1 when done. */
  terlaksana: z.number().int(),
};
export const jknOperationListSchema = z.object({
  list: z.array(
    z.object({
      ...operation,
      /** The patient's JKN card; empty for others. */
      nopeserta: z.string(),
      /** Epoch milliseconds. */
      lastupdate: z.number().int(),
    }),
  ),
});
export const jknPatientOperationsRequestSchema = z
  .object({ nopeserta: digits('Nomor Peserta', 13) })
  .meta({ example: { nopeserta: '0001234567890' } });
export const jknPatientOperationListSchema = z.object({ list: z.array(z.object(operation)) });

export const jknPharmacyBookingSchema = z.object({
  jenisresep: z.string(),
  nomorantrean: z.number().int(),
  keterangan: z.string(),
});
export const jknPharmacyStatusSchema = z.object({
  jenisresep: z.string(),
  totalantrean: z.number().int(),
  sisaantrean: z.number().int(),
  antreanpanggil: z.number().int(),
  keterangan: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Staff side (admin): the hospital's clinics and doctors mapped to BPJS's codes, BPJS's reference
// lists fetched to fill and check them, and the credentials given to BPJS.

const mappedCode = z
  .string()
  .trim()
  .min(1, 'Kode BPJS wajib diisi.')
  .max(20, 'Kode BPJS paling panjang 20 karakter.');

export const bpjsMappingInputSchema = z.object({
  /** Null removes the mapping. */
  bpjsCode: mappedCode.nullable(),
  bpjsName: z.string().trim().max(120, 'Nama BPJS paling panjang 120 karakter.').nullable(),
});
export type BpjsMappingInput = z.infer<typeof bpjsMappingInputSchema>;

const mapped = { bpjsCode: z.string().nullable(), bpjsName: z.string().nullable() };
export const bpjsMappingSchema = z.object({
  /** False while BPJS_ANTREAN_URL and its keys are not set: the reference lists cannot be fetched. */
  configured: z.boolean(),
  clinics: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean(), ...mapped }),
  ),
  doctors: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      clinicId: z.number().int(),
      active: z.boolean(),
      ...mapped,
    }),
  ),
});
export type BpjsMapping = z.infer<typeof bpjsMappingSchema>;

export const bpjsReferenceSchema = z.object({
  /** BPJS's sub-specialist codes: what Mobile JKN sends as `kodepoli`. */
  poli: z.array(z.object({ code: z.string(), name: z.string(), poliCode: z.string(), poliName: z.string() })),
  dokter: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type BpjsReference = z.infer<typeof bpjsReferenceSchema>;

export const bpjsScheduleQuerySchema = z.object({
  kodepoli: mappedCode,
  date: hospitalDate(z.iso.date({ error: 'Tanggal harus berformat YYYY-MM-DD.' })),
});
/** BPJS's doctor schedules of a poli on a date, each with whether the hospital has that session. */
export const bpjsScheduleListSchema = z.array(
  z.object({
    doctorCode: z.string(),
    doctorName: z.string(),
    hours: z.string(),
    capacity: z.number().int(),
    holiday: z.boolean(),
    /** The hospital's doctor with this BPJS code, if any. */
    doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** True when that doctor has a session at these hours on this weekday. */
    sessionFound: z.boolean(),
  }),
);
export type BpjsScheduleList = z.infer<typeof bpjsScheduleListSchema>;

export const jknCredentialsSchema = z.object({ username: z.string(), updatedAt: z.string() }).nullable();
export type JknCredentials = z.infer<typeof jknCredentialsSchema>;
export const jknCredentialsInputSchema = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,50}$/, 'Username 3–50 huruf, angka, titik, garis bawah atau strip.'),
  // Compared trimmed, as a staff password: 12 characters without the spaces around them.
  password: z
    .string()
    .max(200, 'Kata sandi terlalu panjang.')
    .refine((value) => value.trim().length >= 12, 'Kata sandi minimal 12 karakter.'),
});
export type JknCredentialsInput = z.infer<typeof jknCredentialsInputSchema>;
