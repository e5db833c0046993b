import { z } from 'zod';

/** The error envelope of every 4xx/5xx answer (API.md "Conventions"). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * Only with 409 `SIMRS_CONFLICT` (linked mode): the record as the SIMRS holds it now, in the shape the
     * record is read in, when the SIMRS changed it before the write reached it.
     */
    current: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

// The server's refusals that the public pages show as they are (booking, status pages, survey), in Bahasa
// Indonesia like every message of the API; the web shows them in English where its UI speaks English
// (web/src/i18n/contractMessagesEn.ts). Those built around a value (a clinic closed for a reason, a wait in
// seconds) hold placeholders (`{value}`, `{why}`, `{n}`) that `fill` fills.

/** A 400 whose `fields` say what is wrong. */
export const INVALID_REQUEST = 'Data yang dikirim tidak valid.';
export const PATIENT_MISMATCH =
  'Data pasien tidak cocok. Periksa No. RM atau NIK, tanggal lahir dan No. HP yang tercatat di rumah sakit; bila No. HP belum tercatat atau sudah berganti, perbarui di loket pendaftaran.';
export const ALREADY_BOOKED =
  'Pasien ini sudah memiliki pendaftaran di poli yang sama pada tanggal itu. Lihat atau batalkan pendaftaran yang ada.';
export const QUOTA_FULL_JKN =
  'Kuota pasien JKN untuk jadwal ini sudah penuh. Pilih jadwal atau tanggal lain.';
export const QUOTA_FULL_GENERAL =
  'Kuota pasien umum untuk jadwal ini sudah penuh. Pilih jadwal atau tanggal lain.';
export const NO_SCHEDULE_THAT_DAY = 'Tidak ada jadwal dokter pada hari itu.';
/** A date the clinic is closed, with the reason the hospital gave (a holiday). */
export const CLINIC_CLOSED = 'Poli tutup: {value}';
/** A date every doctor of the day's sessions is away, with the reason (leave, a seminar). */
export const DOCTOR_AWAY = 'Dokter tidak praktik: {value}';
/** A message with its placeholders (`{value}`, `{why}`, `{n}`) filled. */
export const fill = (message: string, values: Readonly<Record<string, string | number>>) =>
  message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );

/** A 429: why (one of the reasons below), and in how many seconds to try again. */
export const TRY_AGAIN_IN = '{why} Coba lagi dalam {n} detik.';
export const TOO_MANY_WRONG_PASSWORDS = 'Terlalu banyak percobaan kata sandi yang salah.';
export const TOO_MANY_PATIENT_MISMATCHES = 'Terlalu banyak percobaan data pasien yang tidak cocok.';
export const TOO_MANY_UNKNOWN_BOOKING_CODES =
  'Terlalu banyak kode booking yang tidak ditemukan dari alamat Anda.';
export const TOO_MANY_REQUESTS = 'Terlalu banyak permintaan dari alamat Anda.';

/** Attendance: a clock-in with a shift open, a clock-out within a minute (a double click), none open. */
export const ALREADY_CLOCKED_IN = 'Anda sudah absen masuk. Absen pulang dahulu sebelum absen masuk lagi.';
export const JUST_CLOCKED_IN =
  'Anda baru saja absen masuk. Absen pulang paling cepat satu menit setelah absen masuk.';
export const NOT_CLOCKED_IN = 'Anda belum absen masuk.';
export const SESSIONS_ENDED_TODAY = 'Jadwal praktik hari ini sudah selesai.';
export const BOOKING_NOT_FOUND = 'Kode booking tidak ditemukan. Periksa kembali kodenya.';
export const CHECK_IN_NOT_TODAY = 'Check-in hanya bisa dilakukan pada hari kunjungan.';
export const CANCEL_DATE_PASSED = 'Pendaftaran untuk tanggal yang sudah lewat tidak bisa dibatalkan.';
export const ORDER_NOT_FOUND = 'Pesanan tidak ditemukan. Periksa kode pelacakan dan nomor HP pemesan.';
export const COMPLAINT_NOT_FOUND =
  'Pengaduan tidak ditemukan. Periksa kode pelacakan dan nomor HP yang Anda berikan.';
export const SURVEY_NOT_FOUND = 'Survei tidak ditemukan. Periksa kembali tautan yang Anda terima.';
export const SURVEY_ALREADY_SUBMITTED = 'Survei ini sudah diisi. Terima kasih atas penilaian Anda.';
