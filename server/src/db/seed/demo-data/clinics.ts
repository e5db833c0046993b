// Clinic codes follow the BPJS poli codes, so queue prefixes and the Mobile JKN mapping agree.
export const demoClinics = [
  { code: 'INT', name: 'Poli Penyakit Dalam', bpjsCode: 'INT', queuePrefix: 'INT' },
  { code: 'ANA', name: 'Poli Anak', bpjsCode: 'ANA', queuePrefix: 'ANA' },
  { code: 'BED', name: 'Poli Bedah', bpjsCode: 'BED', queuePrefix: 'BED' },
  { code: 'OBG', name: 'Poli Kebidanan dan Kandungan', bpjsCode: 'OBG', queuePrefix: 'OBG' },
  { code: 'MAT', name: 'Poli Mata', bpjsCode: 'MAT', queuePrefix: 'MAT' },
  { code: 'GIG', name: 'Poli Gigi dan Mulut', bpjsCode: 'GIG', queuePrefix: 'GIG' },
  { code: 'SAR', name: 'Poli Saraf', bpjsCode: 'SAR', queuePrefix: 'SAR' },
  { code: 'THT', name: 'Poli THT', bpjsCode: 'THT', queuePrefix: 'THT' },
  { code: 'JAN', name: 'Poli Jantung dan Pembuluh Darah', bpjsCode: 'JAN', queuePrefix: 'JAN' },
  { code: 'KLT', name: 'Poli Kulit dan Kelamin', bpjsCode: 'KLT', queuePrefix: 'KLT' },
  { code: 'PAR', name: 'Poli Paru', bpjsCode: 'PAR', queuePrefix: 'PAR' },
  { code: 'ORT', name: 'Poli Orthopedi', bpjsCode: 'ORT', queuePrefix: 'ORT' },
] as const;

export type ClinicCode = (typeof demoClinics)[number]['code'];

// Military doctors carry their rank and corps (Ckm: Korps Kesehatan Militer), as on the hospital's boards.
export const demoDoctors: { name: string; bpjsCode: string; clinic: ClinicCode }[] = [
  { name: 'Letkol Ckm dr. Andi Muhammad Arief, Sp.PD', bpjsCode: '251101', clinic: 'INT' },
  { name: 'dr. Hasnawati Syamsuddin, Sp.PD', bpjsCode: '251102', clinic: 'INT' },
  { name: 'dr. Ahmad Fauzi Rahman, Sp.PD', bpjsCode: '251103', clinic: 'INT' },
  { name: 'Mayor Ckm dr. Irfan Hamzah, Sp.A', bpjsCode: '251201', clinic: 'ANA' },
  { name: 'dr. Nurhayati Baso, Sp.A', bpjsCode: '251202', clinic: 'ANA' },
  { name: 'Kolonel Ckm dr. Bambang Sutrisno, Sp.B', bpjsCode: '251301', clinic: 'BED' },
  { name: 'dr. Ikhsan Mappiare, Sp.B', bpjsCode: '251302', clinic: 'BED' },
  { name: 'Mayor Ckm dr. Hendra Wijaya, Sp.OG', bpjsCode: '251401', clinic: 'OBG' },
  { name: 'dr. Sitti Rahmah Amir, Sp.OG', bpjsCode: '251402', clinic: 'OBG' },
  { name: 'dr. Fitriani Lamba, Sp.M', bpjsCode: '251501', clinic: 'MAT' },
  { name: 'drg. Astuti Rahayu', bpjsCode: '251601', clinic: 'GIG' },
  { name: 'Kapten Ckm drg. Muhammad Yusran', bpjsCode: '251602', clinic: 'GIG' },
  { name: 'dr. Abdul Kadir Jailani, Sp.N', bpjsCode: '251701', clinic: 'SAR' },
  { name: 'dr. Rina Marlina Tahir, Sp.THT-KL', bpjsCode: '251801', clinic: 'THT' },
  { name: 'Letkol Ckm dr. Arifuddin Malik, Sp.JP', bpjsCode: '251901', clinic: 'JAN' },
  { name: 'dr. Yulianti Tandiarrang, Sp.KK', bpjsCode: '252001', clinic: 'KLT' },
  { name: 'dr. Syarifah Aini Alhabsyi, Sp.P', bpjsCode: '252101', clinic: 'PAR' },
  { name: 'Letkol Ckm dr. Agus Salim Nasution, Sp.OT', bpjsCode: '252201', clinic: 'ORT' },
];
