import { createWriteStream, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { staffRoles } from '@portal/contract';
import { ConfigError, loadConfig } from './config.js';
import {
  BackupError,
  type BackupSource,
  DEFAULT_KEEP,
  type DrillResult,
  backup,
  backupToFolder,
  differs,
  drillBackup,
  newestBackup,
  recordDrill,
  restoreEmbedded,
} from './db/backup.js';
import { type Database, DatabaseFolderError, DatabaseInUseError, openDatabase } from './db/client.js';
import { MAX_BULK_PATIENTS, seedPatients } from './db/seed/bulk.js';
import { ImportFolderError, importLegacy, planImport } from './db/legacy/import.js';
import { MAX_SAMPLE_PATIENTS, writeLegacySample } from './db/legacy/sample.js';
import { notStarted, rejectionHeader, rejectionLine, renderReport, statusText } from './db/legacy/report.js';
import { legacyTables } from './db/legacy/tables/index.js';
import { seedDemo } from './db/seed/demo.js';
import { installed, type Statement, uninstallStatements, waitingChanges } from './simrs/changes.js';
import { formatStatement, openSimrs, type SimrsClient } from './simrs/client.js';
import { linkInstallStatements, linkRound, linkStatus, linkTableNames, runStatements } from './simrs/link.js';
import { loadSimrs, SimrsLoadError } from './simrs/load.js';
import { SimrsUrlError } from './simrs/url.js';
import { AppError } from './errors.js';
import { addDays, fileStamp, localToday } from './lib/dates.js';
import { refuseWeakPassword } from './lib/weak-passwords.js';
import { aplicaresSetup } from './modules/aplicares/reports.js';
import { endSessions } from './modules/auth/service.js';
import { createStaff, listStaff, setPassword } from './modules/staff/service.js';
import { resyncAplicares } from './modules/ward/rooms.js';

const usage = `Pemakaian: npm run cli -- <perintah>

Perintah:
  seed demo
      muat data demo (aman diulang; data yang sudah ada tidak digandakan)
  seed patients --count N
      tambah N pasien buatan (1–5.000.000) beserta kunjungannya, untuk uji beban dan demo
  staff add --name "…" --phone "08…" --password "…" [--username …] --roles piket,cs,admin
      tambah petugas; baris terakhir keluaran adalah id-nya
  staff passwd --id N --password "…"
      ganti kata sandi petugas (sesi masuknya diakhiri)
  staff list
      daftar petugas
  import legacy <folder> [--apply] [--report berkas.md]
      impor ekspor CSV portal lama (satu berkas per tabel); tanpa --apply hanya uji coba:
      tidak ada yang ditulis, laporan menunjukkan apa yang akan terjadi
  legacy sample <folder> --patients N [--seed S] [--today YYYY-MM-DD]
      tulis contoh ekspor portal lama (semua berkas, data buatan) dan expected.json, untuk uji impor
  simrs load <folder> [--url mysql://pengguna:sandi@host:3306/basisdata]
      buat tabel SIMRS (server/src/simrs/schema.sql) di basis data MariaDB/MySQL itu, lalu muat tiap
      berkas CSV di folder ke tabel bernama sama (master_pasien.csv → master_pasien), misalnya hasil
      legacy sample, untuk uji dan bench. Tanpa --url dipakai SIMRS_DATABASE_URL. Tabelnya harus kosong
  link install [--print]
      pasang log perubahan di SIMRS (SIMRS_DATABASE_URL): tabel portal_changes dan pemicu (trigger) di
      tiap tabel yang dicerminkan. Perlu hak CREATE dan TRIGGER sekali; --print hanya menampilkan
      perintahnya untuk DBA
  link uninstall [--print]
      lepas log perubahan dan pemicunya dari SIMRS (kembali berdiri sendiri)
  link status
      keadaan tautan SIMRS per tabel: baris dicerminkan dan ditolak, cermin pertama, data per kapan
      (jeda), galat terakhir, dan antrean perubahan di SIMRS
  link sync
      jalankan tautan sampai salinan terkini (cermin pertama sejuta pasien sebelum server dijalankan,
      bisa dihentikan dan dilanjutkan)
  backup --dir <folder> [--keep N] [--keep-days H] [--keep-weeks M]
      cadangkan ke folder dengan nama portal-YYYYMMDD-HHMMSS.tar.gz (tertanam; hentikan server lebih
      dulu) atau .dump (PostgreSQL, pg_dump; server boleh berjalan), lalu hapus cadangan lama di folder
      itu: simpan N terbaru, yang terbaru tiap hari untuk H hari terakhir yang ada cadangannya, dan yang
      terbaru tiap minggu ISO untuk M minggu terakhir (tanpa aturan: --keep ${DEFAULT_KEEP}). Berkas lain
      di folder itu tidak disentuh
  backup <berkas>
      cadangkan ke satu berkas, tanpa rotasi
  backup drill --dir <folder> | backup drill <berkas>
      uji pemulihan cadangan terbaru di folder (atau berkas itu) ke basis data sementara, jalankan
      migrasi, bandingkan jumlah baris tiap tabel dengan saat dicadangkan; gagal bila ada yang berbeda.
      Basis data sementara selalu dihapus
  restore <berkas> [--replace]
      pulihkan basis data tertanam dari cadangan (hentikan server lebih dulu): seluruh cadangan dipulihkan
      dan diperiksa di folder sementara dulu, baru ditukar bila berhasil; --replace mengganti basis data
      yang ada, yang lama disimpan di sampingnya. Gagal: basis data yang ada tidak berubah.
      Untuk PostgreSQL pakai pg_restore (lihat docs/operations.md)
  aplicares resync
      samakan data tempat tidur di BPJS Aplicares dengan ruangan rumah sakit: ruangan di BPJS yang
      tidak dipetakan dihapus, setiap ruangan yang dipetakan dikirim ulang (lewat outbox; server
      yang berjalan mengirimkannya)

Peran: ${staffRoles.join(', ')}
Basis data: DATABASE_URL bila diisi, selain itu basis data tertanam di DATA_DIR
(hentikan server lebih dulu bila memakai basis data tertanam).`;

class UsageError extends Error {}

const number = (n: number, fractionDigits = 0) =>
  n.toLocaleString('id-ID', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });

/** The SIMRS of SIMRS_DATABASE_URL, closed after `run`. */
async function withSimrs<T>(run: (simrs: SimrsClient) => Promise<T>): Promise<T> {
  const url = loadConfig().simrsDatabaseUrl;
  if (url === undefined) throw new UsageError('Isi SIMRS_DATABASE_URL (mysql://…) untuk tautan SIMRS.');
  const simrs = openSimrs(url, { queryTimeoutMs: 120_000 });
  try {
    return await run(simrs);
  } finally {
    await simrs.close();
  }
}

/** `link install` and `uninstall`: the statements run on the SIMRS, or with `--print` shown for a DBA. */
async function runOrPrint(
  args: string[],
  statementsOf: (simrs: SimrsClient) => Promise<Statement[]>,
  done: string,
): Promise<void> {
  const print = args.includes('--print');
  options(
    args.filter((arg) => arg !== '--print'),
    [],
  );
  await withSimrs(async (simrs) => {
    const statements = await statementsOf(simrs);
    if (print) for (const statement of statements) console.log(`${formatStatement(statement)};\n`);
    else {
      await runStatements(simrs, statements);
      console.log(`${done} SIMRS ${simrs.target}: ${statements.length} perintah.`);
    }
  });
}

async function withDatabase<T>(run: (db: Database, backend: string) => Promise<T>): Promise<T> {
  const config = loadConfig();
  process.env.TZ = config.timeZone;
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    return await run(database.db, database.backend);
  } finally {
    await database.close();
  }
}

/** A command's arguments, read strictly; a mistake is a usage error that names the option in Indonesian. */
function parsedArgs<const T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  config: T,
  allowPositionals = true,
) {
  try {
    return parseArgs({ args, options: config, strict: true, allowPositionals });
  } catch (err) {
    const { code, message } = err as { code?: string; message: string };
    const option = /'(-[^']*)'/.exec(message)?.[1];
    const said =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option
        ? `Opsi tidak dikenal: ${option}.`
        : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option
          ? `Opsi ${option} perlu nilai (atau tidak menerima nilai).`
          : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
            ? `Argumen berlebih: ${/'([^']*)'/.exec(message)?.[1] ?? ''}.`
            : message;
    throw new UsageError(`${said}\n\n${usage}`);
  }
}

function options<const T extends string>(args: string[], names: readonly T[]): Partial<Record<T, string>> {
  const config = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  return parsedArgs(args, config, false).values as Partial<Record<T, string>>;
}

/** A command's one path argument (a folder, a file) and its options; a mistake is a usage error. */
function pathAndOptions<const T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  config: T,
  what: 'folder' | 'berkas' = 'folder',
) {
  const parsed = parsedArgs(args, config);
  const [given, ...more] = parsed.positionals;
  if (given === undefined || more.length > 0) throw new UsageError(`Sebutkan satu ${what}.\n\n${usage}`);
  return { path: fromCaller(given), values: parsed.values };
}

/**
 * A path as the caller typed it: `npm run cli` runs the process in the repository's root, and says
 * where it was typed in `INIT_CWD`.
 */
function fromCaller(given: string): string {
  const typedIn = process.env.npm_lifecycle_event === 'cli' ? process.env.INIT_CWD : undefined;
  return path.resolve(typedIn ?? process.cwd(), given);
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`--${flag} wajib diisi.\n\n${usage}`);
  return value;
}

/** The embedded database's folder, for restore: PostgreSQL has its own tool. */
function embeddedDataDir(): string {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new UsageError(
      'DATABASE_URL diisi: untuk PostgreSQL pakai pg_restore ke basis data baru (lihat docs/operations.md, bagian "Backups and restore").',
    );
  }
  return path.join(config.dataDir, 'pglite');
}

/** What a backup is of: DATABASE_URL when set, else the embedded database; names carry the local time. */
function backupSource(): BackupSource {
  const config = loadConfig();
  process.env.TZ = config.timeZone;
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { dataDir: path.join(config.dataDir, 'pglite') };
}

function keepCount(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1)
    throw new UsageError(`--${flag} harus bilangan bulat 1–9.999.`);
  return Number(value);
}

const megabytes = (bytes: number) => `${number(bytes / 1024 / 1024, 1)} MB`;

function drillLines(result: DrillResult): string[] {
  if (result.error) return [`GAGAL: ${result.error}`];
  const width = Math.max(5, ...result.tables.map((t) => t.table.length));
  const cell = (rows: number | null) => (rows === null ? '-' : number(rows)).padStart(18);
  const lines = [
    `${'tabel'.padEnd(width)}  ${'saat dicadangkan'.padStart(18)}  ${'setelah dipulihkan'.padStart(18)}`,
    ...result.tables.map(
      (t) =>
        `${t.table.padEnd(width)}  ${cell(t.recorded)}  ${cell(t.restored)}${differs(t) ? '  ← berbeda' : ''}`,
    ),
  ];
  const different = result.tables.filter(differs).length;
  if (different > 0) lines.push(`GAGAL: ${different} tabel berbeda jumlah barisnya.`);
  else lines.push(`BERHASIL: ${result.tables.length} tabel, jumlah baris sama dengan saat dicadangkan.`);
  return lines;
}

const tableLines = (counts: Record<string, number>) =>
  Object.entries(counts).map(([table, rows]) => `  ${table}: ${number(rows)} baris`);

const commands: Record<string, (args: string[]) => Promise<void>> = {
  async backup(args) {
    const { values, positionals } = parsedArgs(args, {
      dir: { type: 'string' },
      keep: { type: 'string' },
      'keep-days': { type: 'string' },
      'keep-weeks': { type: 'string' },
    });
    const retention = {
      keep: keepCount(values.keep, 'keep'),
      keepDays: keepCount(values['keep-days'], 'keep-days'),
      keepWeeks: keepCount(values['keep-weeks'], 'keep-weeks'),
    };
    const rotating = Object.values(retention).some((n) => n !== undefined);
    if (values.dir === undefined ? positionals.length !== 1 || rotating : positionals.length > 0)
      throw new UsageError(`Sebutkan satu berkas, atau --dir dengan aturan simpannya.\n\n${usage}`);
    const source = backupSource();
    const { record, removed } =
      values.dir === undefined
        ? { record: await backup(source, fromCaller(positionals[0]!)), removed: [] }
        : await backupToFolder(source, fromCaller(values.dir), retention);
    console.log(
      [
        `Cadangan ditulis ke ${record.file} (${megabytes(record.sizeBytes)}):`,
        ...tableLines(record.tableCounts),
      ].join('\n'),
    );
    if (values.dir !== undefined)
      console.log(`Cadangan lama yang dihapus: ${removed.length ? removed.join(', ') : 'tidak ada'}.`);
  },

  async 'backup drill'(args) {
    const { values, positionals } = parsedArgs(args, { dir: { type: 'string' } });
    if ((values.dir === undefined) === (positionals.length === 0) || positionals.length > 1)
      throw new UsageError(`Sebutkan --dir <folder> atau satu berkas.\n\n${usage}`);
    const file =
      values.dir === undefined ? fromCaller(positionals[0]!) : newestBackup(fromCaller(values.dir));
    const source = backupSource();
    const databaseUrl = 'databaseUrl' in source ? source.databaseUrl : undefined;
    const drill = async () => {
      console.log(`Uji pemulihan ${file}…`);
      const result = await drillBackup(file, { databaseUrl });
      console.log(drillLines(result).join('\n'));
      if (!result.ok) process.exitCode = 1;
      return result;
    };
    if ('dataDir' in source && !existsSync(source.dataDir)) {
      await drill();
      console.log(`Hasil tidak dicatat: belum ada basis data tertanam di ${source.dataDir}.`);
      return;
    }
    // The embedded database is opened first: its lock tells at once when a server runs, before the drill.
    await withDatabase(async (db) => recordDrill(db, await drill()));
  },

  async restore(args) {
    const { path: file, values } = pathAndOptions(args, { replace: { type: 'boolean' } }, 'berkas');
    const restored = await restoreEmbedded(file, embeddedDataDir(), { replace: values.replace ?? false });
    console.log([`Dipulihkan dari ${file}:`, ...tableLines(restored.counts)].join('\n'));
    if (restored.previous) {
      console.log(
        `Basis data sebelumnya disimpan di ${restored.previous}; hapus bila portal sudah diperiksa berjalan baik.`,
      );
    }
    console.log('Mulai server lagi (npm start atau systemctl start portal).');
  },

  async 'import legacy'(args) {
    const { path: folder, values } = pathAndOptions(args, {
      apply: { type: 'boolean' },
      report: { type: 'string' },
    });
    // A wrong folder is refused before the database is opened or any file is written.
    await planImport(folder, legacyTables).catch((err: unknown) => {
      throw err instanceof ImportFolderError ? new UsageError(err.message) : err;
    });
    await withDatabase(async (db, backend) => {
      const reportFile = fromCaller(values.report ?? `laporan-impor-${fileStamp(new Date())}.md`);
      const rejectsFile = reportFile.replace(/\.md$/, '') + '-ditolak.csv';
      const rejects = createWriteStream(rejectsFile, { mode: 0o600 });
      rejects.write(`\uFEFF${rejectionHeader}\r\n`);
      console.log(`${values.apply ? 'Impor' : 'Uji coba (tanpa --apply)'} dari ${folder} ke ${backend}.`);
      const minutes = (seconds: number) =>
        seconds < 90 ? `${number(seconds)} detik` : `${number(seconds / 60)} menit`;
      // Ctrl-C (or systemd's stop) ends the run between two files' rows, with the report written; a second
      // one ends the process at once (the database rolls back the file being written either way).
      const stop = new AbortController();
      const onSignal = () => {
        if (stop.signal.aborted) process.exit(130);
        stop.abort();
        console.log(
          'Menghentikan impor: berkas yang sedang berjalan dibatalkan, berkas yang sudah selesai tetap. ' +
            'Tekan Ctrl-C sekali lagi untuk berhenti seketika.',
        );
      };
      process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
      const report = await importLegacy(db, {
        folder,
        apply: values.apply ?? false,
        tables: legacyTables,
        signal: stop.signal,
        onReject: (rejection) => rejects.write(`${rejectionLine(rejection)}\r\n`),
        onProgress: ({ file, index, count, rows, rate, fileLeft, runLeft }) =>
          console.log(
            `  [${index}/${count}] ${file}: ${number(rows)} baris, ${number(rate)} baris/detik, ` +
              `sisa berkas ±${minutes(fileLeft)}, sisa semua ±${minutes(runLeft)}`,
          ),
        onFile: (t, index, count) =>
          console.log(
            `[${index}/${count}] ${t.file}: ${statusText[t.status]}` +
              (notStarted(t)
                ? ''
                : `; dibaca ${number(t.read)}, baru ${number(t.inserted)}, diperbarui ${number(t.updated)}, ` +
                  `tetap ${number(t.unchanged)}, ditolak ${number(t.rejected - t.conflicts)}, bentrok ${number(t.conflicts)}, ` +
                  `${minutes(t.seconds)}${t.error ? `; ${t.error}` : ''}`),
          ),
      });
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      await new Promise<void>((resolve, reject) =>
        rejects.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      writeFileSync(reportFile, renderReport(report, path.basename(rejectsFile)), { mode: 0o600 });
      const conflicts = report.tables.reduce((sum, t) => sum + t.conflicts, 0);
      const notices = report.tables.reduce((sum, t) => sum + t.notices.length, 0);
      // Said last, where the officer looks: a file not there or not readable leaves every file after it short.
      const missing = report.tables.filter((t) => t.status === 'missing').map((t) => t.file);
      const failed = report.tables.filter((t) => t.status === 'failed').map((t) => t.file);
      if (missing.length > 0)
        console.log(
          `Berkas tidak ada: ${missing.join(', ')} (ekspor ulang tabel ini bila portal lama memakainya).`,
        );
      if (failed.length > 0) console.log(`Berkas GAGAL: ${failed.join(', ')} (lihat alasannya di laporan).`);
      const stopped = report.tables.filter((t) => t.status === 'stopped').map((t) => t.file);
      if (stopped.length > 0)
        console.log(
          values.apply
            ? `Impor DIHENTIKAN: ${stopped.join(', ')} tidak ditulis; berkas yang "diimpor" tersimpan. ` +
                'Jalankan perintah yang sama lagi untuk melanjutkan (yang sudah masuk tidak digandakan).'
            : `Uji coba DIHENTIKAN: ${stopped.join(', ')} belum diperiksa.`,
        );
      if (conflicts > 0)
        console.log(`Bentrok dengan data portal: ${number(conflicts)} baris (lihat awal laporan).`);
      if (notices > 0) console.log(`Perlu tindakan: ${number(notices)} (lihat laporan).`);
      console.log(`Laporan: ${reportFile}`);
      console.log(`Lama: ${minutes(report.seconds)}`);
      console.log(`Memori puncak: ${number(process.resourceUsage().maxRSS / 1024)} MB`);
      if (report.tables.some((t) => t.status === 'failed')) process.exitCode = 1;
      if (stopped.length > 0) process.exitCode = 130;
    });
  },

  async 'legacy sample'(args) {
    const { path: folder, values } = pathAndOptions(args, {
      patients: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
    });
    const typed = required(values.patients, 'patients');
    const patients = /^\d{1,7}$/.test(typed) ? Number(typed) : Number.NaN;
    if (!(patients >= 1 && patients <= MAX_SAMPLE_PATIENTS))
      throw new UsageError(`--patients harus bilangan bulat 1–${number(MAX_SAMPLE_PATIENTS)}.`);
    const seed = Number(values.seed ?? 1);
    if (!/^\d{1,9}$/.test(values.seed ?? '1'))
      throw new UsageError('--seed harus bilangan bulat 0–999.999.999.');
    process.env.TZ = loadConfig().timeZone;
    const today = values.today ?? localToday();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || addDays(today, 0) !== today)
      throw new UsageError('--today harus tanggal YYYY-MM-DD.');
    const started = performance.now();
    const expected = await writeLegacySample({ folder, patients, seed, today });
    const seconds = (performance.now() - started) / 1000;
    for (const [file, counts] of Object.entries(expected.files))
      console.log(`${file}: ${number(counts.read)} baris, ${number(counts.rejected)} harus ditolak`);
    console.log(
      `Contoh ekspor ditulis ke ${folder} dalam ${number(seconds, 1)} detik (expected.json di sana).`,
    );
  },

  async 'simrs load'(args) {
    const { path: folder, values } = pathAndOptions(args, { url: { type: 'string' } });
    const url = values.url ?? loadConfig().simrsDatabaseUrl;
    if (url === undefined)
      throw new UsageError(`Sebutkan --url mysql://… atau isi SIMRS_DATABASE_URL.\n\n${usage}`);
    let client;
    try {
      client = openSimrs(url, { queryTimeoutMs: 120_000 });
    } catch (err) {
      throw err instanceof SimrsUrlError ? new UsageError(`URL SIMRS ${err.message}.`) : err;
    }
    try {
      const report = await loadSimrs(client, folder, {
        onFile: (f) => {
          const unreadable = f.unreadable > 0 ? ` (${number(f.unreadable)} tak terbaca)` : '';
          console.log(
            `${f.file} → ${f.table}: dibaca ${number(f.read)}, dimuat ${number(f.loaded)}, ` +
              `ditolak ${number(f.refused)}${unreadable}, peringatan ${number(f.warnings)}, ` +
              `${number(f.seconds, 1)} detik`,
          );
          if (f.ignoredColumns.length > 0)
            console.log(`  kolom yang tidak ada di tabel, dilewati: ${f.ignoredColumns.join(', ')}`);
          for (const note of f.notes.slice(0, 5)) console.log(`  ${note}`);
        },
      });
      if (report.skipped.length > 0)
        console.log(`Berkas yang bukan tabel SIMRS, dilewati: ${report.skipped.join(', ')}.`);
      console.log(
        `SIMRS di ${client.target} dimuat dari ${folder} dalam ${number(report.seconds, 1)} detik.`,
      );
    } catch (err) {
      if (err instanceof SimrsLoadError) throw new UsageError(err.message);
      throw new Error(`SIMRS di ${client.target}: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    } finally {
      await client.close();
    }
  },

  async 'link install'(args) {
    await runOrPrint(args, linkInstallStatements, 'Log perubahan terpasang di');
  },

  async 'link uninstall'(args) {
    await runOrPrint(
      args,
      async (simrs) => uninstallStatements(await linkTableNames(simrs)),
      'Log perubahan dilepas dari',
    );
  },

  async 'link status'(args) {
    options(args, []);
    await withDatabase(async (db) => {
      const tables = await linkStatus(db);
      if (tables.length === 0) console.log('Tautan SIMRS belum pernah berjalan.');
      for (const t of tables) {
        const copy = t.fullDone
          ? `data per ${t.syncedAt?.toLocaleString('id-ID') ?? '-'} (jeda ${number(t.lagSeconds ?? 0)} detik)`
          : `cermin pertama sampai sr_recno ${number(t.fullRecno)}`;
        console.log(
          `${t.table}: ${number(t.rowsMirrored)} baris, ${number(t.rowsRejected)} ditolak, ${copy}`,
        );
        if (t.lastError) console.log(`  galat ${t.lastErrorAt?.toLocaleString('id-ID')}: ${t.lastError}`);
        if (t.lastRejection) console.log(`  penolakan terakhir: ${t.lastRejection}`);
      }
    });
    await withSimrs(async (simrs) => {
      const missing = await installed(simrs, await linkTableNames(simrs));
      if (missing.length > 0) {
        console.log(`Log perubahan belum terpasang di SIMRS ${simrs.target}: npm run cli -- link install.`);
        return;
      }
      const waiting = await waitingChanges(simrs);
      const total = waiting.reduce((sum, table) => sum + table.waiting, 0);
      console.log(`Antrean perubahan di SIMRS ${simrs.target}: ${number(total)}.`);
      for (const w of waiting) console.log(`  ${w.table}: ${number(w.waiting)} sejak ${w.oldest}`);
    }).catch((err: unknown) => console.log(`SIMRS tidak terjangkau: ${describe(err)}`));
  },

  async 'link sync'(args) {
    options(args, []);
    await withDatabase(async (db) =>
      withSimrs(async (simrs) => {
        let applied = 0;
        for (;;) {
          const round = await linkRound(db, simrs);
          applied += round.applied;
          if (round.applied > 0) console.log(`${number(applied)} baris diterapkan…`);
          if (!round.more) break;
        }
        console.log(`Salinan SIMRS terkini: ${number(applied)} baris diterapkan.`);
      }),
    );
  },

  async 'aplicares resync'(args) {
    options(args, []);
    const setup = aplicaresSetup(loadConfig().bpjs);
    await withDatabase(async (db) => {
      const result = await resyncAplicares(db, setup, null);
      console.log(`Ruangan baru di BPJS: ${result.created}, diperbarui: ${result.updated}.`);
      console.log(`Dihapus dari BPJS: ${result.deleted.length ? result.deleted.join(', ') : 'tidak ada'}.`);
      console.log(`Ruangan tanpa kode ruang BPJS (tidak dilaporkan): ${result.unmapped}.`);
      console.log('Laporan menunggu di outbox; server mengirimkannya (lihat /notifikasi).');
    });
  },

  async 'seed demo'(args) {
    options(args, []);
    await withDatabase(async (db, backend) => {
      const summary = await seedDemo(db);
      for (const [table, count] of Object.entries(summary)) console.log(`${table}: ${count} baris baru`);
      console.log(`Data demo siap di ${backend}.`);
    });
  },

  async 'seed patients'(args) {
    const o = options(args, ['count']);
    const typed = required(o.count, 'count');
    const count = /^\d{1,7}$/.test(typed) ? Number(typed) : Number.NaN;
    if (!(count >= 1 && count <= MAX_BULK_PATIENTS)) {
      throw new UsageError(`--count harus bilangan bulat 1–${number(MAX_BULK_PATIENTS)}.`);
    }
    await withDatabase(async (db, backend) => {
      let shownAt = 0;
      const result = await seedPatients(db, {
        count,
        onProgress: (done, seconds) => {
          if (done < count && seconds - shownAt < 2) return;
          shownAt = seconds;
          console.log(`${number(done)} / ${number(count)} pasien (${number(seconds, 1)} detik)`);
        },
      });
      const rate = Math.round(result.patients / Math.max(result.seconds, 0.001));
      console.log(
        `${number(result.patients)} pasien, ${number(result.visits)} kunjungan rawat jalan dan ` +
          `${number(result.admissions)} rawat inap ditambahkan di ${backend} dalam ` +
          `${number(result.seconds, 1)} detik (${number(rate)} pasien/detik).`,
      );
    });
  },

  async 'staff add'(args) {
    const o = options(args, ['name', 'phone', 'password', 'username', 'roles']);
    const roles = required(o.roles, 'roles')
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean);
    const unknown = roles.filter((role) => !(staffRoles as readonly string[]).includes(role));
    if (unknown.length > 0)
      throw new UsageError(`Peran tidak dikenal: ${unknown.join(', ')}. Pilihan: ${staffRoles.join(', ')}`);
    const person = { name: required(o.name, 'name'), username: o.username?.toLowerCase() };
    // Without a username nobody logs in to the portal (the password then serves the duty handover only).
    if (roles.includes('admin') && !person.username)
      throw new UsageError('Admin perlu --username: tanpa nama pengguna ia tidak dapat masuk ke portal.');
    refuseWeakPassword(required(o.password, 'password'), person);
    await withDatabase(async (db) => {
      const { id } = await createStaff(db, {
        ...person,
        phone: required(o.phone, 'phone'),
        password: required(o.password, 'password'),
        roles: roles as (typeof staffRoles)[number][],
      });
      console.log('Petugas ditambahkan. Id:');
      console.log(id);
    });
  },

  async 'staff passwd'(args) {
    const o = options(args, ['id', 'password']);
    const id = Number(required(o.id, 'id'));
    if (!Number.isInteger(id) || id < 1) throw new UsageError('--id harus bilangan bulat positif.');
    await withDatabase(async (db) => {
      await setPassword(db, id, required(o.password, 'password'));
      const ended = await endSessions(db, id);
      console.log(`Kata sandi petugas ${id} diganti.`);
      console.log(`Sesi masuk yang diakhiri: ${ended}.`);
    });
  },

  async 'staff list'(args) {
    options(args, []);
    await withDatabase(async (db) => {
      const rows = await listStaff(db);
      for (const s of rows) {
        const status = s.active ? 'aktif' : 'nonaktif';
        console.log([s.id, s.name, s.phone, s.username ?? '-', s.roles.join(',') || '-', status].join('\t'));
      }
      console.log(`${rows.length} petugas.`);
    });
  },
};

async function main(args: string[]) {
  const [first, second, ...rest] = args;
  if (first === undefined || first === 'help' || first === '--help') {
    console.log(usage);
    return;
  }
  // Two words first: `backup drill` is a command of its own, `backup <file>` another.
  const command = commands[`${first} ${second}`];
  if (command) return command(rest);
  const single = commands[first];
  if (!single) throw new UsageError(`Perintah tidak dikenal: ${args.join(' ')}\n\n${usage}`);
  await single(args.slice(1));
}

function describe(err: unknown): string {
  if (err instanceof AppError && err.fields) {
    return [err.message, ...Object.entries(err.fields).map(([field, why]) => `  --${field}: ${why}`)].join(
      '\n',
    );
  }
  if (
    err instanceof UsageError ||
    err instanceof ConfigError ||
    err instanceof AppError ||
    err instanceof BackupError ||
    err instanceof DatabaseInUseError ||
    err instanceof DatabaseFolderError
  ) {
    return err.message;
  }
  return `Gagal: ${err instanceof Error ? err.message : String(err)}`;
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(describe(err));
  // 2: the command was wrong; 1: it could not be done (a failed backup or restore included).
  process.exit(err instanceof UsageError || err instanceof AppError ? 2 : 1);
});
