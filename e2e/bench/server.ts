import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** `node script…` with `env`, once it answers on `port`. */
async function start(args: string[], port: number, env: Record<string, string>, cleanUp = () => {}) {
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROFILE=<folder>: each server process writes its CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const server = spawn('node', [...flags, ...args], { env: { ...process.env, ...env }, stdio: 'inherit' });
  await waitForHealth(server, base);
  return {
    base,
    pid: server.pid as number,
    /** Stops it, once; stopping a stopped server does nothing. */
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      cleanUp();
    },
  };
}

/**
 * The built portal on a fresh embedded database with the demo data, as a user starts it; `env`
 * adds or overrides variables (a DATABASE_URL uses that server instead, migrated but not seeded).
 */
export function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  return start(
    ['../server/dist/main.js'],
    port,
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
}

/** The bare Fastify route that is the ceiling of the portal's throughput (bare-route.mjs), at `/api/health`. */
export function startBareRoute(port: number): Promise<BenchServer> {
  return start([fileURLToPath(new URL('./bare-route.mjs', import.meta.url)), String(port)], port, {});
}
