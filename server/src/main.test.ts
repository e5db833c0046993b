import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry points, run as the operator runs them (TypeScript through tsx).
const serverDir = path.resolve(import.meta.dirname, '..');
const node = [process.execPath, '--import', 'tsx', '--conditions=source'];
const dataRoot = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
const baseEnv = { ...process.env, DATA_DIR: dataRoot, LOG_LEVEL: 'info', DATABASE_URL: '' };
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function start(): Promise<Running> {
  const port = await freePort();
  const child = spawn(node[0] as string, [...node.slice(1), 'src/main.ts'], {
    cwd: serverDir,
    env: { ...baseEnv, PORT: String(port) },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    if (output.includes('Server listening')) return { child, output: () => output, port };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

function cli(...args: string[]) {
  return spawnSync(node[0] as string, [...node.slice(1), 'src/cli.ts', ...args], {
    cwd: serverDir,
    env: baseEnv,
    encoding: 'utf8',
  });
}

describe('starting and stopping the portal server', () => {
  it('creates and seeds a new embedded database once, serves health, and shuts down cleanly', async () => {
    const first = await start();
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(first.output()).toContain('demo data loaded');
    expect(first.output()).toContain('database: pglite');
    expect(existsSync(path.join(dataRoot, 'pglite.lock'))).toBe(true);

    // The CLI must not open the folder while the server holds it.
    const busy = cli('seed', 'demo');
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('sedang dipakai');

    expect(await stop(first)).toBe(0);
    expect(existsSync(path.join(dataRoot, 'pglite.lock'))).toBe(false);

    const second = await start();
    expect(second.output()).not.toContain('demo data loaded');
    expect(await stop(second)).toBe(0);
  });

  it('loads the demo data again through the CLI without duplicating anything', () => {
    const result = cli('seed', 'demo');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('patients: 0 baris baru');
    expect(result.stdout).toContain('Data demo siap di pglite.');
  });

  it('explains an unknown command and exits non-zero', () => {
    const result = cli('seed', 'everything');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Perintah tidak dikenal: seed everything');
  });

  it('refuses to start on a bad setting with one line naming it', () => {
    const result = spawnSync(node[0] as string, [...node.slice(1), 'src/main.ts'], {
      cwd: serverDir,
      env: { ...baseEnv, PORT: 'lots' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Konfigurasi tidak valid: PORT .*"lots"/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
