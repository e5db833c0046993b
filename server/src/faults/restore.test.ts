import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded, tableCounts } from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { seedDemo } from '../db/seed/demo.js';

// Issue 31, point 1: a restore of a backup cut short (a copy that stopped, a full disk, a download that broke
// off) must be refused before it touches the database in place, whatever the point it was cut at. Before,
// `restore --replace` moved the database aside first and left an empty folder that the server started on.

let folder: string;
let dataDir: string;
let backup: string;
let before: Record<string, number>;

async function countsIn(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    return await tableCounts(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'portal-restore-fault-'));
  dataDir = path.join(folder, 'pglite');
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDemo(database.db);
  await database.close();
  backup = path.join(folder, 'portal-20261129-013000.tar.gz');
  await backupEmbedded(dataDir, backup);
  // After the backup: its own row makes the database one row ahead of the file, as in life.
  before = await countsIn(dataDir);
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a restore of a truncated archive', () => {
  it('is refused at every point it was cut at, and the old database opens with the same rows', async () => {
    const whole = readFileSync(backup);
    const tar = gunzipSync(whole);
    const cuts: [string, Buffer][] = [
      ...[2, 10, 512, 0.1, 0.5, 0.9].map((at): [string, Buffer] => {
        const bytes = at < 1 ? Math.floor(whole.length * at) : at;
        return [`gzip cut at byte ${bytes} of ${whole.length}`, whole.subarray(0, bytes)];
      }),
      // Its checksum and length (the last 8 bytes) missing: the data itself is all there.
      ['gzip without its trailer', whole.subarray(0, whole.length - 8)],
      ['gzip one byte short', whole.subarray(0, whole.length - 1)],
      // A whole gzip of a tar cut short: what a copy that was cut before compression gives.
      ['whole gzip of a tar cut in half', gzipSync(tar.subarray(0, Math.floor(tar.length / 2 / 512) * 512))],
      ['whole gzip of a tar without its end', gzipSync(tar.subarray(0, tar.length - 1024))],
    ];
    const nearby = readdirSync(folder).sort();
    const refusals: string[] = [];
    for (const [what, bytes] of cuts) {
      const file = path.join(folder, 'terpotong.tar.gz');
      writeFileSync(file, bytes);
      writeFileSync(`${file}.json`, readFileSync(`${backup}.json`));
      const refused = await restoreEmbedded(file, dataDir, { replace: true }).then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(refused, what).toMatch(/rusak atau terpotong .*Pilih cadangan lain/);
      refusals.push(`${what}: ${refused!.replace(/^.*terpotong \(/, '(').replace(/\)\. .*$/, ')')}`);
      rmSync(file);
      rmSync(`${file}.json`);
    }
    // Nothing moved aside, no scratch folder left, the database in place whole.
    expect(readdirSync(folder).sort()).toEqual(nearby);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(await countsIn(dataDir)).toEqual(before);
    console.log(
      [
        `restore of a truncated backup (${statSync(backup).size} bytes, ${before.patients} patients): ` +
          `${refusals.length} cuts refused, database in place unchanged`,
        ...refusals.map((line) => `  ${line}`),
      ].join('\n'),
    );

    // And the whole backup still restores over it.
    const restored = await restoreEmbedded(backup, dataDir, { replace: true });
    expect(restored.counts.patients).toBe(before.patients);
  }, 300_000);
});
