import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BenchServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitForHealth(server: ChildProcess, base: string) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('server exited before it was ready');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

/**
 * The built portal on a fresh embedded database with the demo data, as a user starts it; `env`
 * adds or overrides variables (a DATABASE_URL uses that server instead, migrated but not seeded).
 */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['../server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: 'inherit',
  });
  await waitForHealth(server, base);
  return {
    base,
    pid: server.pid as number,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
