import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestSimrs, type TestSimrs } from '../../server/src/test/simrs.ts';
import { end, freePorts, spawnPortal, waitFor } from './processes.ts';

// Linked mode as a hospital sets it up (docs/legacy-import.md, "Beside your SIMRS"): a SIMRS of its own on the
// machine's MariaDB (TEST_MARIADB_URL) with the legacy tables and the small sample, the change log installed
// with `cli link install`, a clerk added with `cli staff add`, and the built portal started with
// SIMRS_DATABASE_URL on a fresh embedded database of its own, which it fills from the SIMRS.

const root = new URL('../../', import.meta.url).pathname;

export interface LinkedPortal {
  /** The portal's address, `http://127.0.0.1:<port>`. */
  url: string;
  simrs: TestSimrs;
  /** Stops the portal, drops the SIMRS's database and removes the portal's folder. */
  stop(): Promise<void>;
}

/** Starts a linked portal with one staff member (`username`, `password`, `roles`) and its SIMRS. */
export async function startLinkedPortal(staff: {
  username: string;
  password: string;
  roles: string[];
}): Promise<LinkedPortal> {
  const simrs = await createTestSimrs({ sample: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-simrs-'));
  const [port] = (await freePorts(1)) as [number];
  let portal: ChildProcess | undefined;
  const stop = async () => {
    if (portal) await end(portal, 'SIGTERM');
    await simrs.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      SIMRS_DATABASE_URL: simrs.url,
      WORKERS: '1',
      LOG_LEVEL: 'warn',
    };
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, ['server/dist/cli.js', ...args], { cwd: root, env, stdio: 'pipe' });
    cli('link', 'install');
    cli(
      ...['staff', 'add', '--name', 'Rini Loket', '--phone', '081355500001', '--username', staff.username],
      ...['--password', staff.password, '--roles', staff.roles.join(',')],
    );
    const log = path.join(dir, 'portal.log');
    portal = spawnPortal(env, log);
    const url = `http://127.0.0.1:${port}`;
    await waitFor('the portal', async () => (await fetch(`${url}/api/health`)).ok, portal, log, 60_000);
    return { url, simrs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
