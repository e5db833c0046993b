import { addNamespace, type English } from '.';

/** A JKN visit's SEP: its printout and the accident kinds it names (queue desk and lobby kiosk). */
export const sep = {
  accidents: {
    '0': 'Bukan kecelakaan',
    '1': 'Kecelakaan lalu lintas',
    '2': 'Kecelakaan lalu lintas dan kecelakaan kerja',
    '3': 'Kecelakaan kerja',
  },
  print: {
    title: 'SEP {{number}}',
    heading: 'SURAT ELIGIBILITAS PESERTA',
    print: 'Cetak',
    number: 'No. SEP',
    date: 'Tgl. SEP',
    card: 'No. Kartu',
    name: 'Nama Peserta',
    birthDate: 'Tgl. Lahir',
    sex: { L: 'Laki-laki', P: 'Perempuan' },
    phone: 'No. Telepon',
    clinic: 'Sub/Spesialis',
    doctor: 'Dokter',
    referrer: 'Faskes Perujuk',
    diagnosis: 'Diagnosa Awal',
    note: 'Catatan',
    participant: 'Peserta',
    careType: 'Jns. Rawat',
    outpatient: 'Rawat Jalan',
    visit: 'Jns. Kunjungan',
    visits: { referral: 'Kunjungan rujukan', control: 'Kunjungan kontrol' },
    referral: 'No. Rujukan',
    controlLetter: 'No. Surat Kontrol',
    careClass: 'Kls. Hak',
    guarantor: 'Penjamin',
    cob: 'COB',
    consent:
      '*Saya menyetujui BPJS Kesehatan menggunakan informasi medis pasien jika diperlukan untuk keperluan administrasi dan pembayaran jaminan.',
    notGuarantee: '*SEP bukan sebagai bukti penjaminan peserta.',
    printedAt: 'Dicetak {{at}} oleh {{by}}',
    signature: 'Pasien/Keluarga Pasien',
  },
} as const;

export const sepEn: English<typeof sep> = {
  accidents: {
    '0': 'Not an accident',
    '1': 'Traffic accident',
    '2': 'Traffic accident and work accident',
    '3': 'Work accident',
  },
  print: {
    title: 'SEP {{number}}',
    heading: 'SURAT ELIGIBILITAS PESERTA',
    print: 'Print',
    number: 'SEP No.',
    date: 'SEP date',
    card: 'Card No.',
    name: 'Participant',
    birthDate: 'Date of birth',
    sex: { L: 'Male', P: 'Female' },
    phone: 'Phone',
    clinic: 'Sub/Specialty',
    doctor: 'Doctor',
    referrer: 'Referring facility',
    diagnosis: 'First diagnosis',
    note: 'Note',
    participant: 'Membership',
    careType: 'Care',
    outpatient: 'Outpatient',
    visit: 'Visit',
    visits: { referral: 'Referral visit', control: 'Follow-up visit' },
    referral: 'Referral No.',
    controlLetter: 'Control letter No.',
    careClass: 'Class',
    guarantor: 'Guarantor',
    cob: 'COB',
    consent:
      '*I agree that BPJS Kesehatan may use the patient’s medical information where needed for administration and payment of the guarantee.',
    notGuarantee: '*The SEP is not proof of the participant’s guarantee.',
    printedAt: 'Printed {{at}} by {{by}}',
    signature: 'Patient/Family',
  },
};

export const sepNs = addNamespace('sep', sep, sepEn);

declare module '.' {
  interface Resources {
    sep: typeof sep;
  }
}
