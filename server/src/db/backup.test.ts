import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient, createRoom, createStaffMember } from '../test/factories.js';
import { backupEmbedded, restoreEmbedded, tableCounts } from './backup.js';
import { openDatabase } from './client.js';
import { patients } from './schema/index.js';

// The embedded database's backup (`npm run cli -- backup <file>` and `restore <file>`).

let folder: string;
let dataDir: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  dataDir = path.join(folder, 'pglite');
  const database = await openDatabase({ dataDir });
  await database.migrate();
  for (let i = 0; i < 3; i++) await createPatient(database.db, { name: `Pasien Cadangan ${i}` });
  await createRoom(database.db, { capacity: 4 });
  await createStaffMember(database.db);
  await database.close();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function rowsIn(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    return {
      counts: await tableCounts(database.db),
      patients: await database.db.select().from(patients).orderBy(asc(patients.id)),
    };
  } finally {
    await database.close();
  }
}

describe('a backup of the embedded database', () => {
  it('restores into a new folder with every row of every table', async () => {
    const before = await rowsIn(dataDir);
    const file = path.join(folder, 'cadangan.tar.gz');
    const counts = await backupEmbedded(dataDir, file);
    expect(counts).toEqual(before.counts);
    expect(counts.patients).toBe(3);

    const elsewhere = path.join(folder, 'pulih', 'pglite');
    const restored = await restoreEmbedded(file, elsewhere);
    expect(restored.counts).toEqual(before.counts);
    expect((await rowsIn(elsewhere)).patients).toEqual(before.patients);
  });

  it('replaces a database only when asked, and keeps the old one beside it', async () => {
    const file = path.join(folder, 'ganti.tar.gz');
    await backupEmbedded(dataDir, file);
    await expect(restoreEmbedded(file, dataDir)).rejects.toThrow(/Pakai --replace/);
    const { previous } = await restoreEmbedded(file, dataDir, { replace: true });
    expect(previous && existsSync(previous)).toBe(true);
    expect((await rowsIn(dataDir)).counts.patients).toBe(3);
  });

  it('refuses while a server holds the database, with the reason', async () => {
    // A live process named in the lock file, as a running server leaves it.
    const server = spawn('sleep', ['30']);
    writeFileSync(`${dataDir}.lock`, String(server.pid));
    try {
      const file = path.join(folder, 'saat-jalan.tar.gz');
      await expect(backupEmbedded(dataDir, file)).rejects.toThrow(/sedang dipakai proses .*Hentikan dulu/);
      expect(existsSync(file)).toBe(false);
      await expect(
        restoreEmbedded(path.join(folder, 'cadangan.tar.gz'), dataDir, { replace: true }),
      ).rejects.toThrow(/sedang dipakai/);
      expect(existsSync(dataDir)).toBe(true);
    } finally {
      server.kill();
      rmSync(`${dataDir}.lock`, { force: true });
    }
  });
});
