import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Officer } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { embedded, entry, type RunningServer, serverDir, startServer, stopServer } from './test/process.js';

const dataRoot = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
const baseEnv = { ...embedded(process.env), DATA_DIR: dataRoot, LOG_LEVEL: 'info' };

// A server left running by a failed test would hold the folder and fail every later test with it.
const started: RunningServer[] = [];
afterAll(() => {
  for (const server of started) server.child.kill('SIGKILL');
  rmSync(dataRoot, { recursive: true, force: true });
});

async function start() {
  const server = await startServer(baseEnv);
  started.push(server);
  return server;
}

/** Every file below a folder, for scanning what the database wrote to disk. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesBelow(full) : [full];
  });
}

function cli(...args: string[]) {
  return spawnSync(...entry('cli', args), {
    cwd: serverDir,
    env: baseEnv,
    encoding: 'utf8',
  });
}

// Each test starts the server or the CLI several times: on a machine busy with the other test files one start
// can take several seconds.
describe('starting and stopping the portal server', { timeout: 240_000 }, () => {
  it('creates and seeds a new embedded database once, serves health, and shuts down cleanly', async () => {
    const first = await start();
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(await health.json()).toEqual({
      status: 'ok',
      database: 'pglite',
      timeZone: process.env.TZ ?? 'Asia/Jakarta',
    });
    expect(first.output()).toContain('demo data loaded');
    expect(first.output()).toContain('database: pglite');
    expect(existsSync(path.join(dataRoot, 'pglite.lock'))).toBe(true);

    // Use the demo passwords the way staff do: a login, a wrong and a right handover password.
    const base = `http://127.0.0.1:${first.port}/api`;
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/auth/login', { username: 'andi', password: 'rahasia-andi' })).status).toBe(200);
    const candidates = (await (await fetch(`${base}/duty/piket/candidates`)).json()) as Officer[];
    const ridwan = candidates.find((c) => c.name === 'Sertu Muhammad Ridwan');
    if (!ridwan) throw new Error('demo candidate Ridwan is missing');
    expect(
      (await post('/duty/piket/handover', { staffId: ridwan.id, password: 'rahasia-salah' })).status,
    ).toBe(401);
    expect(
      (await post('/duty/piket/handover', { staffId: ridwan.id, password: 'rahasia-ridwan' })).status,
    ).toBe(200);

    // The CLI must not open the folder while the server holds it.
    const busy = cli('seed', 'demo');
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('sedang dipakai');

    expect(await stopServer(first)).toBe(0);
    expect(existsSync(path.join(dataRoot, 'pglite.lock'))).toBe(false);

    // No password is kept or logged in plain text anywhere: not in the database files, not in the log.
    for (const file of filesBelow(dataRoot)) {
      expect(readFileSync(file).includes('rahasia-'), file).toBe(false);
    }
    expect(first.output()).not.toContain('rahasia-');

    const second = await start();
    expect(second.output()).not.toContain('demo data loaded');
    expect(await stopServer(second)).toBe(0);
  });

  it('loads the demo data again through the CLI without duplicating anything', () => {
    const result = cli('seed', 'demo');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('patients: 0 baris baru');
    expect(result.stdout).toContain('Data demo siap di pglite.');
  });

  it('generates patients with their visits for benchmarks, refusing a count out of bounds', () => {
    const result = cli('seed', 'patients', '--count', '40');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('40 / 40 pasien');
    expect(result.stdout).toMatch(
      /40 pasien, \d+ kunjungan rawat jalan dan \d+ rawat inap ditambahkan di pglite dalam [\d,]+ detik/,
    );
    for (const count of ['0', '5000001', 'banyak']) {
      const refused = cli('seed', 'patients', '--count', count);
      expect(refused.status, count).toBe(2);
      expect(refused.stderr, count).toContain('--count harus bilangan bulat 1–5.000.000.');
    }
    expect(cli('seed', 'patients').stderr).toContain('--count wajib diisi.');
  });

  it('adds staff from the command line, printing the new id alone on the last line', () => {
    const added = cli(
      'staff',
      'add',
      '--name',
      'Serka Joko Susilo',
      '--phone',
      '+62 812 9900 1122',
      '--password',
      'Lampu-Hijau-2026',
      '--username',
      'Joko',
      '--roles',
      'piket,cs',
    );
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    const id = added.stdout.trim().split('\n').at(-1);
    expect(id).toMatch(/^\d+$/);

    const listed = cli('staff', 'list');
    expect(listed.status).toBe(0);
    const row = listed.stdout.split('\n').find((line) => line.startsWith(`${id}\t`));
    expect(row?.split('\t')).toEqual([id, 'Serka Joko Susilo', '081299001122', 'joko', 'piket,cs', 'aktif']);
    expect(listed.stdout).not.toMatch(/argon2|Lampu-Hijau/);

    const changed = cli('staff', 'passwd', '--id', String(id), '--password', 'Sandi-Baru-2026');
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain(`Kata sandi petugas ${id} diganti.`);
  });

  it('refuses bad arguments with a clear message, writing nothing', () => {
    const badCalls: [string, string][] = [
      ['staff add --name Tanpa-Peran --phone 081299001199 --password sandi-cukup', '--roles wajib diisi'],
      ['staff add --name X --phone 12 --password sandi-cukup --roles cs', '--phone: Nomor HP tidak valid'],
      [
        'staff add --name X --phone 081299001198 --password sandi-cukup --roles raja',
        'Peran tidak dikenal: raja',
      ],
      // An admin nobody can log in as: the first admin of a new portal would lock everyone out.
      [
        'staff add --name Admin --phone 081299001197 --password sandi-cukup-panjang --roles admin',
        'Admin perlu --username',
      ],
      ['staff add --nama X', 'Opsi tidak dikenal: --nama.'],
      ['staff passwd --id abc --password sandi-cukup', '--id harus bilangan bulat positif'],
      ['staff passwd --id 1 --password pendek', '--password: '],
      ['staff passwd --id 999999 --password sandi-cukup', 'Petugas tidak ditemukan'],
    ];
    const before = cli('staff', 'list').stdout;
    for (const [args, message] of badCalls) {
      const result = cli(...args.split(' '));
      expect(result.status, args).toBe(2);
      expect(result.stderr, args).toContain(message);
    }
    expect(cli('staff', 'list').stdout).toBe(before);
  });

  it('explains an unknown command and exits non-zero', () => {
    const result = cli('seed', 'everything');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Perintah tidak dikenal: seed everything');
  });

  it('refuses to start on a database folder that is there but empty, creating and seeding nothing', () => {
    // What a failed restore of an older portal left: the server started on it, healthy, with no data.
    const emptied = mkdtempSync(path.join(tmpdir(), 'portal-kosong-'));
    try {
      mkdirSync(path.join(emptied, 'pglite'));
      const result = spawnSync(...entry('main'), {
        cwd: serverDir,
        env: { ...baseEnv, DATA_DIR: emptied },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `Gagal memulai server: Folder basis data tertanam ${path.join(emptied, 'pglite')} ada tetapi tidak berisi basis data`,
      );
      expect(result.stderr).toContain('npm run cli -- restore <berkas> --replace');
      expect(readdirSync(emptied)).toEqual(['pglite']);
      expect(readdirSync(path.join(emptied, 'pglite'))).toEqual([]);
    } finally {
      rmSync(emptied, { recursive: true, force: true });
    }
  });

  it('refuses to start on a bad setting with one line naming it', () => {
    const result = spawnSync(...entry('main'), {
      cwd: serverDir,
      env: { ...baseEnv, PORT: 'lots' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Konfigurasi tidak valid: PORT .*"lots"/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
