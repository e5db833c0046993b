import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embedded, entry, serverDir } from '../../test/process.js';
import { legacyCsv } from '../../test/legacy.js';
import { writeLegacySample } from './sample.js';

// `npm run cli -- import legacy`: what the IT officer sees at the terminal.

const folder = mkdtempSync(path.join(tmpdir(), 'import-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The CLI run as `npm run cli` runs it: in the repository's root, typed in `typedIn`. */
const command = (typedIn: string, args: string[]) =>
  [
    ...entry('cli', ['import', 'legacy', ...args]),
    {
      cwd: serverDir,
      env: {
        ...embedded(process.env),
        DATA_DIR: path.join(folder, 'data'),
        INIT_CWD: typedIn,
        npm_lifecycle_event: 'cli',
      },
    },
  ] as const;
const cli = (typedIn: string, ...args: string[]) => {
  const [file, argv, options] = command(typedIn, args);
  return spawnSync(file, argv, { ...options, encoding: 'utf8' });
};

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

  it('stops at Ctrl-C with the file being written rolled back and the report written, and a rerun goes on', async () => {
    const exportDir = path.join(folder, 'besar');
    await writeLegacySample({ folder: exportDir, patients: 2_000, today: '2026-11-25' });

    // Ctrl-C once the patients are in, while the visits are being written.
    const [file, argv, options] = command(folder, ['besar', '--apply', '--report', 'henti.md']);
    const run = spawn(file, argv, options);
    let stdout = '';
    run.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (/master_pasien\.csv: diimpor/.test(stdout) && !run.killed) run.kill('SIGINT');
    });
    const [status] = (await once(run, 'exit')) as [number | null];
    expect(status).toBe(130);
    expect(stdout).toMatch(/^Menghentikan impor: berkas yang sedang berjalan dibatalkan/m);
    expect(stdout).toMatch(/^\[\d+\/\d+\] bil_rj_xbjalan\.csv: dihentikan: tidak ada yang ditulis/m);
    expect(stdout).toMatch(
      /^\[\d+\/\d+\] ntrol_referensi_mobilejkn_bpjs\.csv: dihentikan: tidak ada yang ditulis$/m,
    );
    expect(stdout).toMatch(
      /^Impor DIHENTIKAN: bil_rj_xbjalan\.csv, .* tidak ditulis; .*Jalankan perintah yang sama lagi/m,
    );
    const report = readFileSync(path.join(folder, 'henti.md'), 'utf8');
    expect(report).toMatch(/^## Impor dihentikan sebelum selesai: \d+ berkas tidak ditulis$/m);
    expect(report).toMatch(/^\| master_pasien\.csv \| diimpor \| [\d.]+ \| [\d.]+ \|/m);

    // The same command again: the patients already in are not written twice, the visits come in whole.
    const again = cli(folder, 'besar', '--apply', '--report', 'lagi.md');
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^\[\d+\/\d+\] master_pasien\.csv: diimpor; dibaca [\d.]+, baru 0, /m);
    expect(again.stdout).toMatch(/^\[\d+\/\d+\] bil_rj_xbjalan\.csv: diimpor; dibaca ([\d.]+), baru [1-9]/m);
  });
});
