import { addNamespace } from '../../i18n';

export const bangsal = {
  search: {
    title: 'Cari Pasien',
    label: 'No. RM atau nama pasien',
    placeholder: 'Contoh: 000214 atau Andi',
    hint: 'Ketik minimal 2 huruf atau angka.',
    empty: 'Tidak ada pasien yang cocok.',
    admittedIn: 'sedang dirawat di {{room}}',
    admit: 'Rawat Inap',
    admitLabel: 'Rawat inap {{name}}',
  },
  patient: {
    mrn: 'No. RM',
    name: 'Nama',
    sex: 'Jenis Kelamin',
    birthDate: 'Tgl. Lahir',
    status: 'Status',
    sexes: { L: 'Laki-laki', P: 'Perempuan' },
  },
  inpatients: {
    title: 'Pasien Dirawat',
    filter: 'Ruangan',
    allRooms: 'Semua ruangan',
    empty: 'Tidak ada pasien dirawat.',
    count: '{{count}} pasien',
    columns: {
      registrationNo: 'No. Registrasi',
      patient: 'Pasien',
      room: 'Ruangan',
      admittedAt: 'Masuk',
      actions: 'Aksi',
    },
    transfer: 'Pindahkan',
    transferLabel: 'Pindahkan {{name}}',
    discharge: 'Pulangkan',
    dischargeLabel: 'Pulangkan {{name}}',
  },
  room: {
    label: 'Ruangan',
    choose: 'Pilih ruangan',
    free: '{{name}} — {{available}} tempat tidur kosong',
    full: '{{name}} — penuh',
    sexOnly: { L: 'khusus laki-laki', P: 'khusus perempuan' },
    required: 'Pilih ruangan terlebih dahulu.',
  },
  admit: { title: 'Rawat Inap: {{name}}', submit: 'Rawat Inap' },
  transfer: { title: 'Pindahkan {{name}}', from: 'Sekarang di {{room}}.', submit: 'Pindahkan' },
  discharge: {
    title: 'Pulangkan Pasien',
    message: 'Pulangkan {{name}} dari {{room}}? Tempat tidurnya langsung tersedia kembali.',
    accept: 'Pulangkan',
  },
  done: {
    admitted: '{{name}} dirawat di {{room}}.',
    transferred: '{{name}} dipindahkan ke {{room}}.',
    discharged: '{{name}} telah dipulangkan.',
  },
} as const;

export const bangsalNs = addNamespace('bangsal', bangsal);

declare module '../../i18n' {
  interface Resources {
    bangsal: typeof bangsal;
  }
}
