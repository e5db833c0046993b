import type { OperationStatus } from '@portal/contract';
import type { DemoMoment } from './requests.js';

/** Who the operation is for: the first demo patient of that sex and age not given another operation. */
export interface DemoOperationPatient {
  sex: 'L' | 'P';
  minAge: number;
  maxAge: number;
}

export interface DemoOperation {
  /** Days from the seed's day; the lists of each day are numbered in the order given here. */
  day: number;
  theatre: string;
  plannedStart: string;
  procedure: string;
  /** The surgeon by BPJS doctor code (demo-data/clinics.ts). */
  surgeon: string;
  /** A patient chosen by sex and age, or the patient of an earlier entry (a rescheduled operation). */
  patient: DemoOperationPatient | { sameAs: string };
  /** Names the entry for `sameAs`. */
  key?: string;
  status?: OperationStatus;
  started?: DemoMoment;
  finished?: DemoMoment;
  cancelled?: { reason: string; at: DemoMoment };
}

const adult = (sex: 'L' | 'P', minAge = 20, maxAge = 60) => ({ sex, minAge, maxAge });

// The operating theatre's (kamar operasi, OK) list from yesterday to the day after tomorrow: yesterday's
// is done, today's waits for the theatre staff to start it.
export const demoOperations: DemoOperation[] = [
  {
    day: -1,
    theatre: 'OK 1',
    plannedStart: '07:30',
    procedure: 'Appendektomi',
    surgeon: '251302',
    patient: adult('L', 18, 40),
    status: 'Selesai',
    started: { day: -1, time: '07:42' },
    finished: { day: -1, time: '08:35' },
  },
  {
    day: -1,
    theatre: 'OK 2',
    plannedStart: '08:00',
    procedure: 'Sectio Caesarea',
    surgeon: '251401',
    patient: adult('P', 22, 38),
    status: 'Selesai',
    started: { day: -1, time: '08:10' },
    finished: { day: -1, time: '09:02' },
  },
  {
    day: -1,
    theatre: 'OK 1',
    plannedStart: '09:30',
    procedure: 'Herniorafi inguinalis lateralis dekstra',
    surgeon: '251301',
    patient: adult('L', 35, 65),
    status: 'Selesai',
    started: { day: -1, time: '09:48' },
    finished: { day: -1, time: '10:55' },
  },
  {
    day: -1,
    theatre: 'OK 3',
    plannedStart: '10:00',
    procedure: 'Katarak fakoemulsifikasi + pemasangan IOL mata kanan',
    surgeon: '251501',
    patient: adult('P', 55, 90),
    cancelled: {
      reason: 'Tekanan darah pasien 190/110 mmHg; ditunda sampai terkontrol.',
      at: { day: -1, time: '09:20' },
    },
  },
  {
    day: 0,
    theatre: 'OK 1',
    plannedStart: '07:30',
    procedure: 'Kolesistektomi laparoskopi',
    surgeon: '251301',
    patient: adult('P', 35, 60),
  },
  {
    day: 0,
    theatre: 'OK 2',
    plannedStart: '08:00',
    procedure: 'Sectio Caesarea',
    surgeon: '251402',
    patient: adult('P', 22, 38),
  },
  {
    day: 0,
    theatre: 'OK 3',
    plannedStart: '08:30',
    procedure: 'Katarak fakoemulsifikasi + pemasangan IOL mata kiri',
    surgeon: '251501',
    patient: adult('L', 55, 90),
  },
  {
    day: 0,
    theatre: 'OK 1',
    plannedStart: '10:00',
    procedure: 'ORIF fraktur femur dekstra',
    surgeon: '252201',
    patient: adult('L', 19, 45),
  },
  {
    day: 0,
    theatre: 'OK 2',
    plannedStart: '10:30',
    procedure: 'Tonsilektomi',
    surgeon: '251801',
    patient: { sex: 'L', minAge: 6, maxAge: 15 },
  },
  {
    day: 0,
    theatre: 'OK 1',
    plannedStart: '13:00',
    procedure: 'Appendektomi laparoskopi',
    surgeon: '251302',
    patient: adult('P', 18, 40),
    key: 'rescheduled',
    cancelled: {
      reason: 'Pasien belum puasa 6 jam; dijadwalkan ulang besok pagi.',
      at: { day: -1, time: '19:30' },
    },
  },
  {
    day: 1,
    theatre: 'OK 1',
    plannedStart: '08:00',
    procedure: 'Appendektomi laparoskopi',
    surgeon: '251302',
    patient: { sameAs: 'rescheduled' },
  },
  {
    day: 1,
    theatre: 'OK 2',
    plannedStart: '08:30',
    procedure: 'Histerektomi total',
    surgeon: '251401',
    patient: adult('P', 40, 60),
  },
  {
    day: 1,
    theatre: 'OK 3',
    plannedStart: '09:00',
    procedure: 'Eksisi lipoma regio punggung',
    surgeon: '251302',
    patient: adult('L'),
  },
  {
    day: 2,
    theatre: 'OK 1',
    plannedStart: '08:00',
    procedure: 'Debridement ulkus diabetikum pedis sinistra',
    surgeon: '251301',
    patient: adult('L', 45, 75),
  },
  {
    day: 2,
    theatre: 'OK 2',
    plannedStart: '09:00',
    procedure: 'Miomektomi',
    surgeon: '251402',
    patient: adult('P', 30, 50),
  },
  {
    day: 2,
    theatre: 'OK 3',
    plannedStart: '10:00',
    procedure: 'Septoplasti',
    surgeon: '251801',
    patient: adult('L', 20, 50),
  },
];
