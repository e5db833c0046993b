import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embedded, node, serverDir } from '../../test/process.js';
import { legacyCsv } from '../../test/legacy.js';

// `npm run cli -- import legacy`: what the IT officer sees at the terminal.

const folder = mkdtempSync(path.join(tmpdir(), 'import-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The CLI run as `npm run cli` runs it: in the repository's root, typed in `typedIn`. */
const cli = (typedIn: string, ...args: string[]) =>
  spawnSync(node[0], [...node.slice(1), 'src/cli.ts', 'import', 'legacy', ...args], {
    cwd: serverDir,
    env: {
      ...embedded(process.env),
      DATA_DIR: path.join(folder, 'data'),
      INIT_CWD: typedIn,
      npm_lifecycle_event: 'cli',
    },
    encoding: 'utf8',
  });

describe('the import command', { timeout: 240_000 }, () => {
  it('refuses a wrong folder or a file with a clear message and exit 2, writing nothing', () => {
    const notExport = path.join(folder, 'dokumen');
    mkdirSync(notExport);
    writeFileSync(path.join(notExport, 'catatan.txt'), 'bukan ekspor');
    const cases: [string[], RegExp][] = [
      [['tidak-ada'], /Folder .*tidak-ada tidak ada\./],
      [['dokumen/catatan.txt'], /catatan\.txt adalah berkas, bukan folder/],
      [['dokumen'], /tidak berisi satu pun berkas ekspor portal lama/],
    ];
    for (const [args, message] of cases) {
      const run = cli(folder, ...args);
      expect(run.stderr).toMatch(message);
      expect(run.status).toBe(2);
    }
    // No database was made and no report or rejects file was written, here or in the typed-in folder.
    expect(existsSync(path.join(folder, 'data'))).toBe(false);
    expect(readdirSync(folder).filter((name) => name.startsWith('laporan'))).toEqual([]);
    expect(readdirSync(serverDir).filter((name) => name.startsWith('laporan'))).toEqual([]);
  });

  it('reads a folder named relative to where the command was typed, shows each file as it finishes, and writes the report there', () => {
    const exportDir = path.join(folder, 'ekspor');
    mkdirSync(exportDir);
    writeFileSync(
      path.join(exportDir, 'master_golpas.csv'),
      legacyCsv(
        ['kode', 'nama'],
        [
          ['AD', 'TNI AD'],
          ['', 'Tanpa Kode'],
        ],
      ),
    );
    const run = cli(folder, 'ekspor', '--report', 'laporan.md');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^\[1\/\d+\] master_golpas\.csv: diperiksa \(uji coba, tidak ditulis\); dibaca 2, baru 1, diperbarui 0, tetap 0, ditolak 1, bentrok 0, /m,
    );
    expect(run.stdout).toMatch(/^\[\d+\/\d+\] master_pasien\.csv: berkas tidak ada$/m);
    // Said again at the end, where the officer looks once the run is over.
    const missing = run.stdout.split('\n').find((line) => line.startsWith('Berkas tidak ada: '));
    expect(missing).toMatch(
      /master_pasien\.csv, .*\(ekspor ulang tabel ini bila portal lama memakainya\)\.$/,
    );
    expect(missing).not.toContain('master_golpas.csv');
    expect(existsSync(path.join(folder, 'laporan.md'))).toBe(true);
    expect(existsSync(path.join(folder, 'laporan-ditolak.csv'))).toBe(true);
  });
});
