// Clinic codes follow the BPJS poli codes, so queue prefixes and the Mobile JKN mapping agree.
export const demoClinics = [
  { code: 'INT', name: 'Poli Penyakit Dalam', bpjsCode: 'INT', queuePrefix: 'INT' },
  { code: 'ANA', name: 'Poli Anak', bpjsCode: 'ANA', queuePrefix: 'ANA' },
  { code: 'BED', name: 'Poli Bedah', bpjsCode: 'BED', queuePrefix: 'BED' },
  { code: 'OBG', name: 'Poli Kebidanan dan Kandungan', bpjsCode: 'OBG', queuePrefix: 'OBG' },
  { code: 'MAT', name: 'Poli Mata', bpjsCode: 'MAT', queuePrefix: 'MAT' },
  { code: 'GIG', name: 'Poli Gigi dan Mulut', bpjsCode: 'GIG', queuePrefix: 'GIG' },
  { code: 'SAR', name: 'Poli Saraf', bpjsCode: 'SAR', queuePrefix: 'SAR' },
  { code: 'THT', name: 'Poli THT', bpjsCode: 'THT', queuePrefix: 'THT' },
  { code: 'JAN', name: 'Poli Jantung dan Pembuluh Darah', bpjsCode: 'JAN', queuePrefix: 'JAN' },
  { code: 'KLT', name: 'Poli Kulit dan Kelamin', bpjsCode: 'KLT', queuePrefix: 'KLT' },
  { code: 'PAR', name: 'Poli Paru', bpjsCode: 'PAR', queuePrefix: 'PAR' },
  { code: 'ORT', name: 'Poli Orthopedi', bpjsCode: 'ORT', queuePrefix: 'ORT' },
] as const;

export type ClinicCode = (typeof demoClinics)[number]['code'];

// Military doctors carry their rank and corps (Ckm: Korps Kesehatan Militer), as on the hospital's boards.
export const demoDoctors: { name: string; bpjsCode: string; clinic: ClinicCode }[] = [
  { name: 'Letkol Ckm dr. Andi Muhammad Arief, Sp.PD', bpjsCode: '251101', clinic: 'INT' },
  { name: 'dr. Hasnawati Syamsuddin, Sp.PD', bpjsCode: '251102', clinic: 'INT' },
  { name: 'dr. Ahmad Fauzi Rahman, Sp.PD', bpjsCode: '251103', clinic: 'INT' },
  { name: 'Mayor Ckm dr. Irfan Hamzah, Sp.A', bpjsCode: '251201', clinic: 'ANA' },
  { name: 'dr. Nurhayati Baso, Sp.A', bpjsCode: '251202', clinic: 'ANA' },
  { name: 'Kolonel Ckm dr. Bambang Sutrisno, Sp.B', bpjsCode: '251301', clinic: 'BED' },
  { name: 'dr. Ikhsan Mappiare, Sp.B', bpjsCode: '251302', clinic: 'BED' },
  { name: 'Mayor Ckm dr. Hendra Wijaya, Sp.OG', bpjsCode: '251401', clinic: 'OBG' },
  { name: 'dr. Sitti Rahmah Amir, Sp.OG', bpjsCode: '251402', clinic: 'OBG' },
  { name: 'dr. Fitriani Lamba, Sp.M', bpjsCode: '251501', clinic: 'MAT' },
  { name: 'drg. Astuti Rahayu', bpjsCode: '251601', clinic: 'GIG' },
  { name: 'Kapten Ckm drg. Muhammad Yusran', bpjsCode: '251602', clinic: 'GIG' },
  { name: 'dr. Abdul Kadir Jailani, Sp.N', bpjsCode: '251701', clinic: 'SAR' },
  { name: 'dr. Rina Marlina Tahir, Sp.THT-KL', bpjsCode: '251801', clinic: 'THT' },
  { name: 'Letkol Ckm dr. Arifuddin Malik, Sp.JP', bpjsCode: '251901', clinic: 'JAN' },
  { name: 'dr. Yulianti Tandiarrang, Sp.KK', bpjsCode: '252001', clinic: 'KLT' },
  { name: 'dr. Syarifah Aini Alhabsyi, Sp.P', bpjsCode: '252101', clinic: 'PAR' },
  { name: 'Letkol Ckm dr. Agus Salim Nasution, Sp.OT', bpjsCode: '252201', clinic: 'ORT' },
];

export interface DemoSchedule {
  doctorBpjsCode: string;
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdays: number[];
  start: string;
  end: string;
  quotaJkn: number;
  quotaNonJkn: number;
  minutesPerPatient: number;
}

const morning = { start: '08:00', end: '12:00', quotaJkn: 24, quotaNonJkn: 8, minutesPerPatient: 10 };
const afternoon = { start: '13:00', end: '16:00', quotaJkn: 15, quotaNonJkn: 5, minutesPerPatient: 12 };
// The hospital's executive evening clinic: mostly paying patients.
const evening = { start: '16:00', end: '20:00', quotaJkn: 6, quotaNonJkn: 14, minutesPerPatient: 15 };

/** Every weekday has morning sessions in every clinic; the big clinics also run afternoons and evenings. */
export const demoSchedules: DemoSchedule[] = [
  { doctorBpjsCode: '251101', weekdays: [1, 3, 5], ...morning },
  { doctorBpjsCode: '251102', weekdays: [2, 4, 6], ...morning },
  { doctorBpjsCode: '251103', weekdays: [1, 2, 3, 4, 5], ...afternoon },
  { doctorBpjsCode: '251101', weekdays: [2, 4], ...evening },
  { doctorBpjsCode: '251201', weekdays: [1, 2, 3], ...morning },
  { doctorBpjsCode: '251202', weekdays: [4, 5, 6], ...morning },
  { doctorBpjsCode: '251202', weekdays: [1, 3], ...afternoon },
  { doctorBpjsCode: '251301', weekdays: [1, 3, 5], ...morning, minutesPerPatient: 15 },
  { doctorBpjsCode: '251302', weekdays: [2, 4, 6], ...morning, minutesPerPatient: 15 },
  { doctorBpjsCode: '251401', weekdays: [1, 2, 3], ...morning },
  { doctorBpjsCode: '251402', weekdays: [4, 5, 6], ...morning },
  { doctorBpjsCode: '251402', weekdays: [1, 2, 3, 4, 5], ...evening },
  { doctorBpjsCode: '251501', weekdays: [1, 2, 3, 4, 5, 6], ...morning, quotaJkn: 20 },
  { doctorBpjsCode: '251601', weekdays: [1, 3, 5], ...morning, quotaJkn: 16, minutesPerPatient: 15 },
  { doctorBpjsCode: '251602', weekdays: [2, 4, 6], ...morning, quotaJkn: 16, minutesPerPatient: 15 },
  { doctorBpjsCode: '251701', weekdays: [1, 2, 3, 4, 5], ...morning },
  { doctorBpjsCode: '251801', weekdays: [1, 2, 3, 4, 5], ...morning },
  { doctorBpjsCode: '251901', weekdays: [1, 2, 3, 4, 5], ...morning, quotaJkn: 20 },
  { doctorBpjsCode: '252001', weekdays: [1, 2, 3, 4, 5], ...morning },
  { doctorBpjsCode: '252101', weekdays: [1, 2, 3, 4, 5], ...morning },
  { doctorBpjsCode: '252201', weekdays: [1, 2, 3, 4, 5], ...morning, minutesPerPatient: 15 },
];

/** National holidays and collective leave (SKB 3 Menteri) in the demo's time frame. */
export const demoHolidays: { date: string; reason: string }[] = [
  { date: '2026-12-24', reason: 'Cuti bersama Hari Raya Natal' },
  { date: '2026-12-25', reason: 'Hari Raya Natal' },
  { date: '2027-01-01', reason: 'Tahun Baru 2027 Masehi' },
  { date: '2027-01-16', reason: "Isra Mi'raj Nabi Muhammad SAW" },
  { date: '2027-02-06', reason: 'Tahun Baru Imlek 2578 Kongzili' },
  { date: '2027-03-10', reason: 'Idul Fitri 1448 Hijriah' },
  { date: '2027-03-11', reason: 'Idul Fitri 1448 Hijriah' },
];
