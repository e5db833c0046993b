import type { ClinicCode } from './clinics.js';

// ICD-10 code and the Indonesian text, as the legacy stored them in `icdkt1..3`.
export const diagnosesByClinic: Record<ClinicCode, readonly string[]> = {
  INT: [
    'I10 Hipertensi esensial',
    'E11.9 Diabetes melitus tipe 2 tanpa komplikasi',
    'E78.5 Hiperlipidemia',
    'K29.7 Gastritis',
    'K30 Dispepsia',
    'N18.9 Penyakit ginjal kronik',
    'A01.0 Demam tifoid',
    'D64.9 Anemia',
    'M10.9 Gout',
    'K76.0 Perlemakan hati',
  ],
  ANA: [
    'J06.9 ISPA (infeksi saluran pernapasan akut)',
    'A09 Diare dan gastroenteritis',
    'J18.9 Pneumonia',
    'A91 Demam berdarah dengue',
    'R50.9 Demam',
    'L20.9 Dermatitis atopik',
    'E44.0 Gizi kurang sedang',
    'H66.9 Otitis media',
  ],
  BED: [
    'K40.9 Hernia inguinalis',
    'K35.8 Apendisitis akut',
    'N20.0 Batu ginjal',
    'L02.9 Abses kulit',
    'D17.9 Lipoma',
    'K80.2 Batu kandung empedu',
    'K64.9 Hemoroid',
    'Z48.0 Perawatan luka pasca operasi',
  ],
  OBG: [
    'Z34.9 Pemeriksaan kehamilan normal',
    'O21.0 Hiperemesis gravidarum ringan',
    'N92.0 Menstruasi berlebihan',
    'D25.9 Mioma uteri',
    'N83.2 Kista ovarium',
    'O13 Hipertensi gestasional',
    'Z30.0 Konseling kontrasepsi',
    'N76.0 Vaginitis akut',
  ],
  MAT: [
    'H52.1 Miopia',
    'H25.9 Katarak senilis',
    'H10.9 Konjungtivitis',
    'H40.9 Glaukoma',
    'H52.4 Presbiopia',
    'H11.0 Pterigium',
  ],
  GIG: [
    'K02.1 Karies dentin',
    'K04.0 Pulpitis',
    'K05.1 Gingivitis kronis',
    'K08.1 Kehilangan gigi',
    'K03.6 Karang gigi',
    'K01.1 Gigi impaksi',
    'K04.7 Abses periapikal',
  ],
  SAR: [
    'I63.9 Infark serebral (stroke iskemik)',
    'G44.2 Nyeri kepala tipe tegang',
    'G43.9 Migren',
    'G40.9 Epilepsi',
    'M54.5 Nyeri punggung bawah',
    'G56.0 Sindrom terowongan karpal',
    'G51.0 Bell’s palsy',
    'H81.1 Vertigo posisional paroksismal jinak',
  ],
  THT: [
    'H65.9 Otitis media nonsupuratif',
    'J32.9 Sinusitis kronis',
    'J35.0 Tonsilitis kronis',
    'H61.2 Serumen obturans',
    'J30.4 Rinitis alergi',
    'J02.9 Faringitis akut',
  ],
  JAN: [
    'I25.1 Penyakit jantung koroner',
    'I50.0 Gagal jantung kongestif',
    'I48 Fibrilasi atrium',
    'I11.9 Penyakit jantung hipertensi',
    'I20.9 Angina pektoris',
    'I10 Hipertensi esensial',
  ],
  KLT: [
    'L30.9 Dermatitis',
    'B35.4 Tinea korporis',
    'L70.0 Akne vulgaris',
    'L50.9 Urtikaria',
    'B86 Skabies',
    'B02.9 Herpes zoster',
  ],
  PAR: [
    'A15.0 Tuberkulosis paru',
    'J45.9 Asma',
    'J44.9 Penyakit paru obstruktif kronik (PPOK)',
    'J18.9 Pneumonia',
    'J20.9 Bronkitis akut',
  ],
  ORT: [
    'M17.9 Osteoartritis lutut',
    'S52.5 Fraktur radius distal',
    'M54.5 Nyeri punggung bawah',
    'M75.1 Sindrom rotator cuff',
    'S82.2 Fraktur tibia',
    'M81.9 Osteoporosis',
  ],
};

// Children seen outside Poli Anak get the conditions of their age, not presbyopia or cataract.
export const childDiagnosesByClinic: Partial<Record<ClinicCode, readonly string[]>> = {
  MAT: ['H52.1 Miopia', 'H52.0 Hipermetropia', 'H10.9 Konjungtivitis', 'H50.9 Strabismus'],
  BED: ['K40.9 Hernia inguinalis', 'K35.8 Apendisitis akut', 'L02.9 Abses kulit', 'L72.0 Kista epidermal'],
  GIG: ['K02.1 Karies dentin', 'K04.0 Pulpitis', 'K05.1 Gingivitis kronis', 'K00.6 Persistensi gigi sulung'],
};

// Childhood immunisation visits at Poli Anak; the visit's vaccination column counts the doses given.
export const immunisations = [
  'Z24.6 Imunisasi hepatitis B',
  'Z27.1 Imunisasi DPT kombinasi',
  'Z24.0 Imunisasi polio',
  'Z24.4 Imunisasi campak',
] as const;
