import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeBpjs, startFakeBpjs } from '../../server/src/fake-bpjs/server.ts';
import { end, freePorts, spawnPortal, waitFor } from './processes.ts';

// A portal with BPJS's VClaim configured, as a hospital sets it up (docs/mobile-jkn.md): the built server on
// a fresh embedded database with the demo data, beside the repository's fake BPJS, run in the spec's own
// process so that the spec can give VClaim the cards and referrals it needs and take BPJS down and up again.
// A portal of its own: with VClaim on, every JKN booking is checked, which the other specs' invented cards
// would not pass.

export const VCLAIM_PPK = 'E2EVC01';

export interface VclaimPortal {
  /** The portal's address, `http://127.0.0.1:<port>`. */
  url: string;
  bpjs: FakeBpjs;
  /** Stops the portal and the fake BPJS and removes the portal's folder. */
  stop(): Promise<void>;
}

export async function startVclaimPortal(): Promise<VclaimPortal> {
  const credentials = { consId: 'e2e-vc-cons', secretKey: 'e2e-vc-secret', userKey: 'e2e-vc-antrean' };
  const vclaimUserKey = 'e2e-vc-vclaim';
  const [port, bpjsPort] = (await freePorts(2)) as [number, number];
  const bpjs = await startFakeBpjs({ ...credentials, vclaimUserKey, ppkCode: VCLAIM_PPK }, bpjsPort);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-vclaim-'));
  let portal: ChildProcess | undefined;
  const stop = async () => {
    if (portal) await end(portal, 'SIGTERM');
    await bpjs.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_WRITE_LIMIT: '1000',
      BPJS_ANTREAN_URL: bpjs.url,
      BPJS_VCLAIM_URL: bpjs.vclaimUrl,
      BPJS_PPK_CODE: VCLAIM_PPK,
      BPJS_CONS_ID: credentials.consId,
      BPJS_SECRET_KEY: credentials.secretKey,
      BPJS_USER_KEY: credentials.userKey,
      BPJS_VCLAIM_USER_KEY: vclaimUserKey,
      // The bookings made while BPJS was down are asked about again soon after it is back.
      BPJS_VCLAIM_RECHECK_SECONDS: '2',
    };
    const log = path.join(dir, 'portal.log');
    portal = spawnPortal(env, log);
    const url = `http://127.0.0.1:${port}`;
    await waitFor('the portal', async () => (await fetch(`${url}/api/health`)).ok, portal, log, 90_000);
    return { url, bpjs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
