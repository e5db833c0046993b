import { sql } from 'drizzle-orm';
import { date, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Legacy `master_pasien`. Dates stay strings end to end (see STYLE.md pitfalls).
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    // Medical record number (legacy `kode`).
    mrn: text('mrn').notNull().unique(),
    // KTP number (16 digits); older records may lack it.
    nik: text('nik').unique(),
    name: text('name').notNull(),
    sex: text('sex', { enum: ['L', 'P'] }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    birthPlace: text('birth_place'),
    address: text('address'),
    // Legacy second address line (domicile when it differs from the KTP address).
    addressDomicile: text('address_domicile'),
    // Where the patient lives in BPJS's region codes (Mobile JKN's new-patient form): province,
    // regency (dati II), district (kecamatan), village (kelurahan), RW and RT.
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
    // Legacy `golpaskt`, `satuankt`, `pangkt`, `perushkt`: kept as the legacy texts.
    patientGroup: text('patient_group'),
    unit: text('unit'),
    rank: text('rank'),
    company: text('company'),
    religion: text('religion'),
    maritalStatus: text('marital_status'),
    // Legacy `hubkel` (relation to the insured member), `suami_istri`, `suku`, `pendidikan`.
    familyRelation: text('family_relation'),
    spouseName: text('spouse_name'),
    ethnicity: text('ethnicity'),
    education: text('education'),
    familyContactName: text('family_contact_name'),
    familyContactPhone: text('family_contact_phone'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('patients_name_trgm').using('gin', sql`upper(${t.name}) gin_trgm_ops`),
    // Partial, case-insensitive search on every identifying number (legacy: upper(...) like '%…%').
    index('patients_nik_trgm').using('gin', sql`upper(${t.nik}) gin_trgm_ops`),
    index('patients_nip_trgm').using('gin', sql`upper(${t.nip}) gin_trgm_ops`),
    index('patients_phone_trgm').using('gin', sql`upper(${t.phone}) gin_trgm_ops`),
    index('patients_insurance_no_trgm').using('gin', sql`upper(${t.insuranceNo}) gin_trgm_ops`),
    index('patients_birth_date').on(t.birthDate),
  ],
);
