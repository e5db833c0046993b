import { addNamespace } from '../../i18n';

/** The records officer's read audit: who read which patient's data, and who searched for what. */
export const jejakAkses = {
  title: 'Akses Data Pasien',
  intro:
    'Setiap kali petugas mencari pasien, membuka data, riwayat kunjungan, atau rekap kunjungan. Pencarian dicatat dengan kata yang dicari, bukan hasilnya.',
  filters: {
    staff: 'Petugas',
    staffPlaceholder: 'Nama atau nama pengguna',
    patient: 'Pasien',
    patientPlaceholder: 'No. RM atau nama pasien',
    kind: 'Jenis akses',
    range: 'Rentang tanggal akses',
    from: 'Dari tanggal',
    to: 'Sampai tanggal',
    show: 'Tampilkan',
  },
  count: '{{count}} akses',
  empty: 'Tidak ada akses yang cocok.',
  columns: { at: 'Waktu', staff: 'Petugas', kind: 'Jenis', patient: 'Pasien / kriteria', address: 'Alamat' },
  kinds: {
    search: 'Pencarian pasien',
    record: 'Membuka data pasien',
    visits: 'Riwayat kunjungan',
    visit: 'Rincian kunjungan',
    bookings: 'Riwayat pendaftaran',
    changes: 'Riwayat perubahan data',
    merge: 'Pratinjau gabung data',
    report: 'Rekap kunjungan',
    export: 'Unduh rekap (CSV)',
  },
  mrn: 'No. RM {{mrn}}',
  noLogin: 'tanpa nama pengguna',
  criteria: {
    name: 'Nama',
    mrn: 'No. RM',
    nik: 'NIK',
    nip: 'NIP',
    phone: 'No. HP',
    insuranceNo: 'No. asuransi',
    birthDate: 'Tanggal lahir',
    registrationNo: 'No. registrasi',
    duplicateId: 'Data duplikat',
    list: 'Daftar',
    from: 'Dari',
    to: 'Sampai',
    clinicId: 'Poli',
    roomCode: 'Ruang',
    patientGroup: 'Golongan',
    vaccination: 'Vaksinasi',
    includeCancelled: 'Termasuk batal',
    cancelled: 'Batal',
    source: 'Saluran',
    status: 'Status',
    payer: 'Penjamin',
  },
  lists: { visits: 'Rawat jalan', stays: 'Rawat inap', bookings: 'Pendaftaran' },
} as const;

export const jejakAksesNs = addNamespace('jejakAkses', jejakAkses);

declare module '../../i18n' {
  interface Resources {
    jejakAkses: typeof jejakAkses;
  }
}
