import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

// The processes a spec starts beside the suite's own server (a portal of its own, nginx): free ports for
// them, the built portal started, a wait until one is ready, and its end.

const root = new URL('../../', import.meta.url).pathname;

/** `count` different free ports on loopback, all held until each is known. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Retries `check` every 100 ms until it holds, `process` ends (an error naming `log`) or `ms` pass. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  process: ChildProcess,
  log: string,
  ms: number,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (process.exitCode !== null || process.signalCode !== null) {
      throw new Error(`${what} ended at start:\n${readFileSync(log, 'utf8').slice(-3000)}`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not ready after ${ms} ms:\n${readFileSync(log, 'utf8').slice(-3000)}`);
}

/** Starts the built portal (`server/dist/main.js`) with `env` and a PATH, its output appended to `log`. */
export function spawnPortal(env: Record<string, string>, log: string): ChildProcess {
  const logFd = openSync(log, 'a');
  const portal = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  return portal;
}

/** Ends a child with `signal`, and with SIGKILL after 10 s. */
export async function end(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await ended;
  clearTimeout(timer);
}
