// Zones as the hospital's ambulance desk quotes them from Makassar; prices in whole Rupiah.
export const demoAmbulanceTariffs = [
  {
    destination: 'Dalam Kota Makassar (≤ 10 km)',
    price: 250_000,
    notes: 'Termasuk sopir dan perawat pendamping',
  },
  {
    destination: 'Dalam Kota Makassar (10–20 km)',
    price: 350_000,
    notes: 'Termasuk sopir dan perawat pendamping',
  },
  {
    destination: 'Luar Kota 20–40 km (Gowa, Maros, Takalar)',
    price: 550_000,
    notes: 'Belum termasuk biaya tol',
  },
  {
    destination: 'Antar Kabupaten: Pangkep, Jeneponto',
    price: 900_000,
    notes: 'Belum termasuk biaya tol',
  },
  {
    destination: 'Antar Kabupaten: Barru, Bantaeng',
    price: 1_250_000,
    notes: 'Belum termasuk biaya tol; menginap sopir Rp 150.000 per malam',
  },
  {
    destination: 'Antar Kabupaten: Pare-Pare, Bulukumba, Sinjai',
    price: 1_750_000,
    notes: 'Menginap sopir Rp 150.000 per malam',
  },
  {
    destination: 'Antar Kabupaten: Bone, Soppeng, Wajo',
    price: 2_000_000,
    notes: 'Menginap sopir Rp 150.000 per malam',
  },
  {
    destination: 'Luar Daerah: Palopo, Tana Toraja',
    price: 3_500_000,
    notes: 'Menginap sopir Rp 150.000 per malam',
  },
  {
    destination: 'Ambulans Gawat Darurat dengan Dokter (Dalam Kota)',
    price: 750_000,
    notes: 'Dokter jaga IGD ikut mendampingi pasien',
  },
] as const;

type Classed = { VIP: number; 'Kelas 1': number; 'Kelas 2': number; 'Kelas 3': number };

/** One item priced once ("Umum") or per care class. */
export interface DemoTariff {
  name: string;
  price: number | Classed;
}

export const demoTariffBooks: { code: string; name: string; items: DemoTariff[] }[] = [
  {
    code: 'RJ',
    name: 'Tarif Rawat Jalan',
    items: [
      { name: 'Pendaftaran Pasien Baru', price: 25_000 },
      { name: 'Pendaftaran Pasien Lama', price: 15_000 },
      { name: 'Konsultasi Dokter Umum', price: 50_000 },
      { name: 'Konsultasi Dokter Spesialis', price: 125_000 },
      { name: 'Konsultasi Dokter Gigi', price: 75_000 },
      { name: 'Pemeriksaan Darah Rutin', price: 65_000 },
      { name: 'Gula Darah Sewaktu', price: 30_000 },
      { name: 'HbA1c', price: 175_000 },
      { name: 'Profil Lipid (Kolesterol Total, HDL, LDL, Trigliserida)', price: 185_000 },
      { name: 'Fungsi Ginjal (Ureum, Kreatinin)', price: 95_000 },
      { name: 'Urinalisis', price: 45_000 },
      { name: 'Foto Toraks PA', price: 150_000 },
      { name: 'USG Abdomen', price: 300_000 },
      { name: 'Elektrokardiografi (EKG)', price: 85_000 },
      { name: 'Ekokardiografi', price: 650_000 },
      { name: 'Pencabutan Gigi Permanen', price: 175_000 },
      { name: 'Tumpatan Gigi Komposit', price: 250_000 },
      { name: 'Perawatan Luka Kecil', price: 75_000 },
      { name: 'Nebulisasi', price: 60_000 },
      { name: 'Jasa Imunisasi (belum termasuk vaksin)', price: 50_000 },
    ],
  },
  {
    code: 'RI',
    name: 'Tarif Rawat Inap',
    items: [
      {
        name: 'Kamar Perawatan per Hari',
        price: { VIP: 1_200_000, 'Kelas 1': 650_000, 'Kelas 2': 400_000, 'Kelas 3': 200_000 },
      },
      {
        name: 'Visite Dokter Spesialis',
        price: { VIP: 250_000, 'Kelas 1': 175_000, 'Kelas 2': 125_000, 'Kelas 3': 90_000 },
      },
      {
        name: 'Visite Dokter Umum',
        price: { VIP: 100_000, 'Kelas 1': 75_000, 'Kelas 2': 50_000, 'Kelas 3': 35_000 },
      },
      {
        name: 'Asuhan Keperawatan per Hari',
        price: { VIP: 150_000, 'Kelas 1': 100_000, 'Kelas 2': 75_000, 'Kelas 3': 50_000 },
      },
      {
        name: 'Operasi Kecil',
        price: { VIP: 2_500_000, 'Kelas 1': 1_800_000, 'Kelas 2': 1_300_000, 'Kelas 3': 1_000_000 },
      },
      {
        name: 'Operasi Sedang',
        price: { VIP: 5_500_000, 'Kelas 1': 4_200_000, 'Kelas 2': 3_300_000, 'Kelas 3': 2_600_000 },
      },
      {
        name: 'Persalinan Normal',
        price: { VIP: 3_500_000, 'Kelas 1': 2_500_000, 'Kelas 2': 2_000_000, 'Kelas 3': 1_500_000 },
      },
      {
        name: 'Sectio Caesarea',
        price: { VIP: 9_000_000, 'Kelas 1': 7_000_000, 'Kelas 2': 6_000_000, 'Kelas 3': 5_000_000 },
      },
      { name: 'Administrasi Rawat Inap', price: 50_000 },
      { name: 'Ruang ICU per Hari', price: 1_500_000 },
      { name: 'Ruang HCU per Hari', price: 900_000 },
      { name: 'Ruang Isolasi per Hari', price: 750_000 },
      { name: 'Pemeriksaan Darah Rutin', price: 65_000 },
      { name: 'Transfusi Darah per Kantong', price: 360_000 },
      { name: 'Oksigen per Jam', price: 15_000 },
      { name: 'Konsultasi Gizi', price: 75_000 },
    ],
  },
];
