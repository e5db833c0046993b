import type { OrderStatus } from '@portal/contract/constants';
import { addNamespace, type English } from '.';
import { hospitalOffset } from './format';

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
  /** A line of the history that changed no status: the vehicle and driver sent, or sent anew. */
  update: 'Pembaruan',
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
    scheduledAtHelp: 'Waktu setempat ({{zone}}), paling lambat {{days}} hari dari sekarang.',
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
    pickup: 'Jemput di {{address}}, {{time}} {{zone}}',
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

export const ordersEn: English<typeof orders> = {
  kinds: { ambulance: 'Ambulance', hearse: 'Hearse' },
  statuses: {
    NEW: 'New',
    CONFIRMED: 'Confirmed',
    ON_THE_WAY: 'On the way',
    DONE: 'Done',
    CANCELLED: 'Cancelled',
  },
  update: 'Update',
  form: {
    title: 'Booking Details',
    intro: 'Fill in the details below. Our staff will contact you to confirm.',
    requesterName: 'Your name',
    phone: 'Mobile number',
    phoneHelp: 'A mobile number, for example 081234567890 or +6281234567890.',
    patientName: 'Patient’s name',
    deceasedName: 'Name of the deceased',
    pickupAddress: 'Pickup address',
    destination: 'Destination',
    destinationHelp: 'Choose from the ambulance fares or type another destination.',
    tariff: 'Fare: {{price}}',
    tariffLater: 'Destination not in the fare list: the fare follows, by distance.',
    scheduledAt: 'Pickup time',
    scheduledAtHelp: 'Local time ({{zone}}), at most {{days}} days from now.',
    scheduledAtRequired: 'Pickup time is required.',
    notes: 'Notes',
    notesHelp: 'Optional: the patient’s condition, floor, landmarks near the address…',
    submit: 'Send Booking',
    tooMany: 'Too many bookings from your address. Wait a moment and try again.',
  },
  emergency: {
    title: 'An emergency?',
    text: 'In an emergency call the on-duty officer directly:',
    none: 'No on-duty officer yet. Call the hospital’s emergency unit (IGD).',
  },
  confirmation: {
    title: 'Booking received',
    codeLabel: 'Tracking code',
    codeHelp: 'Keep this code. Quote it when you contact our staff.',
    summary: '{{kind}} for {{patient}}',
    pickup: 'Pickup at {{address}}, {{time}} {{zone}}',
    destination: 'Destination: {{destination}}',
    statusLink: 'See the booking’s status',
    another: 'Make another booking',
  },
  track: {
    title: 'Track a Booking',
    link: 'Track a booking',
    code: 'Tracking code',
    codePlaceholder: 'Example: 7KQ4-9XHT',
    phone: 'Mobile number',
    phoneHelp: 'The mobile number used for the booking.',
    submit: 'Track',
    required: 'Enter the tracking code and the mobile number.',
    notFound: 'Booking not found. Check the code and the mobile number.',
    status: 'Status',
    order: 'Booking',
    patient: 'Patient',
    deceased: 'Deceased',
    pickupAddress: 'Pickup address',
    destination: 'Destination',
    scheduledAt: 'Pickup time',
    vehicle: 'Vehicle',
    driver: 'Driver',
    notAssigned: 'Not assigned yet',
    timeline: 'History',
    refresh: 'Updated automatically every 15 seconds.',
  },
};

export const ordersNs = addNamespace('orders', orders, ordersEn);

/**
 * The key of a history line's title: its status where it moved the order on, `update` where it kept the
 * status of the line before (the vehicle and driver assigned: "Dikonfirmasi" twice read as a repeat).
 */
export function historyTitleKey(
  history: readonly { status: OrderStatus }[],
  index: number,
): 'update' | `statuses.${OrderStatus}` {
  const status = history[index]?.status ?? 'NEW';
  return index > 0 && history[index - 1]?.status === status ? 'update' : `statuses.${status}`;
}

// A pickup time as typed in the date-time box (`YYYY-MM-DDTHH:mm`, the hospital's clock) and back: Indonesia's
// zones keep whole hours and no summer time.

/** The hospital's wall-clock time of an instant, in the form a datetime-local input takes. */
export function hospitalLocalInput(at: Date): string {
  const offsetMs = Number(hospitalOffset().slice(0, 3)) * 3_600_000;
  return new Date(at.getTime() + offsetMs).toISOString().slice(0, 16);
}

/** `2026-07-01T14:30` (picked in WIB) → `2026-07-01T14:30:00+07:00`; anything else is given back as typed. */
export function toHospitalIso(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00${hospitalOffset()}` : local;
}

declare module '.' {
  interface Resources {
    orders: typeof orders;
  }
}
