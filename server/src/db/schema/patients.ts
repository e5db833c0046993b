import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  boolean,
  date,
  index,
  uniqueIndex,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

// Legacy `master_pasien`. Dates stay strings end to end (see STYLE.md pitfalls).
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    // Medical record number (legacy `kode`).
    mrn: text('mrn').notNull().unique(),
    // KTP number (16 digits); older records may lack it. Unique over the records that are not provisional
    // (the index below): a NIK typed on the public form proves nothing, so it claims no one's identity.
    nik: text('nik'),
    // Made by a public new-patient booking and not yet checked against the KTP at the counter: it holds no
    // NIK, proves no identity (the existing-patient path and the searches skip it) and is retired when its
    // booking is cancelled. The desk's check-in or admission of its booking confirms it (clears the flag).
    provisional: boolean('provisional').notNull().default(false),
    name: text('name').notNull(),
    sex: text('sex', { enum: ['L', 'P'] }).notNull(),
    // Null only for an imported patient whose legacy birth date could not be read (see `importIssues`).
    birthDate: date('birth_date', { mode: 'string' }),
    birthPlace: text('birth_place'),
    address: text('address'),
    // Legacy `alamat2` (domicile when it differs from the KTP address), `alamat3`, `alamat4`.
    addressDomicile: text('address_domicile'),
    address3: text('address3'),
    address4: text('address4'),
    // Where the patient lives: province, regency (dati II), district (kecamatan), village (kelurahan), RW
    // and RT. Mobile JKN's new-patient form sends BPJS's region codes with the names; the counter types
    // names, and a name changed there drops its code. Portal-only, as the mother's name below.
    provinceCode: text('province_code'),
    provinceName: text('province_name'),
    regencyCode: text('regency_code'),
    regencyName: text('regency_name'),
    districtCode: text('district_code'),
    districtName: text('district_name'),
    villageCode: text('village_code'),
    villageName: text('village_name'),
    rw: text('rw'),
    rt: text('rt'),
    // Family card number (Kartu Keluarga).
    familyCardNo: text('family_card_no'),
    phone: text('phone'),
    // Civil-servant / military staff number.
    nip: text('nip'),
    // Insurance card number (legacy `noaskes`), e.g. the BPJS card.
    insuranceNo: text('insurance_no'),
    // Legacy `golpaskt`, `satuankt`, `pangkt`, `perushkt`: kept as the legacy texts, beside the codes
    // (`golpaskd`, `satuankd`, `pangkd`, `perushkd`) of the reference lists (`reference_codes`).
    patientGroup: text('patient_group'),
    unit: text('unit'),
    rank: text('rank'),
    company: text('company'),
    patientGroupCode: text('patient_group_code'),
    unitCode: text('unit_code'),
    rankCode: text('rank_code'),
    companyCode: text('company_code'),
    // Legacy `an_asura`: the insured member the insurance card belongs to (a soldier for their family).
    insuredName: text('insured_name'),
    religion: text('religion'),
    maritalStatus: text('marital_status'),
    // Legacy `hubkel` (relation to the insured member), `suami`, `istri`, `suku`, `didik`.
    familyRelation: text('family_relation'),
    husbandName: text('husband_name'),
    wifeName: text('wife_name'),
    ethnicity: text('ethnicity'),
    education: text('education'),
    // Portal-only fields (the legacy record has no column for them: an import or the SIMRS link's mirror
    // never writes them). The counter asks a new patient for the mother's maiden name, as SIMRS do.
    motherName: text('mother_name'),
    occupation: text('occupation'),
    familyContactName: text('family_contact_name'),
    familyContactPhone: text('family_contact_phone'),
    notes: text('notes'),
    // Legacy `tgl`: the day the record was opened; `lama`: an undocumented legacy mark, kept verbatim.
    registeredOn: date('registered_on', { mode: 'string' }),
    legacyLama: text('legacy_lama'),
    // What the legacy import could not read and left empty (column, reason, the legacy value), for the
    // records clerk to complete; cleared when the patient is saved in the portal.
    importIssues: jsonb('import_issues').$type<{ column: string; reason: string; value: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Set (with deletedAt) when an admin merged this record into another record of the same person.
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => patients.id),
  },
  (t) => [
    uniqueIndex('patients_nik_unique')
      .on(t.nik)
      .where(sql`not ${t.provisional}`),
    // A public new-patient form finds its own provisional record again by NIK (`identifyPatient`).
    index('patients_provisional_nik')
      .on(t.nik)
      .where(sql`${t.provisional}`),
    index('patients_name_trgm').using('gin', sql`upper(${t.name}) gin_trgm_ops`),
    // Partial, case-insensitive search on every identifying number (legacy: upper(...) like '%…%').
    index('patients_nik_trgm').using('gin', sql`upper(${t.nik}) gin_trgm_ops`),
    index('patients_nip_trgm').using('gin', sql`upper(${t.nip}) gin_trgm_ops`),
    index('patients_phone_trgm').using('gin', sql`upper(${t.phone}) gin_trgm_ops`),
    index('patients_insurance_no_trgm').using('gin', sql`upper(${t.insuranceNo}) gin_trgm_ops`),
    // Patient search (modules/patients/service.ts), one per criterion over the records on record: the
    // value upper-cased in byte order, then name and id (the order shown). Values starting with a term
    // are a range of it, so a page of a common term stops after its rows. It also holds the value and
    // the name (keys after the unique id, so they never change the order; Drizzle has no INCLUDE), so
    // the values merely containing a term are picked from it alone in an index-only scan: a term common
    // inside names ("RAHAYU" ends thousands) passes a few hundred index pages, not a table row per name.
    // The trigram indexes above find the values containing a rare term.
    index('patients_name_sort')
      .on(sql`(upper(${t.name}) collate "C")`, t.id, t.name)
      .where(searchable(t)),
    numberSearchIndex('patients_nik_sort', t.nik, t),
    numberSearchIndex('patients_nip_sort', t.nip, t),
    numberSearchIndex('patients_phone_sort', t.phone, t),
    numberSearchIndex('patients_insurance_no_sort', t.insuranceNo, t),
    // A birth date's patients in name order.
    index('patients_birth_date_name').on(t.birthDate, sql`(upper(${t.name}) collate "C")`, t.id),
    // The highest numeric medical record number in one index step (`syncMrnSequence`, after every import
    // file of patients and every change round of the SIMRS link), not a pass over a million rows.
    index('patients_mrn_number')
      .on(sql`(${t.mrn}::bigint)`)
      .where(numericMrn(t.mrn)),
  ],
);

/** A medical record number of digits only, as the number sequence counts them (and its index holds). */
export function numericMrn(mrn: AnyPgColumn) {
  return sql`${mrn} ~ '^[0-9]{1,18}$'`;
}

/**
 * The records the patient search looks through (the service's `onRecord`): not deleted, not provisional.
 * Its indexes hold those alone, so that the condition needs no visit to the table's rows.
 */
function searchable(t: { deletedAt: AnyPgColumn; provisional: AnyPgColumn }) {
  return sql`${t.deletedAt} is null and not ${t.provisional}`;
}

/** The patient search's index of a number column (see `patients_name_sort`), over records that have one. */
function numberSearchIndex(
  name: string,
  column: AnyPgColumn,
  t: { name: AnyPgColumn; id: AnyPgColumn; deletedAt: AnyPgColumn; provisional: AnyPgColumn },
) {
  return index(name)
    .on(sql`(upper(${column}) collate "C")`, sql`(upper(${t.name}) collate "C")`, t.id, column, t.name)
    .where(sql`${searchable(t)} and ${column} is not null`);
}

export const referenceKinds = ['patient_group', 'unit', 'rank', 'company'] as const;

// The legacy code lists of patient groups (`golpas`), military units (`satuan`), ranks (`pangkat`) and
// companies (`perusahaan`): the codes patients carry, with the names staff read.
export const referenceCodes = pgTable(
  'reference_codes',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    kind: text('kind', { enum: referenceKinds }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    unique('reference_codes_kind_code').on(t.kind, t.code),
    check('reference_codes_kind', sql`${t.kind} in ('patient_group', 'unit', 'rank', 'company')`),
  ],
);
