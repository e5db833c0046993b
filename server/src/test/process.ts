import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The server package: the built entry points run from here as the operator runs them (`npm start`). */
export const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * `node dist/<name>.js <args>` in the server package, as `npm start` and `npm run cli` run the portal: the
 * command and its arguments, for `spawn` and `spawnSync` with `cwd: serverDir`. The global setup builds the
 * server again first when a source is newer than its build (ensure-built.ts).
 */
export const entry = (name: 'main' | 'cli', args: readonly string[] = []): [string, string[]] => [
  process.execPath,
  [`dist/${name}.js`, ...args],
];

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const gatewaySettings = [
  'WHATSAPP_GATEWAY_URL',
  'WHATSAPP_GATEWAY_TOKEN',
  'BPJS_ANTREAN_URL',
  'BPJS_APLICARES_URL',
  'BPJS_CONS_ID',
  'BPJS_SECRET_KEY',
  'BPJS_USER_KEY',
  'BPJS_PPK_CODE',
];

/**
 * The test runner's environment without the gateways' settings (empty is unset): a server a test starts
 * never reaches a real WhatsApp gateway or BPJS, whatever the developer's shell holds.
 */
export function offline(): NodeJS.ProcessEnv {
  return { ...process.env, ...Object.fromEntries(gatewaySettings.map((name) => [name, ''])) };
}

/** `env` without DATABASE_URL: a process that runs on the embedded database (an empty one is refused). */
export function embedded(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}

export interface RunningServer {
  child: ChildProcess;
  /** Everything it wrote so far, standard output and error together. */
  output: () => string;
  port: number;
}

/**
 * Starts the built server on a free port and waits until `listening` server processes say they listen
 * (several in a cluster): up to 90 s, for a machine busy with other suites (`npm run test:faults` runs two
 * files at once, each with server processes of its own).
 */
export async function startServer(env: NodeJS.ProcessEnv, { listening = 1 } = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(...entry('main'), {
    cwd: serverDir,
    env: { ...env, PORT: String(port) },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  for (let i = 0; i < 900 && child.exitCode === null; i++) {
    if (output.split('Server listening').length > listening) return { child, output: () => output, port };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** Sends SIGTERM and resolves with the exit code. */
export function stopServer(running: RunningServer): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}
