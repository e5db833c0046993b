import type { patients, referenceCodes } from '../schema/index.js';
import { addDays } from '../../lib/dates.js';
import {
  adultEducation,
  armyRanks,
  armyUnits,
  birthPlaces,
  civilServantRanks,
  companies,
  districts,
  ethnicities,
  firstNames,
  lastNames,
  type PatientGroup,
  patientGroupCodes,
  patientGroups,
  phonePrefixes,
  religions,
  streets,
} from './demo-data/people.js';
import { createRandom, type Random } from './random.js';

/**
 * Ages are counted at this fixed date, not at the run date, so the patient rows are the same on
 * every day the seed runs (their visits and stays are placed relative to the run date instead).
 */
export const patientAnchorDate = '2025-07-01';

export type DemoPatient = typeof patients.$inferInsert & {
  mrn: string;
  sex: 'L' | 'P';
  birthDate: string;
  patientGroup: PatientGroup;
  /** Age in whole years at the anchor date. */
  age: number;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function ageFor(rng: Random, group: PatientGroup): number {
  switch (group) {
    case 'TNI AD':
      return rng.int(19, 57);
    case 'PNS TNI AD':
      return rng.int(22, 57);
    case 'Purnawirawan':
      return rng.int(58, 90);
    case 'Keluarga TNI AD':
      return rng.chance(0.45) ? rng.int(0, 17) : rng.int(18, 80);
    default: {
      const band = rng.weighted({ child: 15, adult: 60, elder: 25 });
      return band === 'child' ? rng.int(0, 14) : band === 'adult' ? rng.int(15, 64) : rng.int(65, 90);
    }
  }
}

function sexFor(rng: Random, group: PatientGroup, age: number): 'L' | 'P' {
  const maleShare =
    group === 'TNI AD' || group === 'Purnawirawan'
      ? 0.9
      : group === 'Keluarga TNI AD' && age >= 18
        ? 0.15
        : 0.47;
  return rng.chance(maleShare) ? 'L' : 'P';
}

function personName(rng: Random, sex: 'L' | 'P'): string {
  const first = rng.pick(firstNames[sex]);
  const middle = rng.pick(firstNames[sex]);
  const last = rng.pick(lastNames[sex]);
  return rng.chance(0.3) && middle !== first ? `${first} ${middle} ${last}` : `${first} ${last}`;
}

function phone(rng: Random): string {
  return `${rng.pick(phonePrefixes)}${rng.digits(8)}`;
}

function maritalStatus(rng: Random, age: number): string {
  if (age < 18) return 'Belum Kawin';
  if (age < 25) return rng.chance(0.7) ? 'Belum Kawin' : 'Kawin';
  if (age < 60) return rng.weighted({ Kawin: 85, 'Belum Kawin': 8, 'Cerai Hidup': 5, 'Cerai Mati': 2 });
  return rng.weighted({ Kawin: 65, 'Cerai Mati': 30, 'Cerai Hidup': 5 });
}

/** Years of service decide how far up the ladder a soldier has come; about one in seven is an officer. */
function armyRank(rng: Random, age: number): string {
  const firstOfficerRank = armyRanks.indexOf('Letnan Dua');
  const index = rng.chance(0.15)
    ? firstOfficerRank + Math.min(5, Math.max(0, Math.floor((age - 22) / 6)))
    : Math.min(firstOfficerRank - 1, Math.floor((age - 19) / 3));
  return armyRanks[index] ?? 'Prajurit Dua';
}

/** NRP: officers 11 digits, enlisted 8, both carrying the two-digit year of enlistment. */
function armyNumber(rng: Random, rank: string, birthYear: number): string {
  const officer = armyRanks.indexOf(rank as (typeof armyRanks)[number]) >= armyRanks.indexOf('Letnan Dua');
  const enlisted = pad((birthYear + (officer ? 22 : 19)) % 100, 2);
  return officer ? `11${enlisted}${rng.digits(7)}` : `3${enlisted}${rng.digits(5)}`;
}

/** NIP: birth date, appointment month, sex (1 man, 2 woman) and a serial, 18 digits. */
function civilServantNumber(rng: Random, birthDate: string, sex: 'L' | 'P'): string {
  const birthYear = Number(birthDate.slice(0, 4));
  const appointed = `${birthYear + rng.int(22, 28)}${pad(rng.int(1, 12), 2)}`;
  return `${birthDate.replaceAll('-', '')}${appointed}${sex === 'L' ? 1 : 2}${rng.digits(3)}`;
}

/**
 * NIK: kecamatan code, birth day (plus 40 for women), month, two-digit year, and a serial that
 * keeps two people born on the same day in the same kecamatan apart. The serial starts at random
 * below `serialMax`.
 */
function nik(
  rng: Random,
  districtCode: string,
  birthDate: string,
  sex: 'L' | 'P',
  taken: Set<string>,
  serialMax: number,
): string {
  const [year, month, day] = birthDate.split('-') as [string, string, string];
  const prefix = `${districtCode}${pad(Number(day) + (sex === 'P' ? 40 : 0), 2)}${month}${year.slice(2)}`;
  let serial = rng.int(1, serialMax);
  while (taken.has(`${prefix}${pad(serial, 4)}`)) serial = (serial % 9999) + 1;
  const value = `${prefix}${pad(serial, 4)}`;
  taken.add(value);
  return value;
}

/** The same NIK with another serial: for a number that turned out to be taken already. */
export function renumberNik(rng: Random, value: string): string {
  return `${value.slice(0, 12)}${pad(rng.int(1, 9999), 4)}`;
}

function unique(taken: Set<string>, make: () => string): string {
  let value = make();
  while (taken.has(value)) value = make();
  taken.add(value);
  return value;
}

/** How one patient is drawn: the numbers already given out, and how NIK serials and cards are made. */
export interface PatientDraw {
  niks: Set<string>;
  /** Highest random NIK serial (the demo's 300 patients use few; a million need the full range). */
  nikSerialMax: number;
  insuranceNo: (rng: Random, mrn: string) => string;
}

/**
 * One patient with medical record number `mrn`. `rng` draws everything the first demo set had;
 * `extras` draws the fields added later, so that the demo patients stay the same people.
 */
export function drawPatient(rng: Random, extras: Random, mrn: string, draw: PatientDraw): DemoPatient {
  const group = rng.weighted(patientGroups);
  const age = ageFor(rng, group);
  const sex = sexFor(rng, group, age);
  const birthDate = addDays(patientAnchorDate, -(Math.floor(age * 365.25) + rng.int(0, 364)));
  const district = rng.pick(districts);
  const address =
    `${rng.pick(streets)} No. ${rng.int(1, 250)}, RT ${pad(rng.int(1, 8), 3)}/RW ${pad(rng.int(1, 12), 3)}, ` +
    `Kel. ${rng.pick(district.villages)}, Kec. ${district.name}, Makassar`;
  const marital = maritalStatus(rng, age);
  const military = group !== 'UMUM' && group !== 'BPJS';

  let rank: string | null = null;
  let nip: string | null = null;
  if (group === 'TNI AD' || group === 'Purnawirawan') {
    rank = group === 'TNI AD' ? armyRank(rng, age) : rng.pick(armyRanks.slice(6));
    nip = armyNumber(rng, rank, Number(birthDate.slice(0, 4)));
  } else if (group === 'PNS TNI AD') {
    rank = civilServantRanks[Math.min(civilServantRanks.length - 1, Math.floor((age - 22) / 5))] ?? null;
    nip = civilServantNumber(rng, birthDate, sex);
  }

  // A child's contact is a parent; a married adult's is the spouse.
  const contactSex = age < 18 ? rng.pick(['L', 'P'] as const) : sex === 'L' ? 'P' : 'L';
  const hasContact = age < 18 || (marital === 'Kawin' && rng.chance(0.8)) || rng.chance(0.3);

  const patient: DemoPatient = {
    mrn,
    nik: nik(rng, district.code, birthDate, sex, draw.niks, draw.nikSerialMax),
    name: personName(rng, sex),
    sex,
    birthDate,
    birthPlace: rng.chance(0.55) ? 'Makassar' : rng.pick(birthPlaces),
    address,
    phone: rng.chance(0.93) ? phone(rng) : null,
    nip,
    insuranceNo: group === 'UMUM' ? null : draw.insuranceNo(rng, mrn),
    patientGroup: group,
    unit: military && group !== 'Purnawirawan' ? rng.pick(armyUnits) : null,
    rank,
    company: group === 'UMUM' && rng.chance(0.15) ? rng.pick(companies) : null,
    religion: rng.weighted(religions),
    maritalStatus: marital,
    familyContactName: hasContact ? personName(rng, contactSex) : null,
    familyContactPhone: hasContact ? phone(rng) : null,
    notes: rng.chance(0.05) ? rng.pick(['Alergi amoksisilin', 'Alergi sulfa', 'Alergi seafood']) : null,
    age,
  };
  return { ...patient, ...laterFields(extras, patient), ...legacyCodes(patient) };
}

/**
 * Legacy fields the first demo set left empty: relation to the insured, husband or wife, the insured
 * member, ethnicity, schooling, domicile.
 */
function laterFields(rng: Random, p: DemoPatient) {
  const married = p.maritalStatus === 'Kawin';
  // A married adult's family contact is the spouse (see drawPatient).
  const spouseName = married ? (p.familyContactName ?? personName(rng, p.sex === 'L' ? 'P' : 'L')) : null;
  const husbandName = p.sex === 'P' ? spouseName : null;
  const wifeName = p.sex === 'L' ? spouseName : null;
  let familyRelation: string | null = null;
  // The card of a soldier's family is the soldier's: a wife's is her husband's, a child's a parent's.
  let insuredName: string | null = null;
  if (p.patientGroup === 'Keluarga TNI AD') {
    familyRelation = p.age < 18 ? 'Anak' : p.sex === 'P' ? 'Istri' : 'Suami';
    insuredName = p.age < 18 ? (p.familyContactName ?? null) : (husbandName ?? wifeName);
  } else if (p.patientGroup !== 'UMUM') {
    familyRelation = 'Peserta';
    insuredName = p.name;
  }
  const education =
    p.age < 7
      ? 'Belum Sekolah'
      : p.age < 13
        ? 'SD'
        : p.age < 16
          ? 'SMP'
          : p.age < 19
            ? 'SMA'
            : rng.weighted(adultEducation);
  let addressDomicile: string | null = null;
  if (p.patientGroup === 'TNI AD' && rng.chance(0.35)) {
    addressDomicile = `Asrama ${rng.pick(armyUnits)} Blok ${rng.pick(['A', 'B', 'C', 'D'])} No. ${rng.int(1, 40)}, Makassar`;
  } else if (rng.chance(0.1)) {
    addressDomicile = `${rng.pick(streets)} No. ${rng.int(1, 250)}, Makassar`;
  }
  return {
    familyRelation,
    husbandName,
    wifeName,
    insuredName,
    ethnicity: rng.weighted(ethnicities),
    education,
    addressDomicile,
  };
}

/** "SAT03": a name's code in a legacy list, by its place in the demo's list. */
function codeIn(prefix: string, list: readonly string[], name: string | null | undefined): string | null {
  const index = name ? list.indexOf(name) : -1;
  return index === -1 ? null : `${prefix}${pad(index + 1, 2)}`;
}

/** The codes the legacy record keeps beside the group, unit, rank and company texts. */
function legacyCodes(p: DemoPatient) {
  return {
    patientGroupCode: patientGroupCodes[p.patientGroup],
    unitCode: codeIn('SAT', armyUnits, p.unit),
    rankCode: codeIn('PKT', armyRanks, p.rank) ?? codeIn('GOL', civilServantRanks, p.rank),
    companyCode: codeIn('PRS', companies, p.company),
  };
}

/** The legacy code lists the demo patients' codes come from (see legacyCodes): the patient form offers them. */
export function demoReferenceCodes(): Omit<typeof referenceCodes.$inferInsert, 'id'>[] {
  const list = (kind: 'unit' | 'rank' | 'company', prefix: string, names: readonly string[]) =>
    names.map((name, i) => ({ kind, code: `${prefix}${pad(i + 1, 2)}`, name }));
  return [
    ...Object.entries(patientGroupCodes).map(([name, code]) => ({
      kind: 'patient_group' as const,
      code,
      name,
    })),
    ...list('unit', 'SAT', armyUnits),
    ...list('rank', 'PKT', armyRanks),
    ...list('rank', 'GOL', civilServantRanks),
    ...list('company', 'PRS', companies),
  ];
}

export function generatePatients(count: number): DemoPatient[] {
  const rng = createRandom(20250701);
  const extras = createRandom(19450817);
  const cards = new Set<string>();
  const draw: PatientDraw = {
    niks: new Set<string>(),
    nikSerialMax: 30,
    insuranceNo: (r) => unique(cards, () => `000${r.digits(10)}`),
  };
  return Array.from({ length: count }, (_, i) => drawPatient(rng, extras, pad(i + 1, 6), draw));
}
