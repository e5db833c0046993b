import { demoClinics, demoDoctors, demoSchedules } from '../db/seed/demo-data/clinics.js';

// What the fake BPJS answers to `ref/poli`, `ref/dokter` and `jadwaldokter`, in BPJS's field names.
// By default the demo hospital's clinics, doctors and sessions, so that the mapping screen checks
// out against the demo data; tests pass their own lists to see mismatches.

export interface FakeReference {
  poli: { kdpoli: string; nmpoli: string; kdsubspesialis: string; nmsubspesialis: string }[];
  dokter: { kodedokter: number; namadokter: string }[];
  jadwal: {
    kodesubspesialis: string;
    namasubspesialis: string;
    kodepoli: string;
    namapoli: string;
    kodedokter: number;
    namadokter: string;
    /** 1 Senin … 7 Minggu. */
    hari: number;
    namahari: string;
    jadwal: string;
    kapasitaspasien: number;
    libur: number;
  }[];
}

const dayNames = ['SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU', 'MINGGU'];

const poli = demoClinics.map((clinic) => ({
  kdpoli: clinic.bpjsCode,
  nmpoli: clinic.name.replace(/^Poli /, '').toUpperCase(),
  kdsubspesialis: clinic.bpjsCode,
  nmsubspesialis: clinic.name.replace(/^Poli /, '').toUpperCase(),
}));

export const fakeReference: FakeReference = {
  poli,
  dokter: demoDoctors.map((doctor) => ({ kodedokter: Number(doctor.bpjsCode), namadokter: doctor.name })),
  jadwal: demoSchedules.flatMap((schedule) => {
    const doctor = demoDoctors.find((d) => d.bpjsCode === schedule.doctorBpjsCode);
    const clinic = poli.find((p) => p.kdpoli === doctor?.clinic);
    if (!doctor || !clinic) return [];
    return schedule.weekdays.map((hari) => ({
      kodesubspesialis: clinic.kdsubspesialis,
      namasubspesialis: clinic.nmsubspesialis,
      kodepoli: clinic.kdpoli,
      namapoli: clinic.nmpoli,
      kodedokter: Number(doctor.bpjsCode),
      namadokter: doctor.name,
      hari,
      namahari: dayNames[hari - 1] ?? '',
      jadwal: `${schedule.start} - ${schedule.end}`,
      kapasitaspasien: schedule.quotaJkn + schedule.quotaNonJkn,
      libur: 0,
    }));
  }),
};

/** Aplicares' bed classes (`rest/ref/kelas`), as BPJS names them. */
export const fakeBedClasses: { kodekelas: string; namakelas: string }[] = [
  { kodekelas: 'VVP', namakelas: 'VVIP' },
  { kodekelas: 'VIP', namakelas: 'VIP' },
  { kodekelas: 'UTM', namakelas: 'UTAMA' },
  { kodekelas: 'KL1', namakelas: 'KELAS 1' },
  { kodekelas: 'KL2', namakelas: 'KELAS 2' },
  { kodekelas: 'KL3', namakelas: 'KELAS 3' },
  { kodekelas: 'ICU', namakelas: 'ICU' },
  { kodekelas: 'ICC', namakelas: 'ICCU' },
  { kodekelas: 'NIC', namakelas: 'NICU' },
  { kodekelas: 'PIC', namakelas: 'PICU' },
  { kodekelas: 'IGD', namakelas: 'IGD' },
  { kodekelas: 'UGD', namakelas: 'UGD' },
  { kodekelas: 'SAL', namakelas: 'BERSALIN' },
  { kodekelas: 'HCU', namakelas: 'HCU' },
  { kodekelas: 'ISO', namakelas: 'ISOLASI' },
];
