export interface DemoRoom {
  code: string;
  name: string;
  /** BPJS bed class code. */
  class: 'VVP' | 'VIP' | 'KL1' | 'KL2' | 'KL3' | 'ICU' | 'HCU' | 'NIC' | 'PIC' | 'ISO';
  capacity: number;
  sex?: 'L' | 'P';
  /** Ages (in years) the ward takes. */
  ages: readonly [number, number];
  /** Beds taken by current demo admissions: some wards full, most partly free, as on a real day. */
  occupied: number;
}

const adults = [15, 120] as const;
const children = [0, 17] as const;

export const demoRooms: DemoRoom[] = [
  { code: 'CDR', name: 'Paviliun Cendrawasih (VVIP)', class: 'VVP', capacity: 2, ages: adults, occupied: 2 },
  { code: 'KSR', name: 'Paviliun Kasuari (VIP)', class: 'VIP', capacity: 6, ages: adults, occupied: 4 },
  { code: 'MRP', name: 'Ruang Merpati (Kelas I)', class: 'KL1', capacity: 8, ages: adults, occupied: 5 },
  { code: 'NUR', name: 'Ruang Nuri (Kelas II)', class: 'KL2', capacity: 10, ages: adults, occupied: 7 },
  {
    code: 'MWR',
    name: 'Ruang Mawar (Kebidanan Kelas II)',
    class: 'KL2',
    capacity: 8,
    sex: 'P',
    ages: [15, 50],
    occupied: 5,
  },
  {
    code: 'MLT',
    name: 'Ruang Melati (Kelas III Wanita)',
    class: 'KL3',
    capacity: 12,
    sex: 'P',
    ages: adults,
    occupied: 12,
  },
  {
    code: 'KNG',
    name: 'Ruang Kenanga (Kelas III Pria)',
    class: 'KL3',
    capacity: 12,
    sex: 'L',
    ages: adults,
    occupied: 9,
  },
  {
    code: 'AGR',
    name: 'Ruang Anggrek (Anak Kelas III)',
    class: 'KL3',
    capacity: 10,
    ages: children,
    occupied: 6,
  },
  { code: 'ICU', name: 'Ruang ICU', class: 'ICU', capacity: 6, ages: adults, occupied: 5 },
  { code: 'HCU', name: 'Ruang HCU', class: 'HCU', capacity: 4, ages: adults, occupied: 3 },
  { code: 'NICU', name: 'Ruang Perinatologi (NICU)', class: 'NIC', capacity: 6, ages: [0, 0], occupied: 0 },
  { code: 'PICU', name: 'Ruang PICU', class: 'PIC', capacity: 4, ages: children, occupied: 2 },
  { code: 'ISO', name: 'Ruang Isolasi Teratai', class: 'ISO', capacity: 4, ages: adults, occupied: 1 },
];
