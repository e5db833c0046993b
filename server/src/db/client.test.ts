import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { type DatabaseHandle, DatabaseInUseError, openDatabase } from './client.js';
import { DatabaseTooNewError, newestMigration } from './migration-status.js';
import { clinics, patients } from './schema/index.js';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

describe('database (both drivers)', () => {
  it('has pg_trgm for text search', async () => {
    // Both drivers answer with `rows`; the shared Drizzle type cannot know which one runs.
    const { rows } = (await h.db.execute(sql`select 'PELAMONIA' % 'PELAMONA' as similar`)) as {
      rows: { similar: boolean }[];
    };
    expect(rows[0]?.similar).toBe(true);
  });

  it('applies the migrations again without error (start after start)', async () => {
    await expect(h.migrate()).resolves.toBeUndefined();
  });

  it('refuses a database that a newer release migrated, saying what to do', async () => {
    // What a newer release's start leaves: its newest migration recorded after this build's newest.
    const later = newestMigration().when + 86_400_000;
    await h.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer-release', ${later})`,
    );
    try {
      const refused = await h.migrate().catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(DatabaseTooNewError);
      expect((refused as Error).message).toMatch(
        /^Basis data ini sudah dimutakhirkan oleh versi portal yang lebih baru .*Jalankan versi yang lebih baru, atau pulihkan cadangan/,
      );
      expect((refused as Error).message).toContain(newestMigration().tag);
    } finally {
      await h.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'newer-release'`);
    }
    await expect(h.migrate()).resolves.toBeUndefined();
  });

  it('keeps dates as the same YYYY-MM-DD strings whatever the time zone', async () => {
    const [clinic] = await h.db
      .insert(clinics)
      .values({ code: 'TST', name: 'Poli Uji', queuePrefix: 'TST' })
      .returning();
    expect(clinic?.id).toBeGreaterThan(0);
    await h.db
      .insert(patients)
      .values({ mrn: '999001', name: 'Siti Aminah', sex: 'P', birthDate: '1990-01-01' });
    const [row] = await h.db.select({ birthDate: patients.birthDate }).from(patients);
    expect(row?.birthDate).toBe('1990-01-01');
  });

  it('refuses a duplicate medical record number', async () => {
    await expect(
      h.db.insert(patients).values({ mrn: '999001', name: 'Orang Lain', sex: 'L', birthDate: '1980-05-05' }),
    ).rejects.toThrow();
  });
});

describe('embedded database folder', () => {
  it('cannot be opened by a second process while one holds it, and is free again after close', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-db-')), 'pglite');
    try {
      // The parent process stands in for a server that is still running.
      writeFileSync(`${dir}.lock`, String(process.ppid));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseInUseError);
      // A lock left by a process that no longer exists is taken over.
      writeFileSync(`${dir}.lock`, '999999999');
      const first = await openDatabase({ dataDir: dir });
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
