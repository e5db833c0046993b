import { addNamespace, type English } from '../../i18n';

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

export const absensiEn: English<typeof absensi> = {
  tabs: { me: 'My Attendance', today: 'Today', recap: 'Monthly Summary' },
  none: '—',
  me: {
    title: 'My Attendance',
    working: 'You have been on duty since {{time}}.',
    notWorking: 'You have not clocked in yet.',
    clockIn: 'Clock In',
    clockOut: 'Clock Out',
    clockedIn: 'Clocked in at {{time}}.',
    clockedOut: 'Clocked out at {{time}}; time on duty {{duration}}.',
    tooLong:
      'This shift has lasted more than {{hours}} hours: perhaps you forgot to clock out. Clocking out is still recorded, but its hours do not count in the summary.',
    serverClock: 'Times are recorded by the server’s clock.',
    monthTitle: 'This Month’s Shifts',
    total: 'Total working hours: {{duration}}',
    empty: 'No attendance this month yet.',
    open: 'Still on duty',
    tooLongTag: 'More than {{hours}} hours',
    columns: { date: 'Date', in: 'In', out: 'Out', duration: 'Duration' },
  },
  today: {
    title: 'Attendance Today, {{date}}',
    summary: '{{working}} on duty · {{left}} gone home · {{absent}} not in yet',
    empty: 'There are no active staff yet.',
    columns: { name: 'Name', roster: 'Roster', in: 'In', out: 'Out', status: 'Status' },
    statuses: { working: 'On duty', left: 'Gone home', absent: 'Not in yet' },
    post: '{{shift}} · {{role}}',
  },
  recap: {
    title: 'Monthly Summary',
    month: 'Month',
    download: 'Download CSV',
    help: 'Late: clocked in more than {{grace}} minutes after the rostered shift began. Absent: a rostered shift ended without clocking in. Hours of shifts longer than {{hours}} hours (forgot to clock out) are not counted.',
    empty: 'No data for this month.',
    columns: {
      name: 'Name',
      daysPresent: 'Days Present',
      hours: 'Hours Worked',
      rostered: 'Rostered Shifts',
      late: 'Late',
      missed: 'Absent',
      long: 'Shifts > {{hours}} Hours',
    },
  },
  shifts: { pagi: 'Morning', siang: 'Afternoon', malam: 'Night' },
  roles: { piket: 'On-duty officer', cs: 'CS' },
};

export const absensiNs = addNamespace('absensi', absensi, absensiEn);

declare module '../../i18n' {
  interface Resources {
    absensi: typeof absensi;
  }
}
