import { count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifyPatient, searchPatients } from '../../modules/patients/service.js';
import { createTestDatabase } from '../../test/db.js';
import { createPatient, createRoom, createSchedule } from '../../test/factories.js';
import type { Database, DatabaseHandle } from '../client.js';
import { admissions, outpatientVisits, patients } from '../schema/index.js';
import { MAX_BULK_PATIENTS, seedPatients } from './bulk.js';

let database: DatabaseHandle;
let db: Database;
let clinicId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ({ clinicId } = await createSchedule(db));
  await createRoom(db, { capacity: 4 });
  await createPatient(db);
  await db.insert(patients).values({
    mrn: '004200',
    name: 'Pasien Impor',
    sex: 'P',
    birthDate: '1970-01-01',
    nik: '7371014101700001',
  });
});
afterAll(() => database.close());

describe('generated patients for benchmarks (database-backed)', () => {
  it('adds the patients with their visits in batches, numbered after the highest medical record number', async () => {
    const progress: number[] = [];
    const result = await seedPatients(db, {
      count: 130,
      batchSize: 50,
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([50, 100, 130]);
    expect(result.patients).toBe(130);

    const added = await db
      .select()
      .from(patients)
      .where(sql`${patients.mrn} > '004200' and ${patients.mrn} ~ '^[0-9]+$'`)
      .orderBy(patients.mrn);
    expect(added.map((p) => p.mrn)).toEqual(
      Array.from({ length: 130 }, (_, i) => String(4201 + i).padStart(6, '0')),
    );
    for (const p of added) {
      expect(p.nik).toMatch(/^7371\d{12}$/);
      expect(p.name.split(' ').length).toBeGreaterThanOrEqual(2);
      expect(p.address).toContain('Makassar');
      expect(p.ethnicity).toBeTruthy();
      expect(p.education).toBeTruthy();
    }
    expect(new Set(added.map((p) => p.nik)).size).toBe(130);
    const cards = added.flatMap((p) => (p.insuranceNo ? [p.insuranceNo] : []));
    expect(new Set(cards).size).toBe(cards.length);

    const ids = added.map((p) => p.id);
    const visits = await db.select().from(outpatientVisits).where(inArray(outpatientVisits.patientId, ids));
    expect(visits).toHaveLength(result.visits);
    expect(visits.length).toBeGreaterThanOrEqual(2 * 130);
    expect(visits.length).toBeLessThanOrEqual(3 * 130);
    expect(new Set(visits.map((v) => v.clinicId))).toEqual(new Set([clinicId]));
    const [stays] = await db
      .select({ n: count() })
      .from(admissions)
      .where(isNotNull(admissions.dischargedAt));
    expect(stays?.n).toBe(result.admissions);
    const [current] = await db
      .select({ n: count() })
      .from(admissions)
      .where(sql`${admissions.dischargedAt} is null`);
    expect(current?.n).toBe(0);

    // A patient registering online afterwards gets the next number.
    const next = await db.transaction((tx) =>
      identifyPatient(
        tx,
        {
          newPatient: {
            nik: '7371010101010001',
            name: 'Pasien Baru',
            birthDate: '2001-01-01',
            sex: 'L',
            address: 'Makassar',
          },
        },
        '081234567890',
      ),
    );
    expect(next.mrn).toBe('004331');
  });

  it('adds more on a second run without touching the first, and the search finds them', async () => {
    const before = await db.select({ n: count() }).from(patients);
    const result = await seedPatients(db, { count: 7 });
    expect(result.patients).toBe(7);
    const after = await db.select({ n: count() }).from(patients);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(7);

    const [last] = await db.select().from(patients).where(eq(patients.mrn, '004338'));
    if (!last?.nik) throw new Error('the last generated patient is missing');
    const found = await searchPatients(db, { nik: last.nik.slice(4, 14) });
    expect(found.rows.map((p) => p.mrn)).toContain('004338');
  });

  it('needs a clinic for the visits, and a count within bounds', async () => {
    const empty = await createTestDatabase();
    try {
      await expect(seedPatients(empty.db, { count: 5 })).rejects.toThrow('Belum ada poli');
      const [none] = await empty.db.select({ n: count() }).from(patients);
      expect(none?.n).toBe(0);
    } finally {
      await empty.close();
    }
    await expect(seedPatients(db, { count: 0 })).rejects.toThrow(RangeError);
    await expect(seedPatients(db, { count: MAX_BULK_PATIENTS + 1 })).rejects.toThrow(RangeError);
  });
});
