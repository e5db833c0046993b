import { addNamespace } from '../../i18n';

export const absensi = {
  tabs: { me: 'Absensi Saya', today: 'Hari Ini', recap: 'Rekap Bulanan' },
  none: '—',
  me: {
    title: 'Absensi Saya',
    working: 'Anda sedang bertugas sejak {{time}}.',
    notWorking: 'Anda belum absen masuk.',
    clockIn: 'Absen Masuk',
    clockOut: 'Absen Pulang',
    clockedIn: 'Absen masuk tercatat pukul {{time}}.',
    clockedOut: 'Absen pulang tercatat pukul {{time}}; lama bertugas {{duration}}.',
    tooLong:
      'Shift ini sudah lebih dari {{hours}} jam: mungkin lupa absen pulang. Absen pulang tetap dicatat, tetapi jamnya tidak dihitung dalam rekap.',
    serverClock: 'Waktu dicatat menurut jam server.',
    monthTitle: 'Shift Bulan Ini',
    total: 'Total jam kerja: {{duration}}',
    empty: 'Belum ada absensi bulan ini.',
    open: 'Masih bertugas',
    tooLongTag: 'Lebih dari {{hours}} jam',
    columns: { date: 'Tanggal', in: 'Masuk', out: 'Pulang', duration: 'Durasi' },
  },
  today: {
    title: 'Absensi Hari Ini, {{date}}',
    summary: '{{working}} bertugas · {{left}} sudah pulang · {{absent}} belum hadir',
    empty: 'Belum ada petugas aktif.',
    columns: { name: 'Nama', roster: 'Jadwal', in: 'Masuk', out: 'Pulang', status: 'Status' },
    statuses: { working: 'Bertugas', left: 'Sudah pulang', absent: 'Belum hadir' },
    post: '{{shift}} · {{role}}',
  },
  recap: {
    title: 'Rekap Bulanan',
    month: 'Bulan',
    download: 'Unduh CSV',
    help: 'Terlambat: absen masuk lebih dari {{grace}} menit setelah shift terjadwal dimulai. Tidak hadir: shift terjadwal berakhir tanpa absen masuk. Shift lebih dari {{hours}} jam (lupa absen pulang) tidak dihitung jamnya.',
    empty: 'Tidak ada data untuk bulan ini.',
    columns: {
      name: 'Nama',
      daysPresent: 'Hari Hadir',
      hours: 'Jam Kerja',
      rostered: 'Shift Terjadwal',
      late: 'Terlambat',
      missed: 'Tidak Hadir',
      long: 'Shift > {{hours}} Jam',
    },
  },
  shifts: { pagi: 'Pagi', siang: 'Siang', malam: 'Malam' },
  roles: { piket: 'Piket', cs: 'CS' },
} as const;

export const absensiNs = addNamespace('absensi', absensi);

declare module '../../i18n' {
  interface Resources {
    absensi: typeof absensi;
  }
}
