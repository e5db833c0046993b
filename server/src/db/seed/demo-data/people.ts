// Name parts common in South Sulawesi and among soldiers posted there from elsewhere.
// prettier-ignore -- word lists read better packed than one per line
export const firstNames = {
  L: [
    'Muhammad',
    'Ahmad',
    'Abdul',
    'Andi',
    'Budi',
    'Syamsul',
    'Rahmat',
    'Arif',
    'Irwan',
    'Agus',
    'Fajar',
    'Ilham',
    'Rizky',
    'Dedi',
    'Hendra',
    'Yusuf',
    'Sudirman',
    'Bambang',
    'Joko',
    'Hasan',
    'Amiruddin',
    'Zainal',
    'Firman',
    'Herman',
    'Wahyu',
    'Reza',
    'Akbar',
    'Haris',
    'Ismail',
    'Nasrun',
  ],
  P: [
    'Siti',
    'Nur',
    'Sri',
    'Dewi',
    'Fitri',
    'Rini',
    'Hasna',
    'Nurul',
    'Ayu',
    'Putri',
    'Ratna',
    'Indah',
    'Suriani',
    'Hasmawati',
    'Megawati',
    'Nurhayati',
    'Andi',
    'Wahyuni',
    'Rosmini',
    'Kartini',
    'Aisyah',
    'Fatimah',
    'Nadia',
    'Anisa',
    'Rahma',
    'Sulfiani',
    'Marlina',
    'Yuliana',
    'Irma',
    'Asriani',
  ],
} as const;

// prettier-ignore -- word lists read better packed than one per line
export const lastNames = {
  L: [
    'Saputra',
    'Pratama',
    'Hidayat',
    'Rahman',
    'Syahputra',
    'Gunawan',
    'Setiawan',
    'Wijaya',
    'Nurdin',
    'Syarifuddin',
    'Kurniawan',
    'Hamzah',
    'Mappiare',
    'Baso',
    'Daeng Sila',
    'Lamba',
    'Rusli',
    'Tahir',
    'Arsyad',
    'Salim',
  ],
  P: [
    'Sari',
    'Lestari',
    'Rahmawati',
    'Handayani',
    'Wulandari',
    'Puspitasari',
    'Anggraini',
    'Ramadhani',
    'Safitri',
    'Amelia',
    'Hamid',
    'Amir',
    'Syam',
    'Kadir',
    'Basri',
    'Rasyid',
    'Nurdin',
    'Hasanuddin',
    'Daeng Ngai',
    'Latif',
  ],
} as const;

// prettier-ignore -- word lists read better packed than one per line
export const birthPlaces = [
  'Gowa',
  'Maros',
  'Bone',
  'Pare-Pare',
  'Palopo',
  'Bulukumba',
  'Takalar',
  'Jeneponto',
  'Sinjai',
  'Pinrang',
  'Jakarta',
  'Bandung',
  'Surabaya',
  'Malang',
  'Semarang',
  'Yogyakarta',
  'Manado',
  'Kendari',
  'Ambon',
  'Medan',
] as const;

// Makassar's kecamatan with their Kemendagri codes, which open every NIK issued there.
export const districts = [
  { code: '737101', name: 'Mariso', villages: ['Lette', 'Panambungan', 'Mattoanging'] },
  { code: '737102', name: 'Mamajang', villages: ['Mamajang Dalam', 'Bonto Biraeng', 'Maricaya Selatan'] },
  { code: '737103', name: 'Tamalate', villages: ['Mangasa', 'Jongaya', 'Parang Tambung', 'Balang Baru'] },
  { code: '737104', name: 'Makassar', villages: ['Maradekaya', 'Bara-Baraya', 'Lariang Bangi'] },
  { code: '737105', name: 'Ujung Pandang', villages: ['Losari', 'Baru', 'Maloku'] },
  { code: '737106', name: 'Wajo', villages: ['Malimongan', 'Pattunuang'] },
  { code: '737107', name: 'Bontoala', villages: ['Bontoala', 'Gaddong'] },
  { code: '737108', name: 'Ujung Tanah', villages: ['Tamalabba', 'Ujung Tanah'] },
  { code: '737109', name: 'Tallo', villages: ['Rappokalling', 'Kaluku Bodoa', 'Lakkang'] },
  { code: '737110', name: 'Panakkukang', villages: ['Pandang', 'Karampuang', 'Masale', 'Tamamaung'] },
  { code: '737111', name: 'Biringkanaya', villages: ['Sudiang', 'Paccerakkang', 'Daya'] },
  { code: '737112', name: 'Tamalanrea', villages: ['Tamalanrea Indah', 'Kapasa', 'Bira'] },
  { code: '737113', name: 'Rappocini', villages: ['Gunung Sari', 'Banta-Bantaeng', 'Karunrung', 'Tidung'] },
  { code: '737114', name: 'Manggala', villages: ['Antang', 'Borong', 'Bangkala'] },
] as const;

// prettier-ignore -- word lists read better packed than one per line
export const streets = [
  'Jl. Sultan Alauddin',
  'Jl. Perintis Kemerdekaan',
  'Jl. Urip Sumoharjo',
  'Jl. A. P. Pettarani',
  'Jl. Sungai Saddang',
  'Jl. Veteran Selatan',
  'Jl. Cendrawasih',
  'Jl. Landak Baru',
  'Jl. Gunung Bawakaraeng',
  'Jl. Rappocini Raya',
  'Jl. Hertasning',
  'Jl. Abdullah Daeng Sirua',
  'Jl. Toddopuli Raya',
  'Jl. Antang Raya',
  'Jl. Daeng Tata Raya',
  'Jl. Mannuruki',
  'Jl. Monginsidi',
  'Jl. Baji Gau',
  'Jl. Kumala',
  'Jl. Rajawali',
] as const;

// Operator prefixes (Telkomsel, Indosat, XL) seen on Sulawesi numbers.
export const phonePrefixes = ['0811', '0812', '0813', '0821', '0822', '0852', '0853', '0856', '0857', '0878'];

export const patientGroups = {
  BPJS: 40,
  UMUM: 12,
  'TNI AD': 15,
  'PNS TNI AD': 6,
  'Keluarga TNI AD': 18,
  Purnawirawan: 9,
} as const;

export type PatientGroup = keyof typeof patientGroups;

// The group's code in the legacy list (`golpaskd`); units, ranks and companies are coded by their place
// in the lists below (see seed/patients.ts).
export const patientGroupCodes: Record<PatientGroup, string> = {
  BPJS: 'BP01',
  UMUM: 'UM01',
  'TNI AD': 'AD01',
  'PNS TNI AD': 'AD02',
  'Keluarga TNI AD': 'AD03',
  Purnawirawan: 'AD04',
};

// Lowest first: a soldier's rank follows their years of service.
// prettier-ignore -- word lists read better packed than one per line
export const armyRanks = [
  'Prajurit Dua',
  'Prajurit Satu',
  'Prajurit Kepala',
  'Kopral Dua',
  'Kopral Satu',
  'Kopral Kepala',
  'Sersan Dua',
  'Sersan Satu',
  'Sersan Kepala',
  'Sersan Mayor',
  'Pembantu Letnan Dua',
  'Pembantu Letnan Satu',
  'Letnan Dua',
  'Letnan Satu',
  'Kapten',
  'Mayor',
  'Letnan Kolonel',
  'Kolonel',
] as const;

// prettier-ignore -- word lists read better packed than one per line
export const civilServantRanks = [
  'Pengatur Muda (II/a)',
  'Pengatur (II/c)',
  'Pengatur Tingkat I (II/d)',
  'Penata Muda (III/a)',
  'Penata Muda Tingkat I (III/b)',
  'Penata (III/c)',
  'Penata Tingkat I (III/d)',
  'Pembina (IV/a)',
] as const;

// prettier-ignore -- word lists read better packed than one per line
export const armyUnits = [
  'Kodam XIV/Hasanuddin',
  'Korem 141/Toddopuli',
  'Kodim 1408/Makassar',
  'Yonif 700/Wira Yudha Cakti',
  'Yonif 726/Tamalatea',
  'Denpom XIV/4 Makassar',
  'Kesdam XIV/Hasanuddin',
  'Zidam XIV/Hasanuddin',
  'Bekangdam XIV/Hasanuddin',
  'Rumkit Tk. II Pelamonia',
] as const;

// Employers billed directly for their staff's care.
// prettier-ignore -- word lists read better packed than one per line
export const companies = [
  'PT Semen Tonasa',
  'PT PLN (Persero) UIW Sulselrabar',
  'PT Pelabuhan Indonesia (Persero)',
  'Bank Sulselbar',
] as const;

export const religions = { Islam: 86, Kristen: 7, Katolik: 4, Hindu: 2, Buddha: 1 } as const;

// South Sulawesi's peoples, and the soldiers and their families posted there from elsewhere.
export const ethnicities = {
  Bugis: 38,
  Makassar: 30,
  Toraja: 8,
  Mandar: 5,
  Jawa: 10,
  Buton: 3,
  Minahasa: 2,
  Tionghoa: 2,
  Batak: 2,
} as const;

/** Highest schooling finished, as the legacy recorded it. */
export const adultEducation = { SD: 14, SMP: 15, SMA: 42, D3: 8, S1: 17, S2: 4 } as const;
