import { addNamespace } from '.';

/** Ambulance and hearse orders: the public forms, the status page and the orders desk. */
export const orders = {
  kinds: { ambulance: 'Mobil Ambulance', hearse: 'Mobil Jenazah' },
  statuses: {
    NEW: 'Baru',
    CONFIRMED: 'Dikonfirmasi',
    ON_THE_WAY: 'Dalam perjalanan',
    DONE: 'Selesai',
    CANCELLED: 'Dibatalkan',
  },
  form: {
    title: 'Data Pemesanan',
    intro: 'Isi data di bawah ini. Petugas kami akan menghubungi Anda untuk konfirmasi.',
    requesterName: 'Nama pemesan',
    phone: 'No. HP',
    phoneHelp: 'Nomor seluler, misalnya 081234567890 atau +6281234567890.',
    patientName: 'Nama pasien',
    deceasedName: 'Nama jenazah',
    pickupAddress: 'Alamat jemput',
    destination: 'Tujuan',
    destinationHelp: 'Pilih dari daftar tarif ambulans atau ketik tujuan lain.',
    tariff: 'Tarif: {{price}}',
    tariffLater: 'Tujuan di luar daftar tarif: tarif menyusul, sesuai jarak.',
    scheduledAt: 'Waktu jemput',
    scheduledAtHelp: 'Waktu Indonesia Barat (WIB), paling lambat {{days}} hari dari sekarang.',
    scheduledAtRequired: 'Waktu jemput wajib diisi.',
    notes: 'Catatan',
    notesHelp: 'Opsional: kondisi pasien, lantai, patokan alamat…',
    submit: 'Kirim Pesanan',
    tooMany: 'Terlalu banyak pesanan dari alamat Anda. Tunggu sebentar lalu coba lagi.',
  },
  emergency: {
    title: 'Keadaan darurat?',
    text: 'Untuk keadaan darurat hubungi langsung petugas piket:',
    none: 'Belum ada petugas piket. Hubungi IGD rumah sakit.',
  },
  confirmation: {
    title: 'Pesanan diterima',
    codeLabel: 'Kode pelacakan',
    codeHelp: 'Simpan kode ini. Sebutkan kode ini bila menghubungi petugas.',
    summary: '{{kind}} untuk {{patient}}',
    pickup: 'Jemput di {{address}}, {{time}} WIB',
    destination: 'Tujuan: {{destination}}',
    statusLink: 'Lihat status pesanan',
    another: 'Buat pesanan lain',
  },
  track: {
    title: 'Lacak Pesanan',
    link: 'Lacak pesanan',
    code: 'Kode pelacakan',
    codePlaceholder: 'Contoh: 7KQ4-9XHT',
    phone: 'No. HP',
    phoneHelp: 'Nomor HP yang dipakai saat memesan.',
    submit: 'Lacak',
    required: 'Isi kode pelacakan dan nomor HP.',
    notFound: 'Pesanan tidak ditemukan. Periksa kode dan nomor HP.',
    status: 'Status',
    order: 'Pesanan',
    patient: 'Pasien',
    deceased: 'Jenazah',
    pickupAddress: 'Alamat jemput',
    destination: 'Tujuan',
    scheduledAt: 'Waktu jemput',
    vehicle: 'Kendaraan',
    driver: 'Pengemudi',
    notAssigned: 'Belum ditentukan',
    timeline: 'Riwayat',
    refresh: 'Diperbarui otomatis setiap 15 detik.',
  },
} as const;

export const ordersNs = addNamespace('orders', orders);

/** A pickup time as typed in the date-time box (`YYYY-MM-DDTHH:mm`, the hospital's clock) and back. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60_000;

/** The hospital's wall-clock time of an instant, in the form a datetime-local input takes. */
export function jakartaLocalInput(at: Date): string {
  return new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 16);
}

/** `2026-07-01T14:30` (picked as WIB) → `2026-07-01T14:30:00+07:00`; anything else is given back as typed. */
export function toJakartaIso(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+07:00` : local;
}

declare module '.' {
  interface Resources {
    orders: typeof orders;
  }
}
