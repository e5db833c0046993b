import type { ComplaintStatus, OrderStatus } from '@portal/contract';
import type { orders } from '../../schema/index.js';

// Orders and complaints for the desks of the demo, in every state. Their tracking codes are the
// natural keys a rerun recognises them by; all start with DM. Days count from the day of the seed.

/** A moment `day` days from the seed's day, at a wall-clock time of the hospital's zone. */
export interface DemoMoment {
  day: number;
  time: `${number}:${number}`;
}

export interface DemoOrder extends Pick<
  typeof orders.$inferSelect,
  'code' | 'kind' | 'requesterName' | 'phone' | 'patientName' | 'pickupAddress' | 'destination' | 'notes'
> {
  scheduledAt: DemoMoment;
  vehicle?: { vehicle: string; driver: string };
  /** The timeline; the first entry is the order coming in (NEW), the last gives its status. */
  events: { status: OrderStatus; at: DemoMoment; note?: string; by?: string }[];
}

export const demoOrders: DemoOrder[] = [
  {
    code: 'DMA7K4PQ',
    kind: 'ambulance',
    requesterName: 'Hj. Suriani Daeng Kebo',
    phone: '081355210044',
    patientName: 'Muhammad Arif (72 tahun)',
    pickupAddress: 'Jl. Sultan Alauddin No. 45, Rappocini, Makassar',
    destination: 'IGD Rumah Sakit',
    scheduledAt: { day: 1, time: '09:00' },
    notes: 'Pasien sesak napas, perlu tabung oksigen.',
    events: [{ status: 'NEW', at: { day: -1, time: '20:15' } }],
  },
  {
    code: 'DMB3N8RT',
    kind: 'ambulance',
    requesterName: 'Andi Fitri Ramadhani',
    phone: '082347719283',
    patientName: 'Andi Baso Amir',
    pickupAddress: 'Kompleks Hartaco Indah Blok 2F No. 7, Tamalate, Makassar',
    destination: 'RSUP Dr. Wahidin Sudirohusodo (kontrol hemodialisis)',
    scheduledAt: { day: 1, time: '13:30' },
    notes: null,
    vehicle: { vehicle: 'Ambulans 2 (DD 9123 KA)', driver: 'Sertu Rahmat Hidayat' },
    events: [
      { status: 'NEW', at: { day: -1, time: '16:40' } },
      { status: 'CONFIRMED', at: { day: -1, time: '17:05' }, note: 'Jadwal dikonfirmasi.', by: 'ridwan' },
      {
        status: 'CONFIRMED',
        at: { day: -1, time: '17:06' },
        note: 'Kendaraan: Ambulans 2 (DD 9123 KA); pengemudi: Sertu Rahmat Hidayat.',
        by: 'ridwan',
      },
    ],
  },
  {
    code: 'DMC5P2WX',
    kind: 'ambulance',
    requesterName: 'Syamsuddin Tola',
    phone: '085256430917',
    patientName: 'Hasnawati',
    pickupAddress: 'Dusun Bontosunggu, Desa Pa’bentengang, Bajeng, Gowa',
    destination: 'IGD Rumah Sakit (rujukan Puskesmas Bajeng)',
    scheduledAt: { day: -1, time: '22:00' },
    notes: 'Ibu hamil 38 minggu, ketuban pecah.',
    vehicle: { vehicle: 'Ambulans 1 (DD 9001 KA)', driver: 'Serda Ilham Pratama' },
    events: [
      { status: 'NEW', at: { day: -1, time: '21:10' } },
      { status: 'CONFIRMED', at: { day: -1, time: '21:14' }, by: 'ilham' },
      {
        status: 'CONFIRMED',
        at: { day: -1, time: '21:15' },
        note: 'Kendaraan: Ambulans 1 (DD 9001 KA); pengemudi: Serda Ilham Pratama.',
        by: 'ilham',
      },
      { status: 'ON_THE_WAY', at: { day: -1, time: '21:20' }, by: 'ilham' },
    ],
  },
  {
    code: 'DMD9Q6YZ',
    kind: 'ambulance',
    requesterName: 'Nurhayati Sudirman',
    phone: '081243908812',
    patientName: 'Sudirman Lewa',
    pickupAddress: 'Jl. Perintis Kemerdekaan VII No. 19, Tamalanrea, Makassar',
    destination: 'Rumah pasien (pulang rawat inap)',
    scheduledAt: { day: -3, time: '10:00' },
    notes: null,
    vehicle: { vehicle: 'Ambulans 2 (DD 9123 KA)', driver: 'Sertu Rahmat Hidayat' },
    events: [
      { status: 'NEW', at: { day: -4, time: '14:00' } },
      { status: 'CONFIRMED', at: { day: -4, time: '14:30' }, by: 'ridwan' },
      {
        status: 'CONFIRMED',
        at: { day: -4, time: '14:31' },
        note: 'Kendaraan: Ambulans 2 (DD 9123 KA); pengemudi: Sertu Rahmat Hidayat.',
        by: 'ridwan',
      },
      { status: 'ON_THE_WAY', at: { day: -3, time: '09:40' }, by: 'ridwan' },
      { status: 'DONE', at: { day: -3, time: '10:55' }, note: 'Pasien tiba di rumah.', by: 'ridwan' },
    ],
  },
  {
    code: 'DMG8M5SU',
    kind: 'ambulance',
    requesterName: 'Rudi Hartono',
    phone: '087842551026',
    patientName: 'Sitti Aminah',
    pickupAddress: 'Jl. Veteran Selatan No. 210, Mamajang, Makassar',
    destination: 'IGD Rumah Sakit',
    scheduledAt: { day: -2, time: '19:00' },
    notes: null,
    events: [
      { status: 'NEW', at: { day: -2, time: '18:20' } },
      {
        status: 'CANCELLED',
        at: { day: -2, time: '18:35' },
        note: 'Keluarga membawa pasien dengan kendaraan sendiri.',
        by: 'ridwan',
      },
    ],
  },
  {
    code: 'DME4H7JM',
    kind: 'hearse',
    requesterName: 'Drs. Abdul Haris',
    phone: '081341772650',
    patientName: 'Almarhum H. Baharuddin Rasyid',
    pickupAddress: 'Kamar Jenazah Rumah Sakit',
    destination: 'Pemakaman Islam Panaikang, Makassar',
    scheduledAt: { day: 1, time: '10:00' },
    notes: 'Keluarga ikut dalam satu mobil (2 orang).',
    events: [{ status: 'NEW', at: { day: -1, time: '22:30' } }],
  },
  {
    code: 'DMF6K3TV',
    kind: 'hearse',
    requesterName: 'Yohanis Pasulu',
    phone: '082191446573',
    patientName: 'Almarhumah Martha Rante',
    pickupAddress: 'Kamar Jenazah Rumah Sakit',
    destination: 'Rantepao, Toraja Utara',
    scheduledAt: { day: -2, time: '06:00' },
    notes: 'Perjalanan jauh ke Toraja, berangkat pagi.',
    vehicle: { vehicle: 'Mobil Jenazah (DD 8001 KA)', driver: 'Serka Amiruddin' },
    events: [
      { status: 'NEW', at: { day: -3, time: '15:00' } },
      { status: 'CONFIRMED', at: { day: -3, time: '15:20' }, by: 'ridwan' },
      {
        status: 'CONFIRMED',
        at: { day: -3, time: '15:21' },
        note: 'Kendaraan: Mobil Jenazah (DD 8001 KA); pengemudi: Serka Amiruddin.',
        by: 'ridwan',
      },
      { status: 'ON_THE_WAY', at: { day: -2, time: '06:10' }, by: 'ridwan' },
      { status: 'DONE', at: { day: -2, time: '16:45' }, by: 'ridwan' },
    ],
  },
];

export interface DemoComplaint {
  code: string;
  category: string;
  unit: string | null;
  name: string | null;
  phone: string;
  message: string;
  status: ComplaintStatus;
  createdAt: DemoMoment;
  responses: { message: string; at: DemoMoment; by: string }[];
}

export const demoComplaints: DemoComplaint[] = [
  {
    code: 'DMH2R9AC',
    category: 'pelayanan',
    unit: 'Poli Penyakit Dalam',
    name: 'Irwan Setiawan',
    phone: '081355407721',
    message: 'Sudah menunggu lebih dari tiga jam di poli penyakit dalam tanpa kejelasan kapan dipanggil.',
    status: 'RECEIVED',
    createdAt: { day: -1, time: '11:20' },
    responses: [],
  },
  {
    code: 'DMJ4T3BD',
    category: 'fasilitas',
    unit: 'Ruang Tunggu IGD',
    name: null,
    phone: '085299310458',
    message:
      'Pendingin ruangan di ruang tunggu IGD mati dan kursi kurang, keluarga pasien banyak yang berdiri.',
    status: 'IN_PROGRESS',
    createdAt: { day: -2, time: '20:05' },
    responses: [
      {
        message: 'Terima kasih atas laporannya. Teknisi sudah kami jadwalkan memperbaiki AC besok pagi.',
        at: { day: -1, time: '08:30' },
        by: 'nurul',
      },
    ],
  },
  {
    code: 'DMK7W5CE',
    category: 'tarif',
    unit: 'Kasir Rawat Jalan',
    name: 'Sri Rahayu',
    phone: '081242156690',
    message: 'Saya peserta BPJS tetapi diminta membayar obat di kasir rawat jalan. Mohon penjelasan.',
    status: 'RESOLVED',
    createdAt: { day: -6, time: '13:45' },
    responses: [
      {
        message: 'Mohon maaf atas ketidaknyamanannya. Kami sedang memeriksa resep dan tagihan Ibu.',
        at: { day: -6, time: '15:00' },
        by: 'fitriani',
      },
      {
        message:
          'Obat tersebut di luar Formularium Nasional sehingga tidak ditanggung BPJS. Dokter sudah menggantinya dengan obat yang ditanggung; biaya Ibu dikembalikan di kasir.',
        at: { day: -5, time: '10:10' },
        by: 'fitriani',
      },
    ],
  },
  {
    code: 'DMM3X8DF',
    category: 'petugas',
    unit: 'Loket Pendaftaran',
    name: 'Muh. Yusuf',
    phone: '082188905634',
    message: 'Petugas loket pendaftaran kurang ramah saat menjelaskan syarat rujukan.',
    status: 'RECEIVED',
    createdAt: { day: -1, time: '08:50' },
    responses: [],
  },
  {
    code: 'DMN6Y2EG',
    category: 'lainnya',
    unit: null,
    name: 'Kartini',
    phone: '087840332215',
    message: 'Mohon disediakan tempat parkir khusus untuk pengantar pasien lansia dekat pintu masuk.',
    status: 'RESOLVED',
    createdAt: { day: -9, time: '09:00' },
    responses: [
      {
        message: 'Usulan Ibu sudah kami terapkan: dua tempat parkir khusus pengantar lansia di depan lobi.',
        at: { day: -4, time: '09:30' },
        by: 'nurul',
      },
    ],
  },
];

export interface DemoSurvey {
  /** The completed order or resolved complaint the survey is about. */
  code: string;
  token: string;
  invitedAt: DemoMoment;
  /** U1–U9, 1–4; none while the survey waits for its answers (answered when invited, in the demo). */
  answers?: readonly [number, number, number, number, number, number, number, number, number];
  comment?: string;
}

// Satisfaction surveys (SKM) of the completed orders and resolved complaints above.
export const demoSurveys: DemoSurvey[] = [
  {
    code: 'DMD9Q6YZ',
    token: 'DEMA4K7PX2RT9WQ3MZ8C',
    invitedAt: { day: -3, time: '10:55' },
    answers: [4, 4, 3, 4, 3, 4, 4, 3, 4],
    comment: 'Sopir dan perawat ambulans sangat membantu.',
  },
  // Still open: the link of the demo (`/survei/DEMQ7SKM2AMBK4PX9RTW`) shows the form.
  { code: 'DMF6K3TV', token: 'DEMQ7SKM2AMBK4PX9RTW', invitedAt: { day: -2, time: '16:45' } },
  {
    code: 'DMK7W5CE',
    token: 'DEMC3H8NV5TY2KP6XR4W',
    invitedAt: { day: -5, time: '10:10' },
    answers: [3, 3, 2, 4, 3, 3, 3, 4, 2],
  },
  {
    code: 'DMN6Y2EG',
    token: 'DEMF9R2WK6PC4TX8NH3V',
    invitedAt: { day: -4, time: '09:30' },
    answers: [4, 3, 3, 4, 4, 4, 4, 4, 3],
    comment: 'Terima kasih, usulan saya ditanggapi dengan cepat.',
  },
];
