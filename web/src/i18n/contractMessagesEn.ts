// The English of the validation messages the shared contract writes (its zod schemas, in Bahasa Indonesia, the
// language of the server too): shown under a form's fields, whether the form's own check or the server's 400
// found them (see contractMessages.ts). A chunk of its own, loaded once the UI speaks English (i18n/index.ts):
// a clerk working in Bahasa Indonesia never downloads it. Messages built from a constant are keyed
// by the same constant, so that a changed limit cannot leave its English behind; a message the contract builds
// around a name (`requiredText('Nama pasien', 100)`) is one sentence here and the name in `labels`.
// `contractMessages.test.ts` reads every message out of the contract's source and fails on one without English.
import {
  ADMISSION_COUNTERS,
  ALREADY_BOOKED,
  ALREADY_CLOCKED_IN,
  BOOKING_NOT_FOUND,
  CANCEL_DATE_PASSED,
  CHECK_IN_NOT_TODAY,
  CLINIC_CLOSED,
  COMPLAINT_NOT_FOUND,
  DOCTOR_AWAY,
  HISTORY_MAX_YEARS,
  ID_OUT_OF_RANGE,
  INVALID_REQUEST,
  JUST_CLOCKED_IN,
  MAX_INT,
  NO_SCHEDULE_THAT_DAY,
  NOT_CLOCKED_IN,
  ORDER_NOT_FOUND,
  PASSWORD_NEEDED_MESSAGE,
  PATIENT_MISMATCH,
  PATIENT_SEARCH_MIN_LENGTH,
  QUOTA_FULL_GENERAL,
  QUOTA_FULL_JKN,
  RANGE_BACKWARDS,
  REPORT_MAX_YEARS,
  SESSIONS_ENDED_TODAY,
  SURVEY_ALREADY_SUBMITTED,
  SURVEY_NOT_FOUND,
  TOO_MANY_PATIENT_MISMATCHES,
  TOO_MANY_REQUESTS,
  TOO_MANY_UNKNOWN_BOOKING_CODES,
  TOO_MANY_WRONG_PASSWORDS,
  TRY_AGAIN_IN,
} from '@portal/contract';
import { ORDER_HORIZON_DAYS, ROSTER_MAX_DAYS } from '@portal/contract/constants';

const years = (count: number) => `${count} year${count === 1 ? '' : 's'}`;

/** What a patient search may look in, as the contract lists it in its messages. */
const criteria = {
  id: 'nama, No. RM, NIK, NIP, No. HP, No. asuransi, atau tanggal lahir',
  en: 'name, MRN, NIK, NIP, mobile number, insurance number or date of birth',
};

/** Why the server refuses for a while (a 429: `{why}` of TRY_AGAIN_IN). */
const tooMany: Readonly<Record<string, string>> = {
  [TOO_MANY_WRONG_PASSWORDS]: 'Too many wrong passwords.',
  [TOO_MANY_PATIENT_MISMATCHES]: 'Too many attempts with patient details that do not match.',
  [TOO_MANY_UNKNOWN_BOOKING_CODES]: 'Too many booking codes not found from your address.',
  [TOO_MANY_REQUESTS]: 'Too many requests from your address.',
};

/** Whole messages. */
const messages: Readonly<Record<string, string>> = {
  ...tooMany,
  // The server's refusals on the public pages (contract/src/errors.ts)
  [INVALID_REQUEST]: 'The data sent is not valid.',
  [PATIENT_MISMATCH]:
    'The patient details do not match. Check the MRN or NIK, the date of birth and the mobile number on record at the hospital; if no mobile number is on record or it has changed, update it at the registration counter.',
  [ALREADY_BOOKED]:
    'This patient already has a booking at the same clinic on that date. View or cancel the existing booking.',
  [QUOTA_FULL_JKN]: 'The JKN quota of this session is full. Choose another session or date.',
  [QUOTA_FULL_GENERAL]:
    'The quota for general patients of this session is full. Choose another session or date.',
  [NO_SCHEDULE_THAT_DAY]: 'No doctor is scheduled on that day.',
  [SESSIONS_ENDED_TODAY]: 'Today’s sessions have ended.',
  [BOOKING_NOT_FOUND]: 'Booking code not found. Please check the code.',
  [CHECK_IN_NOT_TODAY]: 'Check-in is only possible on the day of the visit.',
  [CANCEL_DATE_PASSED]: 'A booking for a date that has passed cannot be cancelled.',
  [ORDER_NOT_FOUND]: 'Order not found. Check the tracking code and the requester’s mobile number.',
  [COMPLAINT_NOT_FOUND]: 'Complaint not found. Check the tracking code and the mobile number you gave.',
  [SURVEY_NOT_FOUND]: 'Survey not found. Please check the link you received.',
  [SURVEY_ALREADY_SUBMITTED]: 'This survey has already been filled in. Thank you for your rating.',

  // Attendance
  [ALREADY_CLOCKED_IN]: 'You have already clocked in. Clock out first before clocking in again.',
  [JUST_CLOCKED_IN]:
    'You have just clocked in. You can clock out one minute after clocking in at the earliest.',
  [NOT_CLOCKED_IN]: 'You have not clocked in.',

  [RANGE_BACKWARDS]: 'The end date cannot be before the start date.',
  [PASSWORD_NEEDED_MESSAGE]:
    'A password is required for staff who can log in or hold the on-duty or customer-service post.',
  [`Rentang tanggal paling panjang ${ROSTER_MAX_DAYS} hari.`]: `The date range can be at most ${ROSTER_MAX_DAYS} days.`,
  [`Rentang tanggal paling lama ${HISTORY_MAX_YEARS} tahun.`]: `The date range can be at most ${years(HISTORY_MAX_YEARS)}.`,
  [`Rentang tanggal paling lama ${REPORT_MAX_YEARS} tahun.`]: `The date range can be at most ${years(REPORT_MAX_YEARS)}.`,
  [`Waktu jemput paling lambat ${ORDER_HORIZON_DAYS} hari dari sekarang.`]: `The pickup time can be at most ${ORDER_HORIZON_DAYS} days from now.`,
  [`Ketik minimal ${PATIENT_SEARCH_MIN_LENGTH} huruf nama.`]: `Type at least ${PATIENT_SEARCH_MIN_LENGTH} letters of the name.`,
  [`Isi satu kriteria pencarian: ${criteria.id}.`]: `Fill in one search criterion: ${criteria.en}.`,
  [`Cari dengan satu kriteria saja: ${criteria.id}.`]: `Search by one criterion only: ${criteria.en}.`,
  'Ketik No. RM, NIK, No. kartu BPJS, atau minimal 3 huruf nama.':
    'Type an MRN, NIK, BPJS card number or at least 3 letters of the name.',
  'Pencarian paling panjang 100 karakter.': 'A search is at most 100 characters.',
  [`Pilih nomor loket 1–${ADMISSION_COUNTERS}.`]: `Choose counter 1–${ADMISSION_COUNTERS}.`,
  'Pilih jenis antrean: BPJS, Umum atau Prioritas.': 'Choose the kind of number: BPJS, General or Priority.',
  [ID_OUT_OF_RANGE]: `A record number must be a whole number from 1 to ${MAX_INT}.`,

  // Dates, times and months
  'Tanggal harus berformat YYYY-MM-DD.': 'The date must be written YYYY-MM-DD.',
  'Tanggal harus antara tahun 1900 dan 2999.': 'The date must lie between the years 1900 and 2999.',
  'Teks tidak boleh berisi karakter NUL (\\u0000).': 'The text must not contain a NUL character (\\u0000).',
  'Teks berisi karakter yang tidak sah (separuh pasangan surrogate UTF-16, mis. \\ud800).':
    'The text holds an invalid character (half a UTF-16 surrogate pair, e.g. \\ud800).',
  'Bulan harus berformat YYYY-MM.': 'The month must be written YYYY-MM.',
  'Bulan harus antara tahun 1900 dan 2999.': 'The month must lie between the years 1900 and 2999.',
  'Bulan awal harus sebelum bulan akhir.': 'The first month must come before the last one.',
  'Jam harus berformat JJ:MM, misalnya 08:00.': 'The time must be written HH:MM, for example 08:00.',
  'Jam selesai harus setelah jam mulai.': 'The end time must be after the start time.',
  'Tanggal lahir harus berformat YYYY-MM-DD.': 'The date of birth must be written YYYY-MM-DD.',
  'Tanggal lahir paling awal 01-01-1900.': 'The date of birth cannot be before 01-01-1900.',
  'Tanggal lahir tidak boleh setelah hari ini.': 'The date of birth cannot be after today.',
  'Waktu jemput harus tanggal dan jam lengkap dengan zona waktu, misalnya 2025-07-01T14:30:00+07:00.':
    'The pickup time must be a full date and time with its time zone, for example 2025-07-01T14:30:00+07:00.',
  'Waktu jemput sudah lewat.': 'The pickup time has passed.',

  // The SEP of a JKN visit
  'Kode wilayah BPJS wajib diisi: huruf dan angka, paling panjang 10.':
    'Enter the BPJS region code: letters and digits, at most 10.',
  'No. laporan polisi paling panjang 30 karakter.': 'The police report number is at most 30 characters.',
  'Kode diagnosa ICD-10, misalnya I10 atau E11.9.': 'An ICD-10 diagnosis code, for example I10 or E11.9.',
  'Catatan paling panjang 200 karakter.': 'The note is at most 200 characters.',
  'Nomor telepon 8–20 angka.': 'The phone number is 8–20 digits.',
  'Ketik paling sedikit 3 huruf.': 'Type at least 3 letters.',

  // Choices
  'Pilih jenis kecelakaan.': 'Choose the kind of accident.',
  'Petugas wajib dipilih.': 'Choose a staff member.',
  'Pasien wajib dipilih.': 'Choose a patient.',
  'Jenis kelamin wajib dipilih.': 'Choose the sex.',
  'Jadwal dokter wajib dipilih.': 'Choose a doctor’s session.',
  'Poli wajib dipilih.': 'Choose a clinic.',
  'Dokter wajib dipilih.': 'Choose a doctor.',
  'Hari wajib dipilih.': 'Choose a day.',
  'Ruangan wajib dipilih.': 'Choose a room.',
  'Nomor tempat tidur harus angka.': 'The bed number must be a number.',
  'Nomor tempat tidur harus bilangan bulat.': 'The bed number must be a whole number.',
  'Nomor tempat tidur paling kecil 1.': 'The bed number is at least 1.',
  'Nomor tempat tidur paling besar 500.': 'The bed number is at most 500.',
  'Pilih cara pulang dari daftar.': 'Choose the discharge type from the list.',
  'Pilih salah satu jawaban.': 'Choose one of the answers.',
  'Pilih data pasien yang akan digabungkan.': 'Choose the patient record to merge.',
  'Pilih laki-laki, perempuan, atau campuran.': 'Choose male, female or mixed.',
  'Pilih kelas dari daftar kelas BPJS.': 'Choose a class from the BPJS class list.',
  'Pilih jenis resep: racikan atau non racikan.': 'Choose the kind of prescription: compounded or not.',
  'Shift harus pagi, siang atau malam.': 'Choose the morning, afternoon or night shift.',
  'Status harus Menunggu, Sedang Berlangsung atau Selesai.':
    'The status must be waiting, in progress or done.',
  'Jenis daftar harus patient_group, unit, rank atau company.':
    'The list must be patient_group, unit, rank or company.',
  'Penjamin harus JKN atau UMUM.': 'The payer must be JKN or UMUM.',
  'Filter batal: true atau false.': 'The cancelled filter must be true or false.',
  'Filter vaksinasi: 0 (tanpa) atau 1 (dengan).': 'The vaccination filter must be 0 (without) or 1 (with).',
  'Jenis kunjungan tidak dikenal; pilih rujukan FKTP, rujukan internal, kontrol atau rujukan antar RS.':
    'Unknown kind of visit; choose a referral from primary care (FKTP), an internal referral, a control visit or a referral from another hospital.',

  // The booking's patient and payer
  'Pilih salah satu: pasien lama (No. RM atau NIK) atau pasien baru.':
    'Choose one: a returning patient (MRN or NIK) or a new patient.',
  'Isi No. rekam medis atau NIK.': 'Fill in the medical record number or the NIK.',
  'Isi No. rekam medis atau NIK, tidak keduanya.': 'Fill in the medical record number or the NIK, not both.',
  'Nomor kartu BPJS harus 13 angka.': 'The BPJS card number must be 13 digits.',
  'Nomor kartu BPJS wajib diisi untuk pasien JKN.': 'The BPJS card number is required for a JKN patient.',
  'Nomor rujukan harus 10–30 huruf atau angka, tanpa spasi.':
    'The referral number must be 10–30 letters or digits, without spaces.',
  'Nomor rujukan wajib diisi untuk pasien JKN.': 'The referral number is required for a JKN patient.',
  'Nomor HP tidak valid; gunakan nomor seluler Indonesia seperti 081234567890.':
    'Not a valid mobile number; use an Indonesian mobile number such as 081234567890.',
  'Nomor HP wajib diisi.': 'The mobile number is required.',

  // The NIK
  'NIK harus 16 angka.': 'The NIK must be 16 digits.',
  'Angka ke-7 sampai ke-12 NIK bukan tanggal lahir yang valid (tanggal, bulan, tahun; tanggal perempuan ditambah 40).':
    'Digits 7 to 12 of the NIK are not a valid date of birth (day, month, year; 40 added to a woman’s day).',

  // Codes and names
  'Kode hanya huruf, angka, titik, garis miring atau tanda hubung.':
    'The code may only have letters, digits, dots, slashes or hyphens.',
  'Kode kategori 2–30 huruf kecil, angka atau minus.':
    'The category code is 2–30 lower-case letters, digits or hyphens.',
  'Kode poli 2–10 huruf besar atau angka.': 'The clinic code is 2–10 capital letters or digits.',
  'Awalan antrean 1–5 huruf besar.': 'The queue prefix is 1–5 capital letters.',
  'Kode buku 1–20 huruf besar, angka, minus atau garis bawah.':
    'The book code is 1–20 capital letters, digits, hyphens or underscores.',
  'Kode ruangan 1–20 huruf besar, angka atau tanda hubung.':
    'The room code is 1–20 capital letters, digits or hyphens.',
  'Kode ruang BPJS 1–30 huruf, angka, titik, garis bawah atau tanda hubung.':
    'The BPJS room code is 1–30 letters, digits, dots, underscores or hyphens.',
  'Nama pengguna 3–32 karakter: huruf kecil, angka, titik, minus atau garis bawah.':
    'The username is 3–32 characters: lower-case letters, digits, dots, hyphens or underscores.',
  'Username 3–50 huruf, angka, titik, garis bawah atau strip.':
    'The username is 3–50 letters, digits, dots, underscores or hyphens.',
  'Kata sandi terlalu panjang.': 'The password is too long.',
  'Kata sandi baru harus berbeda dari kata sandi lama.': 'The new password must differ from the current one.',

  // Numbers
  'Isi angka 0–50.': 'Enter a number from 0 to 50.',
  'Kapasitas minimal 1 tempat tidur.': 'The capacity is at least 1 bed.',
  'Kapasitas paling banyak 500 tempat tidur.': 'The capacity is at most 500 beds.',
  'Tarif harus berupa angka rupiah.': 'The tariff must be an amount in Rupiah.',
  'Tarif harus bilangan bulat rupiah.': 'The tariff must be in whole Rupiah.',
  'Tarif terlalu besar.': 'The tariff is too large.',
  'Paling banyak 500 operasi sehari.': 'At most 500 operations a day.',
  'Ketik minimal 2 huruf atau angka.': 'Type at least 2 letters or digits.',
};

/**
 * Sentences the contract builds around a name (`{label}`, one of `labels`), a number (`{n}`), a sex (`{sex}`)
 * or a value kept as it is (`{value}`). The English names the same placeholders in the same order.
 */
const sentences: Readonly<Record<string, string>> = {
  [CLINIC_CLOSED]: 'Clinic closed: {value}',
  [DOCTOR_AWAY]: 'No doctor practising: {value}',
  [TRY_AGAIN_IN]: '{why} Try again in {n} seconds.',
  '{label} wajib diisi.': '{label} is required.',
  '{label} paling panjang {n} karakter.': '{label} can be at most {n} characters long.',
  '{label} paling banyak {n} karakter.': '{label} can be at most {n} characters long.',
  '{label} minimal {n} karakter.': '{label} must be at least {n} characters long.',
  '{label} paling sedikit {n}.': '{label} must be at least {n}.',
  '{label} paling banyak {n}.': '{label} can be at most {n}.',
  '{label} harus bilangan bulat.': '{label} must be a whole number.',
  '{label} tidak boleh negatif.': '{label} cannot be negative.',
  '{label} tidak dikenal.': '{label} is unknown.',
  '{label} harus 6–15 angka, misalnya 081234567890 atau 0411-852000.':
    '{label} must have 6–15 digits, for example 081234567890 or 0411-852000.',
  'Ketik minimal {n} angka {label}.': '{label}: type at least {n} digits.',
  'Kode provinsi {value} pada NIK (2 angka pertama) tidak dikenal.':
    'The province code {value} of the NIK (its first 2 digits) is unknown.',
  'Tanggal lahir menurut NIK {value}, berbeda dengan tanggal lahir yang diisi.':
    'By the NIK the date of birth is {value}, not the date of birth filled in.',
  'Menurut NIK pasien {sex} (tanggal lahir perempuan ditambah 40), tetapi jenis kelamin diisi {sex}.':
    'By the NIK the patient is {sex} (40 is added to a woman’s day of birth), but the sex filled in is {sex}.',
};

/** The names the contract's sentences are built around. */
const labels: Readonly<Record<string, string>> = {
  'Keterangan kejadian': 'What happened',
  Agama: 'Religion',
  'Alasan hapus SEP': 'Reason for deleting the SEP',
  Alamat: 'Address',
  'Alamat 3': 'Address 3',
  'Alamat 4': 'Address 4',
  'Alamat domisili': 'Domicile address',
  'Alamat jemput': 'Pickup address',
  Alasan: 'Reason',
  'Alasan pembatalan': 'Reason for cancelling',
  'Atas nama asuransi': 'Insured person',
  Bulan: 'Month',
  Catatan: 'Notes',
  'Hubungan keluarga': 'Family relationship',
  'Isi pengaduan': 'Complaint',
  'Isi pesan': 'Message',
  'Kabupaten/Kota': 'Regency or city',
  Jawaban: 'Answer',
  'Kamar operasi': 'Operating room',
  Kapasitas: 'Capacity',
  'Kata sandi': 'Password',
  Kecamatan: 'District',
  Kategori: 'Category',
  Kelas: 'Class',
  'Kelurahan/Desa': 'Village',
  Kendaraan: 'Vehicle',
  Keterangan: 'Description',
  Kode: 'Code',
  'Kode BPJS': 'BPJS code',
  'Kode golongan pasien': 'Patient group code',
  'Kode ruang': 'Room code',
  'Kuota JKN': 'JKN quota',
  'Kuota non-JKN': 'Non-JKN quota',
  'Menit per pasien': 'Minutes per patient',
  NIK: 'NIK',
  NIP: 'NIP',
  'NIP/NRP': 'NIP/NRP',
  Nama: 'Name',
  'Nama BPJS': 'BPJS name',
  'Nama buku': 'Book name',
  'Nama dokter': 'Doctor’s name',
  'Nama ibu kandung': 'Mother’s maiden name',
  'Nama istri': 'Wife’s name',
  'Nama jenazah': 'Name of the deceased',
  'Nama kategori': 'Category name',
  'Nama keluarga': 'Family member to contact',
  'Nama layanan': 'Service name',
  'Nama pasien': 'Patient’s name',
  'Nama pemesan': 'Your name',
  'Nama pengguna': 'Username',
  'Nama poli': 'Clinic name',
  'Nama ruangan': 'Room name',
  'Nama suami': 'Husband’s name',
  'No. asuransi': 'Insurance number',
  'No. HP': 'Mobile number',
  'No. HP keluarga': 'Family member’s mobile',
  'No. rekam medis': 'Medical record number',
  Pasien: 'Patient',
  Pekerjaan: 'Occupation',
  Pendidikan: 'Education',
  Pengemudi: 'Driver',
  Petugas: 'Staff member',
  Poli: 'Clinic',
  Provinsi: 'Province',
  RT: 'RT',
  RW: 'RW',
  'Saluran pendaftaran': 'Booking channel',
  Saran: 'Suggestion',
  'Status pendaftaran': 'Booking status',
  'Status perkawinan': 'Marital status',
  Suku: 'Ethnicity',
  'Tanggal akhir': 'End date',
  'Tanggal awal': 'Start date',
  'Tanggal lahir': 'Date of birth',
  'Tempat lahir': 'Place of birth',
  Tarif: 'Tariff',
  Tindakan: 'Procedure',
  Tujuan: 'Destination',
  Unit: 'Unit',
  'Urutan operasi': 'Order of operations',
};

const sexes: Readonly<Record<string, string>> = { 'laki-laki': 'male', perempuan: 'female' };

/** What each placeholder takes, and the words it is translated by (none: kept as it is). */
const placeholders: Readonly<Record<string, { pattern: string; words?: Readonly<Record<string, string>> }>> =
  {
    label: { pattern: '(.+)', words: labels },
    n: { pattern: '(\\d+)' },
    sex: { pattern: '(.+)', words: sexes },
    why: { pattern: '(.+)', words: tooMany },
    value: { pattern: '(.+)' },
  };

const placeholder = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const rules = Object.entries(sentences).map(([indonesian, english]) => {
  const names = [...indonesian.matchAll(placeholder)].map((match) => match[1] ?? '');
  const pattern = escape(indonesian).replace(
    /\\?\{(\w+)\\?\}/g,
    (_, name: string) => placeholders[name]?.pattern ?? '',
  );
  return { pattern: new RegExp(`^${pattern}$`), names, english };
});

/** A sentence built around names, numbers or values, in English; undefined when a part of it is unknown. */
function sentenceInEnglish(text: string): string | undefined {
  for (const { pattern, names, english } of rules) {
    const match = pattern.exec(text);
    if (!match) continue;
    const parts = names.map((name, index) => {
      const part = match[index + 1] ?? '';
      const words = placeholders[name]?.words;
      return words ? words[part] : part;
    });
    if (parts.some((part) => part === undefined)) continue;
    let next = 0;
    return english.replace(placeholder, () => parts[next++] ?? '');
  }
  return undefined;
}

/** A message of the contract in English, or undefined when it is none the contract writes. */
export function contractMessageInEnglish(text: string): string | undefined {
  return messages[text] ?? sentenceInEnglish(text);
}
