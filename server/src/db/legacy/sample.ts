import { type FileHandle, mkdir, open, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { addDays, daysBetween, isoWeekday } from '../../lib/dates.js';
import { demoClinics, demoDoctors, demoSchedules } from '../seed/demo-data/clinics.js';
import { demoOperations } from '../seed/demo-data/operations.js';
import {
  armyRanks,
  armyUnits,
  civilServantRanks,
  companies,
  type PatientGroup,
  patientGroupCodes,
} from '../seed/demo-data/people.js';
import { demoStaff } from '../seed/demo-data/staff.js';
import { demoTariffBooks } from '../seed/demo-data/tariffs.js';
import { type DemoRoom, demoRooms } from '../seed/demo-data/wards.js';
import { type DemoPatient, drawPatient, type PatientDraw } from '../seed/patients.js';
import { createRandom, type Random } from '../seed/random.js';
import { visitsOf } from '../seed/visits.js';

// A legacy export folder made up for rehearsals, tests and benchmarks: every file of docs/legacy-import.md's
// table, with the demo's Indonesian hospital data, written as legacy exports are (comma or semicolon,
// CRLF or LF, UTF-8 or Windows-1252) and with a small, deterministic share of dirt. The generator knows
// which rows it spoiled beyond repair, so it writes `expected.json` beside the files: what the importer
// must report for each of them on a fresh database.
//
// Patients come in blocks of 5,000, each drawn from random streams of its own, so that the blocks can
// be drawn on several threads and the files are the same whatever the number of threads.

/** Most patients one sample holds. */
export const MAX_SAMPLE_PATIENTS = 5_000_000;

export interface LegacySampleOptions {
  folder: string;
  patients: number;
  seed?: number;
  /** The export's day (YYYY-MM-DD): visits lie before it, open stays and bookings around it. */
  today: string;
  /** Threads drawing patients (compiled code only); by default one per core for big samples. */
  workers?: number;
}

/** What the importer must report for one file on a fresh database. */
export interface ExpectedFile {
  read: number;
  inserted: number;
  /** Rows that complete a row an earlier file inserted (a doctor's BPJS code, a person in both staff lists). */
  updated: number;
  rejected: number;
  /** Every rejected row, in file order; `column` is '' for a row that does not fit the header. */
  rejections: { line: number; column: string }[];
}

export interface ExpectedImport {
  /** How the folder was made: the same options make the same bytes. */
  sample: { patients: number; seed: number; today: string };
  /** Per file, by name. */
  files: Record<string, ExpectedFile>;
}

interface Format {
  separator: ',' | ';';
  eol: '\n' | '\r\n';
  encoding: 'utf-8' | 'windows-1252';
  /** A byte-order mark, as Excel's "CSV UTF-8" writes. */
  bom?: boolean;
  /** Header names in capitals, as FoxPro-era tools write them. */
  upperHeader?: boolean;
}

// psql `\copy … csv header`, and what HeidiSQL or Excel with Indonesian settings write.
const copyFormat: Format = { separator: ',', eol: '\n', encoding: 'utf-8' };
const excelFormat: Format = { separator: ';', eol: '\r\n', encoding: 'utf-8' };

type Value = string | number | null | undefined;

/** Rows of one file, kept as text with the rows the importer must reject (by record, 1 first). */
class Rows {
  protected parts: string[] = [];
  protected length = 0;
  records = 0;
  rejections: { record: number; column: string }[] = [];
  private readonly quoted: RegExp;

  constructor(
    protected readonly columns: readonly string[],
    protected readonly format: Format,
  ) {
    this.quoted = new RegExp(`[${format.separator}"\\r\\n]`);
  }

  /** A row by column name; `rejected` names the column the importer must reject it by. */
  row(values: Record<string, Value>, rejected?: string) {
    const fields = this.columns.map((column) => {
      const value = values[column];
      if (value === null || value === undefined) return '';
      const field = String(value);
      return this.quoted.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
    });
    this.line(fields.join(this.format.separator), rejected);
  }

  /** Fields joined without quoting (an exporter's mistake), rejected by `rejected`. */
  unquoted(fields: string[], rejected: string) {
    this.line(fields.join(this.format.separator), rejected);
  }

  protected line(text: string, rejected: string | undefined) {
    this.records++;
    this.parts.push(text, this.format.eol);
    this.length += text.length + 2;
    if (rejected !== undefined) this.rejections.push({ record: this.records, column: rejected });
  }

  take(): Part {
    const part = { text: this.parts.join(''), records: this.records, rejections: this.rejections };
    this.parts = [];
    this.length = 0;
    return part;
  }
}

interface Part {
  text: string;
  records: number;
  rejections: { record: number; column: string }[];
}

/** One CSV file, written in chunks as rows come. */
class LegacyFile extends Rows {
  /** Rows the importer takes as an update of a row an earlier file inserted. */
  private updates = 0;
  private written = 0;
  private readonly lines: { line: number; column: string }[] = [];

  constructor(
    readonly name: string,
    columns: readonly string[],
    format: Format,
    private readonly handle: FileHandle,
  ) {
    super(columns, format);
    const header = columns.map((c) => (format.upperHeader ? c.toUpperCase() : c));
    this.parts.push(`${format.bom ? '\uFEFF' : ''}${header.join(format.separator)}${format.eol}`);
  }

  /** The next row completes a row an earlier file inserted. */
  updatesEarlierRow() {
    this.updates++;
  }

  /** Rows drawn elsewhere (a block of patients), placed after the rows so far. */
  append(part: Part) {
    this.settle();
    this.parts.push(part.text);
    this.length += part.text.length;
    for (const { record, column } of part.rejections)
      this.lines.push({ line: this.written + record + 1, column });
    this.written += part.records;
  }

  /** Rejections by file line: the header is line 1, and no field spans lines. */
  private settle() {
    for (const { record, column } of this.rejections)
      this.lines.push({ line: this.written + record + 1, column });
    this.written += this.records;
    this.records = 0;
    this.rejections = [];
  }

  /** Writes what is pending once it is a chunk worth a system call (everything when `all`). */
  async drain(all = false) {
    this.settle();
    if (this.length < 256 * 1024 && !all) return;
    const text = this.parts.join('');
    this.parts = [];
    this.length = 0;
    await this.handle.write(this.encode(text));
  }

  private encode(text: string): Buffer {
    if (this.format.encoding === 'utf-8') return Buffer.from(text, 'utf-8');
    // Latin-1 bytes are Windows-1252 outside 0x80–0x9F, which this file must not need.
    if (/[\u0080-\u009f\u0100-\uffff]/.test(text))
      throw new Error(`${this.name}: not writable as Windows-1252`);
    return Buffer.from(text, 'latin1');
  }

  async close(): Promise<ExpectedFile> {
    await this.drain(true);
    await this.handle.close();
    return {
      read: this.written,
      inserted: this.written - this.lines.length - this.updates,
      updated: this.updates,
      rejected: this.lines.length,
      rejections: this.lines,
    };
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** How rows are spoiled: each kind of dirt the importer repairs, on a small share of the rows. */
class Dirt {
  constructor(private readonly rng: Random) {}

  chance(share: number) {
    return this.rng.chance(share);
  }

  /** A date as the legacy wrote it: mostly ISO, some dd/mm/yyyy. */
  date(iso: string): string {
    if (!this.rng.chance(0.03)) return iso;
    return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  }

  /** An optional date, sometimes left out: empty or 0000-00-00. */
  optionalDate(iso: string): string {
    const roll = this.rng.next();
    if (roll < 0.05) return '';
    if (roll < 0.08) return '0000-00-00';
    return this.date(iso);
  }

  text(value: string | null | undefined): string | null {
    if (!value) return null;
    return this.rng.chance(0.02) ? `${value}  ` : value;
  }

  code(value: string | null | undefined): string | null {
    if (!value) return null;
    const roll = this.rng.next();
    if (roll < 0.012) return value.toLowerCase();
    if (roll < 0.018) return `${value.slice(0, 1)}${value.slice(1).toLowerCase()}`;
    if (roll < 0.025) return `${value} `;
    return value;
  }

  /** Some NIKs one digit short, some typed with dots, some left out. */
  nik(value: string | null | undefined): string | null {
    if (!value) return null;
    const roll = this.rng.next();
    if (roll < 0.01) return value.slice(0, 15);
    if (roll < 0.015) return `${value.slice(0, 6)}.${value.slice(6, 12)}.${value.slice(12)}`;
    if (roll < 0.03) return '';
    return value;
  }

  phone(value: string | null | undefined): string | null {
    if (!value) return null;
    const roll = this.rng.next();
    if (roll < 0.02) return `+62${value.slice(1)}`;
    if (roll < 0.03) return `${value.slice(0, 4)}-${value.slice(4, 8)}-${value.slice(8)}`;
    return value;
  }

  /** The legacy `sr_deleted` mark: mostly empty, sometimes 0, now and then set. */
  deleted(share: number): { value: string; deleted: boolean } {
    if (this.rng.chance(share)) return { value: this.rng.pick(['1', 'T', '*']), deleted: true };
    return { value: this.rng.chance(0.3) ? '0' : '', deleted: false };
  }
}

const blockSize = 5_000;
// The rows spoiled beyond repair (and an unreadable birth date, flagged instead) recur at these places
// in every stretch of patients, so that a sample of a few dozen patients has each once and a million
// have each forty times.
const dirtyStretch = 25_000;
const rejectAt = {
  visitOfMissingPatient: 5,
  duplicatePatient: 11,
  badBirthDate: 23,
  badVisitDate: 29,
  raggedPatient: 37,
  stayInUnknownRoom: 41,
} as const;
const rejectsHere = (index: number, kind: keyof typeof rejectAt) => index % dirtyStretch === rejectAt[kind];
/** A patient at this place in every stretch stayed in hospital before, so that small samples have one. */
const certainPastStay = 2;

/** The medical record numbers: the patients' first, then rows that must not find a patient. */
const mrnOf = (n: number) => pad(n, 6);
const stretchOf = (index: number) => Math.floor(index / dirtyStretch);
const ghostMrn = (count: number, index: number, which: 0 | 1) =>
  mrnOf(count + 1 + 2 * stretchOf(index) + which);
const lostMrn = (count: number, index: number) => mrnOf(count + 100_001 + stretchOf(index));

// Legacy record numbers: gaps are normal (deleted records), so they are counted from the patient's place.
const visitRecNo = (index: number, visit: number) => index * 8 + visit + 1;
const lineRecNo = (visitRecNo: number, line: number) => 1_000_000 + visitRecNo * 4 + line;
const stayLineRecNo = (index: number, stay: 0 | 1, line: number) => 1_000_000 + index * 16 + stay * 8 + line;

/** What is kept of a patient after the rows are written: for open stays, operations and bookings. */
interface Kept {
  index: number;
  mrn: string;
  sex: 'L' | 'P';
  age: number;
  group: PatientGroup;
  insuranceNo: string | null;
  phone: string | null;
  pastStay: boolean;
}

/** At most this many patients are kept. */
const keptPatients = 4_000;

// Legacy room classes as the hospitals wrote them; the importer reads each as a BPJS bed class.
const legacyClass: Record<DemoRoom['class'], readonly string[]> = {
  VVP: ['VVIP'],
  VIP: ['VIP'],
  KL1: ['KELAS I', 'I', 'KL1'],
  KL2: ['KELAS 2', 'II', 'Kelas II'],
  KL3: ['III', 'KELAS 3', 'KL3'],
  ICU: ['ICU'],
  HCU: ['HCU'],
  NIC: ['NICU'],
  PIC: ['PICU'],
  ISO: ['ISOLASI'],
};

const tariffClass = (bedClass: DemoRoom['class']) =>
  bedClass === 'VVP' || bedClass === 'VIP'
    ? 'VIP'
    : bedClass === 'KL1'
      ? 'Kelas 1'
      : bedClass === 'KL2'
        ? 'Kelas 2'
        : 'Kelas 3';
const classSuffix: Record<string, string> = { VIP: 'V', 'Kelas 1': '1', 'Kelas 2': '2', 'Kelas 3': '3' };

interface TariffItem {
  kode: string;
  nama: string;
  kelas: string;
  tarif: number;
}

/** The items of a demo tariff book as legacy rows: one per class, the price rounded to Rp 500. */
function tariffItems(book: (typeof demoTariffBooks)[number], code: string, factor: number): TariffItem[] {
  return book.items.flatMap((item, i) => {
    const priced =
      typeof item.price === 'number' ? [['Umum', item.price] as const] : Object.entries(item.price);
    return priced.map(([kelas, price]) => ({
      kode: `${code}${pad(i + 1, 3)}${classSuffix[kelas] ?? ''}`,
      nama: item.name,
      kelas,
      tarif: Math.round((price * factor) / 500) * 500,
    }));
  });
}

const bookOf = (code: string) => {
  const book = demoTariffBooks.find((b) => b.code === code);
  if (!book) throw new Error(`no demo tariff book ${code}`);
  return book;
};
const outpatientItems = tariffItems(bookOf('RJ'), 'RJ', 1);
const inpatientItems = tariffItems(bookOf('RI'), 'RI', 1);
const consultation = (clinic: string) =>
  outpatientItems.find(
    (item) => item.nama === (clinic === 'GIG' ? 'Konsultasi Dokter Gigi' : 'Konsultasi Dokter Spesialis'),
  );
const outpatientExtras = outpatientItems.slice(5);

// ICD-9-CM procedures a clinic writes into `icopkd2`/`icopkt2` beside the visit.
const clinicProcedures: Partial<Record<string, readonly (readonly [string, string])[]>> = {
  GIG: [
    ['23.09', 'Pencabutan gigi'],
    ['23.2', 'Tumpatan gigi'],
  ],
  BED: [
    ['86.22', 'Debridement luka'],
    ['86.59', 'Penjahitan luka'],
  ],
  MAT: [['95.02', 'Pemeriksaan mata lengkap']],
  JAN: [['89.52', 'Elektrokardiografi']],
  INT: [['89.52', 'Elektrokardiografi']],
  THT: [['20.01', 'Ekstraksi serumen']],
};

const doctorCodes = new Map(demoDoctors.map((d, i) => [d.bpjsCode, `D${pad(i + 1, 3)}`]));
/** The hospital's own code of a demo doctor (`master_dokter.kode`), by BPJS code. */
const legacyDoctor = (bpjsCode: string) => doctorCodes.get(bpjsCode) ?? '';

function person(username: string) {
  const found = demoStaff.find((s) => s.username === username);
  if (!found) throw new Error(`no demo staff ${username}`);
  return found;
}
const clerks = ['fajar', 'dewi', 'rini', 'agus'].map((username, i) => ({
  code: `U${pad(i + 1, 2)}`,
  name: person(username).name,
}));

const fits = (room: DemoRoom, p: { sex: 'L' | 'P'; age: number }) =>
  (room.sex === undefined || room.sex === p.sex) && p.age >= room.ages[0] && p.age <= room.ages[1];

/** A clock time between `from` and `to` hours, HH:MM:SS as the legacy kept times. */
const clock = (rng: Random, from: number, to: number) =>
  `${pad(rng.int(from, to - 1), 2)}:${pad(rng.int(0, 59), 2)}:${pad(rng.int(0, 59), 2)}`;

/** Column names as one string, the way the legacy tables' definitions list them. */
const columns = (names: string) => names.split(' ');

const referenceColumns = ['kode', 'nama', 'sr_deleted'];
const patientColumns = columns(
  'kode nama kelamin tglahir umur1 umur2 umur3 ktp alamat1 alamat2 alamat3 alamat4 golpaskd golpaskt satuankd satuankt perushkd perushkt pangkd pangkt hubkel suami istri kawin noaskes an_asura agama suku didik tmplahir tgl nip telp keluarga telpkel ket lama sr_deleted',
);
const visitColumns = columns(
  'noreg norekmed tglmasuk polikd kddokter tglkeluar tgllapor jam icopkd2 icopkd3 icopkd4 icopkt2 icopkt4 icdkt1 icdkt2 icdkt3 lunas kunci userkd userkt ket vaksin surat cetakby sr_recno sr_deleted',
);
const stayColumns = columns('noreg norekmed tglmasuk ruangkd jam tglkeluar jamkeluar sr_deleted');
const lineColumns = ['noreg', 'sr_recno', 'kode', 'nama', 'jumlah', 'tarif', 'total', 'sr_deleted'];

/** The files written from the blocks of patients, with their formats. */
const blockFiles = {
  patients: { name: 'master_pasien.csv', columns: patientColumns, format: copyFormat },
  visits: { name: 'bil_rj_xbjalan.csv', columns: visitColumns, format: excelFormat },
  stays: { name: 'bil_ri_xbinap.csv', columns: stayColumns, format: excelFormat },
  visitLines: { name: 'bil_rj_ztjalan.csv', columns: lineColumns, format: copyFormat },
  stayLines: { name: 'bil_ri_ztinap.csv', columns: lineColumns, format: copyFormat },
} as const;
type BlockFile = keyof typeof blockFiles;

interface Setup {
  count: number;
  seed: number;
  today: string;
}

interface Block {
  parts: Record<BlockFile, Part>;
  kept: Kept[];
}

/** A random stream of its own for each block and concern. */
const streamOf = (seed: number, block: number, stream: number) =>
  createRandom(
    (Math.imul(seed, 0x9e3779b1) ^ Math.imul(block + 1, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35)) >>>
      0,
  );

/** The lines of a stay: administration, bed and nursing per day, the specialist's visits, some lab. */
function stayLines(
  rows: Rows,
  rng: Random,
  noreg: string,
  room: DemoRoom,
  days: number,
  recNo: (line: number) => number,
) {
  const kelas = tariffClass(room.class);
  const item = (name: string) =>
    inpatientItems.find((i) => i.nama === name && (i.kelas === kelas || i.kelas === 'Umum'));
  const bed =
    room.class === 'ICU'
      ? 'Ruang ICU per Hari'
      : room.class === 'HCU'
        ? 'Ruang HCU per Hari'
        : room.class === 'ISO'
          ? 'Ruang Isolasi per Hari'
          : 'Kamar Perawatan per Hari';
  const lines: [TariffItem | undefined, number][] = [
    [item('Administrasi Rawat Inap'), 1],
    [item(bed), days],
    [item('Asuhan Keperawatan per Hari'), days],
    [item('Visite Dokter Spesialis'), Math.max(1, days - 1)],
  ];
  if (rng.chance(0.5)) lines.push([item('Pemeriksaan Darah Rutin'), rng.int(1, 2)]);
  lines.forEach(([line, quantity], i) => {
    if (!line) return;
    rows.row({
      noreg,
      sr_recno: recNo(i),
      kode: line.kode,
      nama: line.nama,
      jumlah: quantity,
      tarif: line.tarif,
      total: line.tarif * quantity,
    });
  });
}

/** A `master_pasien` row of a drawn patient, with its share of dirt. */
function patientRow(
  p: DemoPatient,
  today: string,
  registeredOn: string | null,
  deleted: string,
  dirt: Dirt,
  rng: Random,
): Record<string, Value> {
  const days = daysBetween(p.birthDate, today);
  return {
    kode: p.mrn,
    nama: dirt.text(p.name),
    kelamin: dirt.code(p.sex),
    tglahir: dirt.date(p.birthDate),
    // The legacy kept the age at registration in years, months and days; it is not imported.
    umur1: Math.floor(days / 365.25),
    umur2: Math.floor((days % 365.25) / 30.44),
    umur3: rng.int(0, 29),
    ktp: dirt.nik(p.nik),
    alamat1: dirt.text(p.address),
    alamat2: p.addressDomicile,
    alamat3: rng.chance(0.7) ? 'MAKASSAR' : null,
    alamat4: rng.chance(0.6) ? 'SULAWESI SELATAN' : null,
    golpaskd: dirt.code(p.patientGroupCode),
    golpaskt: p.patientGroup,
    satuankd: p.unitCode,
    satuankt: p.unit,
    perushkd: p.companyCode,
    perushkt: p.company,
    pangkd: p.rankCode,
    pangkt: p.rank,
    hubkel: p.familyRelation,
    suami: p.husbandName,
    istri: p.wifeName,
    kawin: p.maritalStatus,
    noaskes: p.insuranceNo,
    an_asura: p.insuredName,
    agama: p.religion,
    suku: p.ethnicity,
    didik: p.education,
    tmplahir: p.birthPlace,
    tgl: registeredOn === null ? null : dirt.optionalDate(registeredOn),
    nip: p.nip,
    telp: dirt.phone(p.phone),
    keluarga: p.familyContactName,
    telpkel: p.familyContactPhone,
    ket: p.notes,
    lama: rng.chance(0.8) ? 'L' : 'B',
    sr_deleted: deleted,
  };
}

/** Patients `block × 5,000` onwards with their visits, the visits' lines and their past stays. */
function drawBlock({ count, seed, today }: Setup, block: number): Block {
  const rng = {
    people: streamOf(seed, block, 0),
    extras: streamOf(seed, block, 1),
    visits: streamOf(seed, block, 2),
    rows: streamOf(seed, block, 3),
  };
  const dirt = new Dirt(streamOf(seed, block, 4));
  const files = Object.fromEntries(
    Object.entries(blockFiles).map(([key, { columns, format }]) => [key, new Rows(columns, format)]),
  ) as Record<BlockFile, Rows>;
  // As in `seed patients`: NIKs are unique within a block; a rare clash between blocks is what the
  // importer's duplicate-NIK rule is for.
  const draw: PatientDraw = {
    niks: new Set(),
    nikSerialMax: 9999,
    insuranceNo: (r, mrn) => `000${r.digits(3)}${mrn.padStart(7, '0').slice(-7)}`,
  };
  const keepEvery = Math.max(1, Math.ceil(count / keptPatients));
  const kept: Kept[] = [];

  const end = Math.min(count, (block + 1) * blockSize);
  for (let index = block * blockSize; index < end; index++) {
    const mrn = mrnOf(index + 1);
    const patient = drawPatient(rng.people, rng.extras, mrn, draw);
    const age = Math.floor(daysBetween(patient.birthDate, today) / 365.25);
    const { value: deletedMark, deleted } = dirt.deleted(0.003);

    const visits = visitsOf(rng.visits, patient, today);
    // Some patients came years before as well.
    const earlier = addDays(today, -rng.visits.int(3, 6) * 365);
    if (daysBetween(patient.birthDate, earlier) > 400 && rng.visits.chance(0.25))
      visits.unshift(...visitsOf(rng.visits, patient, earlier).slice(0, rng.visits.int(1, 2)));
    const opened = addDays(visits[0]?.visitDate ?? today, -rng.rows.int(0, 60));
    const registeredOn = opened < patient.birthDate ? patient.birthDate : opened;

    files.patients.row(patientRow(patient, today, registeredOn, deletedMark, dirt, rng.rows));
    if (rejectsHere(index, 'duplicatePatient')) {
      // Keyed twice in the legacy: the second record is turned away, the first one stays.
      const again = patientRow(patient, today, registeredOn, '', dirt, rng.rows);
      files.patients.row({ ...again, nama: patient.name.toUpperCase() }, 'kode');
    }
    if (rejectsHere(index, 'badBirthDate')) {
      // Not rejected: the patient comes without a birth date, flagged for the records desk to complete.
      const ghost = drawPatient(rng.people, rng.extras, ghostMrn(count, index, 0), draw);
      const [year, month] = ghost.birthDate.split('-');
      files.patients.row({
        ...patientRow(ghost, today, null, '', dirt, rng.rows),
        tglahir: `31/${month === '02' ? '02' : '13'}/${year}`,
      });
    }
    if (rejectsHere(index, 'raggedPatient')) {
      // An exporter that did not quote: the commas of the address split the row.
      const ghost = drawPatient(rng.people, rng.extras, ghostMrn(count, index, 1), draw);
      const values = patientRow(ghost, today, null, '', dirt, rng.rows);
      files.patients.unquoted(
        patientColumns.map((column) => String(values[column] ?? '')),
        '',
      );
    }

    visits.forEach((visit, i) => {
      const noreg = `RJ${mrn}${pad(i + 1, 2)}`;
      const recNo = visitRecNo(index, i);
      const clerk = rng.rows.pick(clerks);
      const procedures = visit.cancelled ? undefined : clinicProcedures[visit.clinic];
      const procedure = procedures && rng.rows.chance(0.25) ? rng.rows.pick(procedures) : undefined;
      const [year, month] = visit.visitDate.split('-') as [string, string];
      files.visits.row({
        noreg,
        norekmed: dirt.code(mrn),
        tglmasuk: dirt.date(visit.visitDate),
        polikd: dirt.code(visit.clinic),
        kddokter: legacyDoctor(visit.doctorBpjsCode),
        tglkeluar: dirt.optionalDate(visit.visitDate),
        tgllapor: dirt.optionalDate(visit.visitDate),
        jam: clock(rng.rows, 7, 14),
        icopkd2: procedure?.[0],
        icopkt2: procedure?.[1],
        icdkt1: visit.diagnoses[0],
        icdkt2: visit.diagnoses[1],
        icdkt3: visit.diagnoses[2],
        lunas: visit.cancelled ? 'BATAL' : rng.rows.weighted({ LUNAS: 80, BELUM: 6, PIUTANG: 14 }),
        kunci: daysBetween(visit.visitDate, today) > 1 ? rng.rows.pick(['1', 'T']) : '0',
        userkd: clerk.code,
        userkt: clerk.name,
        ket: dirt.text(visit.notes),
        vaksin: visit.vaccination,
        surat:
          visit.notes === 'Rujukan dari FKTP'
            ? `0301R001${month}${year.slice(2)}B${rng.rows.digits(6)}`
            : null,
        cetakby: visit.cancelled ? null : clerk.name,
        sr_recno: recNo,
        sr_deleted: dirt.deleted(0.004).value,
      });
      if (visit.cancelled || !rng.rows.chance(0.4)) return;
      const lines = [
        consultation(visit.clinic),
        ...(rng.rows.chance(0.5) ? [rng.rows.pick(outpatientExtras)] : []),
      ];
      lines.forEach((line, j) => {
        if (!line) return;
        files.visitLines.row({
          noreg,
          sr_recno: lineRecNo(recNo, j),
          kode: line.kode,
          nama: dirt.text(line.nama),
          jumlah: 1,
          tarif: line.tarif,
          total: line.tarif,
        });
      });
    });
    if (rejectsHere(index, 'visitOfMissingPatient')) {
      // A visit, with its line, whose patient record was lost before the export.
      const lost = lostMrn(count, index);
      const recNo = visitRecNo(index, 7);
      const line = consultation('INT');
      files.visits.row(
        {
          noreg: `RJ${lost}01`,
          norekmed: lost,
          tglmasuk: addDays(today, -rng.rows.int(30, 900)),
          polikd: 'INT',
          kddokter: legacyDoctor('251101'),
          jam: clock(rng.rows, 7, 14),
          icdkt1: 'I10 Hipertensi esensial',
          lunas: 'LUNAS',
          sr_recno: recNo,
        },
        'norekmed',
      );
      files.visitLines.row(
        {
          noreg: `RJ${lost}01`,
          sr_recno: lineRecNo(recNo, 0),
          kode: line?.kode,
          nama: line?.nama,
          jumlah: 1,
          tarif: line?.tarif,
          total: line?.tarif,
        },
        'noreg',
      );
    }
    if (rejectsHere(index, 'badVisitDate')) {
      files.visits.row(
        {
          noreg: `RJ${mrn}${pad(visits.length + 1, 2)}`,
          norekmed: mrn,
          tglmasuk: `${today.slice(0, 4)}-02-30`,
          polikd: 'INT',
          jam: clock(rng.rows, 7, 14),
          lunas: 'LUNAS',
          sr_recno: visitRecNo(index, 6),
        },
        'tglmasuk',
      );
    }

    // About one patient in seventeen stayed in hospital before, some of them years back.
    let pastStay = false;
    const stays = rng.rows.chance(0.06) || index % dirtyStretch === certainPastStay;
    const rooms =
      deleted || age < 1 || !stays ? [] : demoRooms.filter((room) => fits(room, { sex: patient.sex, age }));
    if (rooms.length > 0) {
      const room = rng.rows.pick(rooms);
      const longest = Math.max(30, Math.min(2_000, daysBetween(patient.birthDate, today)));
      const admitted = addDays(today, -rng.rows.int(30, longest));
      const days = rng.rows.int(2, 10);
      const noreg = `RI${mrn}01`;
      files.stays.row({
        noreg,
        norekmed: mrn,
        tglmasuk: dirt.date(admitted),
        ruangkd: dirt.code(room.code),
        jam: clock(rng.rows, 7, 23),
        tglkeluar: dirt.date(addDays(admitted, days)),
        jamkeluar: clock(rng.rows, 9, 15),
        sr_deleted: dirt.deleted(0.005).value,
      });
      stayLines(files.stayLines, rng.rows, noreg, room, days, (line) => stayLineRecNo(index, 0, line));
      pastStay = true;
    }
    if (rejectsHere(index, 'stayInUnknownRoom')) {
      const admitted = addDays(today, -rng.rows.int(30, 700));
      files.stays.row(
        {
          noreg: `RI${mrn}09`,
          norekmed: mrn,
          tglmasuk: admitted,
          ruangkd: 'VVIP2',
          jam: clock(rng.rows, 7, 23),
          tglkeluar: addDays(admitted, 3),
          jamkeluar: clock(rng.rows, 9, 15),
        },
        'ruangkd',
      );
    }

    if (index % keepEvery === 0 && !deleted) {
      kept.push({
        index,
        mrn,
        sex: patient.sex,
        age,
        group: patient.patientGroup,
        insuranceNo: patient.insuranceNo ?? null,
        phone: patient.phone ?? patient.familyContactPhone ?? null,
        pastStay,
      });
    }
  }
  const parts = Object.fromEntries(Object.entries(files).map(([key, rows]) => [key, rows.take()]));
  return { parts: parts as Record<BlockFile, Part>, kept };
}

/** Hands the blocks in order to `take`, drawn here or, for big samples, on worker threads. */
async function eachBlock(
  setup: Setup,
  blocks: number,
  workers: number,
  take: (block: Block) => Promise<void>,
) {
  if (workers <= 1 || blocks <= 1) {
    for (let block = 0; block < blocks; block++) await take(drawBlock(setup, block));
    return;
  }
  // The workers run this very module (see the end of the file). A block needs a few tens of MB; without
  // a limit each worker's heap grows far beyond that before it collects.
  const pool = Array.from(
    { length: Math.min(workers, blocks) },
    () =>
      new Worker(new URL(import.meta.url), {
        workerData: { legacySample: setup },
        resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
      }),
  );
  const waiting = new Map<number, { resolve: (block: Block) => void; reject: (err: unknown) => void }>();
  const failed = (err: unknown) => {
    for (const { reject } of waiting.values()) reject(err);
    waiting.clear();
  };
  for (const worker of pool) {
    worker.on('message', ({ block, drawn }: { block: number; drawn: Block }) => {
      waiting.get(block)?.resolve(drawn);
      waiting.delete(block);
    });
    worker.on('error', failed);
    worker.on('exit', (code) => code !== 0 && failed(new Error(`legacy sample worker stopped (${code})`)));
  }
  const ask = (block: number) => {
    const promise = new Promise<Block>((resolve, reject) => {
      waiting.set(block, { resolve, reject });
      pool[block % pool.length]?.postMessage(block);
    });
    // Awaited in order below; a failure before its turn must not count as unhandled.
    promise.catch(() => {});
    return promise;
  };
  // A few blocks ahead per worker: enough to keep them busy, few enough to keep memory small.
  const ahead = pool.length * 2;
  const asked = new Map<number, Promise<Block>>();
  try {
    for (let block = 0; block < Math.min(ahead, blocks); block++) asked.set(block, ask(block));
    for (let block = 0; block < blocks; block++) {
      const drawn = await asked.get(block);
      asked.delete(block);
      if (block + ahead < blocks) asked.set(block + ahead, ask(block + ahead));
      if (drawn) await take(drawn);
    }
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}

/** Writes the sample folder and `expected.json`; answers what it wrote to `expected.json`. */
export async function writeLegacySample(options: LegacySampleOptions): Promise<ExpectedImport> {
  const { folder, today } = options;
  const count = options.patients;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SAMPLE_PATIENTS)
    throw new RangeError(`patients must be 1..${MAX_SAMPLE_PATIENTS}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || addDays(today, 0) !== today)
    throw new RangeError('today must be a date YYYY-MM-DD');
  await mkdir(folder, { recursive: true });

  const files: LegacyFile[] = [];
  const file = async (name: string, columns: readonly string[], format: Format) => {
    const written = new LegacyFile(name, columns, format, await open(path.join(folder, name), 'w'));
    files.push(written);
    return written;
  };
  const rng = streamOf(seed, -1, 0);
  const dirt = new Dirt(streamOf(seed, -1, 1));

  // Reference lists, with a closed patient group.
  const groups = await file('master_golpas.csv', referenceColumns, copyFormat);
  for (const [name, code] of Object.entries(patientGroupCodes)) groups.row({ kode: code, nama: name });
  groups.row({ kode: 'AS01', nama: 'ASKES (sebelum BPJS)', sr_deleted: '1' });
  const units = await file('master_satuan.csv', referenceColumns, excelFormat);
  armyUnits.forEach((name, i) => units.row({ kode: `SAT${pad(i + 1, 2)}`, nama: name }));
  const ranks = await file('master_pangkat.csv', referenceColumns, copyFormat);
  armyRanks.forEach((name, i) => ranks.row({ kode: `PKT${pad(i + 1, 2)}`, nama: name }));
  civilServantRanks.forEach((name, i) => ranks.row({ kode: `GOL${pad(i + 1, 2)}`, nama: dirt.text(name) }));
  const companyList = await file('master_perusahaan.csv', referenceColumns, excelFormat);
  companies.forEach((name, i) => companyList.row({ kode: `PRS${pad(i + 1, 2)}`, nama: name }));

  // Rooms: the demo's wards with legacy class names, and a closed one with an accented name (the file
  // is Windows-1252, as an old Excel saves it).
  const roomFile = await file(
    'master_ruangkd.csv',
    ['kode', 'nama', 'kelas', 'kapasitas', 'kelamin', 'sr_deleted'],
    {
      ...excelFormat,
      encoding: 'windows-1252',
    },
  );
  for (const room of demoRooms) {
    roomFile.row({
      kode: room.code,
      nama: room.name,
      kelas: rng.pick(legacyClass[room.class]),
      kapasitas: room.capacity,
      kelamin: room.sex ?? '',
    });
  }
  roomFile.row({
    kode: 'BGV',
    nama: 'Ruang Bougenvillé (Kelas II, lama)',
    kelas: 'KELAS II',
    kapasitas: 8,
    sr_deleted: '1',
  });

  // Clinics, doctors, their BPJS codes and weekly schedules.
  const clinicFile = await file(
    'mapping_poli_bpjs.csv',
    ['polikd', 'nmpoli', 'kd_poli_bpjs', 'nm_poli_bpjs', 'sr_deleted'],
    {
      ...excelFormat,
      bom: true,
    },
  );
  for (const clinic of demoClinics) {
    clinicFile.row({
      polikd: clinic.code,
      nmpoli: clinic.name,
      kd_poli_bpjs: clinic.bpjsCode,
      nm_poli_bpjs: clinic.name.replace(/^Poli /, '').toUpperCase(),
    });
  }
  const doctorFile = await file('master_dokter.csv', ['kode', 'nama', 'polikd', 'sr_deleted'], excelFormat);
  for (const doctor of demoDoctors)
    doctorFile.row({ kode: legacyDoctor(doctor.bpjsCode), nama: doctor.name, polikd: doctor.clinic });
  // A doctor who left: kept for the old visits, without a BPJS code.
  doctorFile.row({
    kode: 'D099',
    nama: 'dr. H. Muhammad Saleh Daeng Rani, Sp.PD',
    polikd: 'INT',
    sr_deleted: '1',
  });
  const doctorBpjsFile = await file(
    'mapping_dokter_bpjs.csv',
    ['kode', 'kd_dokter_bpjs', 'nm_dokter_bpjs'],
    copyFormat,
  );
  for (const doctor of demoDoctors) {
    doctorBpjsFile.updatesEarlierRow();
    doctorBpjsFile.row({
      kode: dirt.code(legacyDoctor(doctor.bpjsCode)),
      kd_dokter_bpjs: doctor.bpjsCode,
      // BPJS knows the doctor without the military rank.
      nm_dokter_bpjs: doctor.name.replace(/^(Kolonel|Letkol|Mayor|Kapten) Ckm /, ''),
    });
  }
  const clinicOfDoctor = new Map(demoDoctors.map((d) => [d.bpjsCode, d.clinic as string]));
  const scheduleFile = await file(
    'antrol_dokter.csv',
    ['kodepoli', 'kodedokter', 'hari', 'jadwal', 'kuotajkn', 'kuotanonjkn', 'libur'],
    { ...copyFormat, upperHeader: true },
  );
  const sessionsOn: (typeof demoSchedules)[number][][] = Array.from({ length: 8 }, () => []);
  for (const schedule of demoSchedules) {
    for (const weekday of schedule.weekdays) {
      scheduleFile.row({
        kodepoli: clinicOfDoctor.get(schedule.doctorBpjsCode),
        kodedokter: schedule.doctorBpjsCode,
        hari: weekday,
        jadwal: `${schedule.start}-${schedule.end}`,
        kuotajkn: schedule.quotaJkn,
        kuotanonjkn: schedule.quotaNonJkn,
        libur: '0',
      });
      sessionsOn[weekday]?.push(schedule);
    }
  }
  // A Sunday session the doctor gave up: kept, inactive, never booked.
  scheduleFile.row({
    kodepoli: 'ANA',
    kodedokter: '251201',
    hari: 7,
    jadwal: '08:00-11:00',
    kuotajkn: 10,
    kuotanonjkn: 5,
    libur: '1',
  });

  // Tariff books: the demo's two and the closed outpatient book of 2019, each with its items' file.
  const bookFile = await file('master_buku_tarifx.csv', ['tabel', 'nama', 'sr_deleted'], excelFormat);
  const books = [
    ...demoTariffBooks.map((book) => ({
      code: book.code,
      name: book.name,
      items: tariffItems(book, book.code, 1),
      deleted: false,
    })),
    {
      code: 'RJ2019',
      name: 'Tarif Rawat Jalan 2019',
      items: tariffItems(bookOf('RJ'), 'RJ19', 0.8),
      deleted: true,
    },
  ];
  for (const book of books) {
    bookFile.row({ tabel: book.code, nama: book.name, sr_deleted: book.deleted ? '1' : '' });
    const items = await file(
      `tarifx_${book.code.toLowerCase()}.csv`,
      ['kode', 'ket', 'kelas', 'tarif', 'sr_deleted'],
      excelFormat,
    );
    for (const item of book.items)
      items.row({
        kode: item.kode,
        ket: item.nama,
        kelas: item.kelas,
        tarif: dirt.chance(0.1) ? `${item.tarif}.00` : item.tarif,
      });
  }

  // Staff: on-duty and customer-service officers, one of each marked on the post, one person in both
  // lists. Passwords as the legacy kept them: plain, some with spaces around.
  const passwordWords = ['pelamonia', 'hasanuddin', 'losari', 'anging.mammiri', 'cendrawasih', 'toddopuli'];
  const password = () => {
    const word = `${rng.pick(passwordWords)}${rng.int(10, 99)}`;
    return rng.chance(0.35) ? ` ${word} ` : word;
  };
  const onDuty = ['rahmawati', 'ridwan', 'hendra', 'ilham', 'dewi'].map(person);
  const customerService = ['nurul', 'dewi', 'fitriani', 'rini'].map(person);
  const dutyFile = await file(
    'bhpdet_dbs.csv',
    ['sr_recno', 'nama', 'telp', 'tarifkt', 'piket', 'sr_deleted'],
    copyFormat,
  );
  const onPost = rng.int(0, onDuty.length - 1);
  onDuty.forEach((s, i) =>
    dutyFile.row({
      sr_recno: 11 + i,
      nama: dirt.text(s.name),
      telp: s.phone,
      tarifkt: password(),
      piket: i === onPost ? '1' : '0',
    }),
  );
  const left = person('sri');
  dutyFile.row({
    sr_recno: 11 + onDuty.length,
    nama: left.name,
    telp: left.phone,
    tarifkt: password(),
    piket: '0',
    sr_deleted: '1',
  });
  const csFile = await file(
    'emr_soap_o.csv',
    ['sr_recno', 'nama', 'telp', 'kel', 'aktif', 'sr_deleted'],
    excelFormat,
  );
  const atDesk = rng.int(0, customerService.length - 1);
  customerService.forEach((s, i) => {
    if (onDuty.includes(s)) csFile.updatesEarlierRow();
    csFile.row({
      sr_recno: 21 + i,
      nama: s.name,
      telp: s.phone,
      kel: password(),
      aktif: i === atDesk ? 'Y' : 'N',
    });
  });

  // Patients with their visits, the visits' lines and their past stays, block by block.
  const streamed = {} as Record<BlockFile, LegacyFile>;
  for (const [key, { name, columns, format }] of Object.entries(blockFiles))
    streamed[key as BlockFile] = await file(name, columns, format);
  const setup: Setup = { count, seed, today };
  const blocks = Math.ceil(count / blockSize);
  // A worker thread loads this module as it is, which only the compiled JavaScript allows: from the
  // TypeScript sources (tests, tsx) the blocks are drawn here.
  const compiled = import.meta.url.endsWith('.js');
  const workers = compiled
    ? (options.workers ?? (count >= 50_000 ? Math.min(availableParallelism(), 8) : 0))
    : 0;
  const kept: Kept[] = [];
  await eachBlock(setup, blocks, workers, async (block) => {
    for (const key of Object.keys(blockFiles) as BlockFile[]) streamed[key].append(block.parts[key]);
    kept.push(...block.kept);
    await Promise.all(files.map((f) => f.drain()));
  });

  // Open stays: the wards filled as on the demo's day, or as far as the kept patients go; never more
  // than a room's beds, each patient in one bed.
  const later = streamOf(seed, -1, 2);
  const pool = later.shuffle(kept);
  const inBed = new Set<string>();
  const openStays = Math.min(
    demoRooms.reduce((sum, room) => sum + room.occupied, 0),
    Math.floor(count / 8),
  );
  const mostBeds = Math.max(...demoRooms.map((room) => room.occupied));
  for (let bed = 0; bed < mostBeds && inBed.size < openStays; bed++) {
    for (const room of demoRooms) {
      if (bed >= room.occupied || inBed.size >= openStays) continue;
      const patient = pool.find((p) => !inBed.has(p.mrn) && fits(room, p));
      if (!patient) continue;
      const first = inBed.size === 0;
      inBed.add(patient.mrn);
      const admitted = addDays(today, -later.int(0, 9));
      const noreg = `RI${patient.mrn}${patient.pastStay ? '02' : '01'}`;
      streamed.stays.row({
        noreg,
        norekmed: patient.mrn,
        tglmasuk: dirt.date(admitted),
        ruangkd: room.code,
        jam: clock(later, 7, 23),
        // Still in: no discharge date, written as the legacy did (empty or zero).
        tglkeluar: later.chance(0.2) ? '0000-00-00' : '',
        jamkeluar: '',
      });
      stayLines(streamed.stayLines, later, noreg, room, Math.max(1, daysBetween(admitted, today)), (line) =>
        stayLineRecNo(patient.index, 1, line),
      );
      if (first) {
        // Admitted again without the first stay closed: the ward desk never allowed that.
        streamed.stays.row(
          {
            noreg: `RI${patient.mrn}03`,
            norekmed: patient.mrn,
            tglmasuk: today,
            ruangkd: room.code,
            jam: clock(later, 7, 23),
          },
          'tglkeluar',
        );
      }
    }
  }

  // The operating theatre's list from yesterday to the day after tomorrow, as in the demo.
  const operationFile = await file(
    'emr_template.csv',
    columns('sr_recno tanggaloperasi urut norm tindakan kamar status_operasi batal jam kddokter sr_deleted'),
    copyFormat,
  );
  const operated = new Set<string>();
  const patientOfEntry = new Map<string, string>();
  const orderOfDay = new Map<number, number>();
  demoOperations.forEach((entry, i) => {
    const wanted = entry.patient;
    const mrn =
      'sameAs' in wanted
        ? patientOfEntry.get(wanted.sameAs)
        : pool.find(
            (p) =>
              !operated.has(p.mrn) &&
              p.sex === wanted.sex &&
              p.age >= wanted.minAge &&
              p.age <= wanted.maxAge,
          )?.mrn;
    if (mrn === undefined) return;
    operated.add(mrn);
    if (entry.key) patientOfEntry.set(entry.key, mrn);
    const urut = (orderOfDay.get(entry.day) ?? 0) + 1;
    orderOfDay.set(entry.day, urut);
    operationFile.row({
      sr_recno: 7001 + i,
      tanggaloperasi: dirt.date(addDays(today, entry.day)),
      urut,
      norm: mrn,
      tindakan: entry.procedure,
      kamar: entry.theatre,
      status_operasi: entry.status ?? 'Menunggu',
      batal: entry.cancelled ? 'Ya' : 'Tidak',
      jam: entry.plannedStart,
      kddokter: legacyDoctor(entry.surgeon),
    });
  });

  // Mobile JKN bookings from two weeks back to a week ahead, each in a session of the schedules above
  // and within its quota, one per patient, clinic and day.
  const bookingFile = await file(
    'ntrol_referensi_mobilejkn_bpjs.csv',
    columns(
      'nobooking norm tanggalperiksa kodepoli kodedokter jampraktek nomorantrean angkaantrean jeniskunjungan nomorreferensi nomorkartu nohp jenispasien estimasidilayani taskid status',
    ),
    excelFormat,
  );
  const used = new Map<string, { jkn: number; nonJkn: number }>();
  const booked = new Set<string>();
  let bookingNo = 0;
  const book = (
    patient: Kept | { mrn: string; insuranceNo: null; group: 'UMUM'; phone: string },
    date: string,
    rejected?: string,
  ) => {
    const schedule = later.pick(sessionsOn[isoWeekday(date)] ?? []);
    const clinic = clinicOfDoctor.get(schedule.doctorBpjsCode) ?? '';
    const jkn = patient.insuranceNo !== null && patient.group !== 'UMUM';
    const session = `${schedule.doctorBpjsCode}/${date}/${schedule.start}`;
    const places = used.get(session) ?? { jkn: 0, nonJkn: 0 };
    const full = jkn ? places.jkn >= schedule.quotaJkn : places.nonJkn >= schedule.quotaNonJkn;
    if (full || booked.has(`${patient.mrn}/${clinic}/${date}`)) return false;
    if (jkn) places.jkn++;
    else places.nonJkn++;
    used.set(session, places);
    booked.add(`${patient.mrn}/${clinic}/${date}`);
    const seq = places.jkn + places.nonJkn;
    const start = Date.parse(`${date}T${schedule.start}:00+07:00`);
    const cancelled = later.chance(0.08);
    const past = date < today;
    const visitType = jkn ? later.weighted({ '1': 60, '3': 35, '4': 5 }) : undefined;
    const [year, month] = date.split('-') as [string, string];
    bookingFile.row(
      {
        nobooking: `${date.replaceAll('-', '')}${clinic}${pad(++bookingNo, 4)}`,
        norm: patient.mrn,
        tanggalperiksa: date,
        kodepoli: clinic,
        kodedokter: schedule.doctorBpjsCode,
        jampraktek: `${schedule.start}-${schedule.end}`,
        nomorantrean: `${clinic}-${pad(seq, 3)}`,
        angkaantrean: seq,
        jeniskunjungan: visitType,
        nomorreferensi: visitType
          ? `0301${visitType === '3' ? 'K' : 'R'}001${month}${year.slice(2)}B${later.digits(6)}`
          : null,
        nomorkartu: jkn ? patient.insuranceNo : null,
        nohp: dirt.phone(patient.phone),
        jenispasien: jkn ? 'JKN' : 'NON JKN',
        estimasidilayani: start + (seq - 1) * schedule.minutesPerPatient * 60_000,
        taskid: cancelled ? 99 : past ? 7 : '',
        status: cancelled ? 'Batal' : past ? 'Selesai dilayani' : 'Belum dilayani',
      },
      rejected,
    );
    return true;
  };
  const bookings = Math.min(1_500, Math.max(8, Math.floor(count / 4)));
  for (let attempt = 0, made = 0; pool.length > 0 && made < bookings && attempt < bookings * 20; attempt++) {
    const date = addDays(today, later.int(-14, 7));
    if ((sessionsOn[isoWeekday(date)] ?? []).length > 0 && book(later.pick(pool), date)) made++;
  }
  if (count > rejectAt.visitOfMissingPatient) {
    // The patient whose record was lost had booked for the next working day as well.
    let date = addDays(today, 1);
    while ((sessionsOn[isoWeekday(date)] ?? []).length === 0) date = addDays(date, 1);
    const lost = {
      mrn: lostMrn(count, rejectAt.visitOfMissingPatient),
      insuranceNo: null,
      group: 'UMUM',
      phone: '081355512345',
    } as const;
    while (!book(lost, date, 'norm')) date = addDays(date, 7);
  }

  const expected: ExpectedImport = { sample: { patients: count, seed, today }, files: {} };
  for (const written of files) expected.files[written.name] = await written.close();
  await writeFile(path.join(folder, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
  return expected;
}

// A worker thread of `eachBlock`: draws the blocks it is asked for.
const job = workerData as { legacySample?: Setup } | null;
if (!isMainThread && job?.legacySample && parentPort) {
  const setup = job.legacySample;
  const port = parentPort;
  port.on('message', (block: number) => port.postMessage({ block, drawn: drawBlock(setup, block) }));
}
