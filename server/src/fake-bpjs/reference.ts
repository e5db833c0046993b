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

/** A VClaim participant (`Peserta/...`), in BPJS's field names; the fake answers it on any date. */
export interface FakeParticipant {
  noKartu: string;
  nik: string;
  nama: string;
  sex: 'L' | 'P';
  tglLahir: string;
  /** kode "0" is AKTIF; any other is a reason the card is not (e.g. arrears). */
  statusPeserta: { kode: string; keterangan: string };
  hakKelas: { kode: string; keterangan: string };
  provUmum: { kdProvider: string; nmProvider: string };
}

/** A VClaim referral (`Rujukan/{no}` from primary care, `Rujukan/RS/{no}` from a hospital). */
export interface FakeReferral {
  noKunjungan: string;
  source: 'primary' | 'hospital';
  /** The day it was issued. */
  tglKunjungan: string;
  noKartu: string;
  poliRujukan: { kode: string; nama: string };
  provPerujuk: { kode: string; nama: string };
  /** The hospital it is addressed to, answered as `ppkDirujuk` and `namaPpkDirujuk`. */
  ppkDirujuk?: { kode: string; nama: string };
  /** The primary care's diagnosis (ICD-10); I10 when left out. */
  diagnosa?: { kode: string; nama: string };
}

/**
 * A control letter (`RencanaKontrol/noSuratKontrol/{no}`): a hospital doctor asks the patient back to a clinic,
 * under the referral of the visit (`noRujukan`) that the earlier SEP (`noSepAsal`) was issued on.
 */
export interface FakeControlLetter {
  noSuratKontrol: string;
  noKartu: string;
  noRujukan: string;
  noSepAsal: string;
  tglTerbit: string;
  tglRencanaKontrol: string;
  poliTujuan: { kode: string; nama: string };
  /** The DPJP who wrote it (BPJS doctor code). */
  kodeDokter: string;
  namaDokter: string;
  diagnosa: { kode: string; nama: string };
}

/** VClaim's ICD-10 reference (`referensi/diagnosa`), a few codes, named as BPJS names them (`kode - name`). */
export const fakeDiagnoses: { kode: string; nama: string }[] = [
  { kode: 'A09', nama: 'A09 - Diarrhoea and gastroenteritis of presumed infectious origin' },
  { kode: 'E11.9', nama: 'E11.9 - Non-insulin-dependent diabetes mellitus without complications' },
  { kode: 'H25.9', nama: 'H25.9 - Senile cataract, unspecified' },
  { kode: 'I10', nama: 'I10 - Essential (primary) hypertension' },
  { kode: 'J06.9', nama: 'J06.9 - Acute upper respiratory infection, unspecified' },
  { kode: 'K29.7', nama: 'K29.7 - Gastritis, unspecified' },
  { kode: 'M54.5', nama: 'M54.5 - Low back pain' },
  { kode: 'S82.2', nama: 'S82.2 - Fracture of shaft of tibia' },
];

const puskesmas = { kode: '0114B003', nama: 'PUSKESMAS KECAMATAN MENTENG' };

/** A participant VClaim knows: active, class III, of a Jakarta puskesmas, unless `fields` say otherwise. */
export const fakeParticipant = (
  fields: Pick<FakeParticipant, 'noKartu' | 'nik' | 'nama'> & Partial<FakeParticipant>,
): FakeParticipant => ({
  sex: 'L',
  tglLahir: '1980-01-01',
  statusPeserta: { kode: '0', keterangan: 'AKTIF' },
  hakKelas: { kode: '3', keterangan: 'KELAS III' },
  provUmum: { kdProvider: puskesmas.kode, nmProvider: puskesmas.nama },
  ...fields,
});

/** A referral from that puskesmas (primary care), unless `fields` say otherwise. */
export const fakeReferral = (
  fields: Pick<FakeReferral, 'noKunjungan' | 'noKartu' | 'tglKunjungan' | 'poliRujukan'> &
    Partial<FakeReferral>,
): FakeReferral => ({ source: 'primary', provPerujuk: puskesmas, ...fields });

const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * What the fake VClaim holds for development (`npm run dev:bpjs`): an active card with a referral to the
 * demo hospital's internal medicine clinic, a card in arrears, an expired referral, one for another clinic,
 * and a control letter back to internal medicine today. Tests add their own.
 */
export function fakeVclaimFixtures(
  today: string,
  ppkCode: string,
): { participants: FakeParticipant[]; referrals: FakeReferral[]; controlLetters: FakeControlLetter[] } {
  const hospital = { kode: ppkCode, nama: 'RS DEMO' };
  const referral = (noKunjungan: string, daysOld: number, poli: string, nama: string) =>
    fakeReferral({
      noKunjungan,
      tglKunjungan: daysBefore(today, daysOld),
      noKartu: '0001234567890',
      poliRujukan: { kode: poli, nama },
      ppkDirujuk: hospital,
    });
  return {
    participants: [
      fakeParticipant({ noKartu: '0001234567890', nik: '3171010101800001', nama: 'BUDI SANTOSO' }),
      fakeParticipant({
        noKartu: '0001234567891',
        nik: '3171010101800002',
        nama: 'SITI AMINAH',
        statusPeserta: { kode: '1', keterangan: 'TIDAK AKTIF KARENA TUNGGAKAN' },
      }),
    ],
    referrals: [
      referral('0114B0030126P000101', 10, 'INT', 'PENYAKIT DALAM'),
      referral('0114B0030126P000102', 120, 'INT', 'PENYAKIT DALAM'),
      referral('0114B0030126P000103', 10, 'MAT', 'MATA'),
    ],
    controlLetters: [
      {
        noSuratKontrol: `${ppkCode}0126K000001`,
        noKartu: '0001234567890',
        noRujukan: '0114B0030126P000101',
        noSepAsal: `${ppkCode}0126V000001`,
        tglTerbit: daysBefore(today, 7),
        tglRencanaKontrol: today,
        poliTujuan: { kode: 'INT', nama: 'PENYAKIT DALAM' },
        kodeDokter: '251101',
        namaDokter: 'Letkol Ckm dr. Andi Muhammad Arief, Sp.PD',
        diagnosa: { kode: 'I10', nama: 'Essential (primary) hypertension' },
      },
    ],
  };
}
