import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { getBeds } from '../../modules/ward/beds.js';
import type { DatabaseHandle } from '../client.js';
import {
  admissions,
  doctors,
  operations,
  outpatientVisits,
  patients,
  registrations,
  rooms,
  staff,
  visitItems,
} from '../schema/index.js';
import { openLegacyCsv } from './csv.js';
import { type ImportReport, importLegacy } from './import.js';
import { type ExpectedImport, writeLegacySample } from './sample.js';
import { legacyTables } from './tables/index.js';

// The committed sample (server/src/db/legacy/sample/) is the generator's output for the options in its
// expected.json. When a change to the generator makes it differ, regenerate it:
//   npm run build && npm run cli -- legacy sample server/src/db/legacy/sample --patients 60 --seed 1 --today 2026-11-25
const sampleFolder = fileURLToPath(new URL('./sample/', import.meta.url));
const expected = JSON.parse(
  readFileSync(path.join(sampleFolder, 'expected.json'), 'utf-8'),
) as ExpectedImport;
const generated = (name: string) => name.endsWith('.csv') || name === 'expected.json';

/** The rows of a sample file by lower-cased column, with their line, as the importer reads them. */
async function rowsOf(file: string) {
  const csv = await openLegacyCsv(path.join(sampleFolder, file));
  const rows: { line: number; fields: Record<string, string> }[] = [];
  for await (const { line, fields } of csv.records()) rows.push({ line, fields });
  return rows;
}

/** A legacy flag as the importer reads `sr_deleted`: any mark but 0, N, F and the like. */
const marked = (value: string | undefined) =>
  !['', '0', 'N', 'F'].includes((value ?? '').trim().toUpperCase());

const runImport = (handle: DatabaseHandle, apply: boolean) =>
  importLegacy(handle.db, { folder: sampleFolder, apply, tables: legacyTables, keepRejections: 10_000 });

/** The report's rejections as expected.json lists them: line and column, in file order. */
const rejectionsOf = (table: ImportReport['tables'][number]) =>
  table.rejections.map(({ line, column }) => ({ line, column })).sort((a, b) => a.line - b.line);

function tableOf(report: ImportReport, file: string) {
  const table = report.tables.find((t) => t.file === file);
  if (!table) throw new Error(`no report for ${file}`);
  return table;
}

describe('legacy sample', () => {
  it('the committed sample is what the generator writes, byte for byte', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'legacy-sample-'));
    try {
      await writeLegacySample({ folder, ...expected.sample });
      const names = (await readdir(folder)).sort();
      expect((await readdir(sampleFolder)).filter(generated).sort()).toEqual(names);
      for (const name of names) {
        const [made, committed] = await Promise.all([
          readFile(path.join(folder, name)),
          readFile(path.join(sampleFolder, name)),
        ]);
        expect(made.equals(committed), `${name} differs from the generator's: regenerate the sample`).toBe(
          true,
        );
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('has every file of the table in docs/legacy-import.md, in its several export formats', async () => {
    const names = Object.keys(expected.files);
    for (const table of legacyTables) {
      const file = table.file;
      expect(
        names.some((name) => (typeof file === 'string' ? name === file : file.test(name))),
        String(file),
      ).toBe(true);
    }
    const formats = await Promise.all(names.map((name) => openLegacyCsv(path.join(sampleFolder, name))));
    expect(new Set(formats.map((csv) => csv.separator))).toEqual(new Set([',', ';']));
    expect(new Set(formats.map((csv) => csv.encoding))).toEqual(new Set(['utf-8', 'windows-1252']));
    const raw = await readFile(path.join(sampleFolder, 'bil_rj_xbjalan.csv'), 'latin1');
    expect(raw).toContain('\r\n');
  });
});

describe('legacy sample import (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const counted = async () => {
    const tables = { patients, outpatientVisits, admissions, rooms, staff, registrations, visitItems };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await handle.db.select({ n: count() }).from(table);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  };

  it(
    'a dry run reads every file as expected.json says and writes nothing',
    { timeout: 180_000 },
    async () => {
      const before = await counted();
      const report = await runImport(handle, false);
      for (const [file, want] of Object.entries(expected.files)) {
        const table = tableOf(report, file);
        expect(table, file).toMatchObject({ status: 'checked', read: want.read, rejected: want.rejected });
        expect(rejectionsOf(table), file).toEqual(want.rejections);
      }
      expect(await counted()).toEqual(before);
      expect(before.patients).toBe(0);
    },
  );

  it('imports every file as expected.json says', { timeout: 180_000 }, async () => {
    const report = await runImport(handle, true);
    expect(report.tables.map((t) => t.file).sort()).toEqual(Object.keys(expected.files).sort());
    for (const [file, want] of Object.entries(expected.files)) {
      const table = tableOf(report, file);
      expect(table, file).toMatchObject({
        status: 'imported',
        read: want.read,
        rejected: want.rejected,
        inserted: want.inserted,
        updated: want.updated,
        unchanged: 0,
      });
      // On a fresh database every row that is not rejected is new, or completes a row of an earlier file.
      expect(table.inserted + table.updated, file).toBe(want.read - want.rejected);
      expect(rejectionsOf(table), file).toEqual(want.rejections);
    }
  });

  it("keeps a patient's legacy fields", async () => {
    const rows = await rowsOf('master_pasien.csv');
    const rejected = new Set(expected.files['master_pasien.csv']?.rejections.map((r) => r.line));
    // A soldier's wife: the husband, the insured member and the unit are all filled in.
    const wife = rows.find(
      ({ line, fields: f }) =>
        !rejected.has(line) &&
        f.suami &&
        f.an_asura &&
        f.satuankd &&
        /^\d{4}-\d{2}-\d{2}$/.test(f.tglahir ?? '') &&
        /^\d{16}$/.test(f.ktp ?? ''),
    )?.fields;
    if (!wife) throw new Error('the sample has no soldier’s wife');
    const [patient] = await handle.db
      .select()
      .from(patients)
      .where(eq(patients.mrn, wife.kode ?? ''));
    const text = (value: string | undefined) => value?.trim() || null;
    expect(patient).toMatchObject({
      name: text(wife.nama),
      sex: wife.kelamin?.trim().toUpperCase(),
      birthDate: wife.tglahir,
      nik: wife.ktp,
      address: text(wife.alamat1),
      addressDomicile: text(wife.alamat2),
      address3: text(wife.alamat3),
      address4: text(wife.alamat4),
      patientGroupCode: text(wife.golpaskd)?.toUpperCase(),
      patientGroup: text(wife.golpaskt),
      unitCode: text(wife.satuankd),
      unit: text(wife.satuankt),
      husbandName: text(wife.suami),
      wifeName: null,
      insuredName: text(wife.an_asura),
      familyRelation: text(wife.hubkel),
      insuranceNo: text(wife.noaskes),
      legacyLama: text(wife.lama),
    });
  });

  it("keeps a visit's fields", async () => {
    const rows = await rowsOf('bil_rj_xbjalan.csv');
    const visit = rows.find(
      ({ fields: f }) =>
        f.icopkd2 && f.icdkt1 && f.kddokter && !marked(f.sr_deleted) && /^\d{4}-/.test(f.tglmasuk ?? ''),
    )?.fields;
    if (!visit) throw new Error('the sample has no visit with a procedure');
    const [found] = await handle.db
      .select({ visit: outpatientVisits, mrn: patients.mrn, doctor: doctors.code })
      .from(outpatientVisits)
      .innerJoin(patients, eq(patients.id, outpatientVisits.patientId))
      .leftJoin(doctors, eq(doctors.id, outpatientVisits.doctorId))
      .where(eq(outpatientVisits.registrationNo, visit.noreg ?? ''));
    expect(found?.mrn).toBe(visit.norekmed?.trim());
    expect(found?.doctor).toBe(visit.kddokter);
    expect(found?.visit).toMatchObject({
      visitDate: visit.tglmasuk,
      visitTime: `${visit.jam?.slice(0, 5)}:00`,
      diagnoses: [visit.icdkt1, visit.icdkt2, visit.icdkt3].filter(Boolean),
      procedures: [{ code: visit.icopkd2, name: visit.icopkt2 }],
      paymentStatus: visit.lunas,
      cancelled: visit.lunas === 'BATAL',
      clerkCode: visit.userkd,
      clerkName: visit.userkt,
      vaccination: Number(visit.vaksin),
      legacyRecNo: Number(visit.sr_recno),
      deletedAt: null,
    });
  });

  it('the bed board counts the open stays of the file, room by room', async () => {
    const rows = await rowsOf('bil_ri_xbinap.csv');
    const rejected = new Set(expected.files['bil_ri_xbinap.csv']?.rejections.map((r) => r.line));
    const open = new Map<string, number>();
    for (const { line, fields: f } of rows) {
      const discharged = (f.tglkeluar ?? '').trim().replace('0000-00-00', '') !== '';
      if (rejected.has(line) || discharged || marked(f.sr_deleted)) continue;
      const room = (f.ruangkd ?? '').trim().toUpperCase();
      open.set(room, (open.get(room) ?? 0) + 1);
    }
    expect(open.size).toBeGreaterThan(0);
    const board = await getBeds(handle.db);
    for (const room of board.rooms) {
      expect(room.occupied, room.code).toBe(open.get(room.code) ?? 0);
      expect(room.occupied, room.code).toBeLessThanOrEqual(room.capacity);
    }
    // The closed room came across from the Windows-1252 file with its accent, and stays off the board.
    const [closed] = await handle.db.select().from(rooms).where(eq(rooms.code, 'BGV'));
    expect(closed?.name).toContain('Bougenvillé');
    expect(closed?.deletedAt).not.toBeNull();
    expect(board.rooms.map((room) => room.code)).not.toContain('BGV');
  });

  it('the officer in both staff lists is one member with both roles and a hashed password', async () => {
    const [duty, cs] = await Promise.all([rowsOf('bhpdet_dbs.csv'), rowsOf('emr_soap_o.csv')]);
    const phones = new Set(cs.map(({ fields }) => fields.telp));
    const both = duty.find(({ fields }) => phones.has(fields.telp))?.fields;
    if (!both) throw new Error('nobody is in both staff lists');
    const [member] = await handle.db
      .select()
      .from(staff)
      .where(eq(staff.phone, both.telp ?? ''));
    expect(member?.roles.sort()).toEqual(['cs', 'piket']);
    expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(member?.passwordHash).not.toContain((both.tarifkt ?? '').trim());
    expect(await handle.db.$count(operations)).toBe(expected.files['emr_template.csv']?.inserted);
  });

  it('a second run finds every table unchanged', { timeout: 180_000 }, async () => {
    const report = await runImport(handle, true);
    for (const [file, want] of Object.entries(expected.files)) {
      expect(tableOf(report, file), file).toMatchObject({
        status: 'imported',
        read: want.read,
        rejected: want.rejected,
        inserted: 0,
        updated: 0,
        unchanged: want.read - want.rejected,
      });
    }
  });
});
