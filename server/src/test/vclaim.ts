import { type FakeBpjs, startFakeBpjs } from '../fake-bpjs/server.js';
import type { BpjsLink } from '../modules/bpjs/client.js';

/**
 * The fake BPJS of the repository for `ppkCode`, with VClaim's own user key, and the link the portal is
 * given to its VClaim (answers within 2 s).
 */
export async function startFakeVclaim(ppkCode: string): Promise<{ fake: FakeBpjs; link: BpjsLink }> {
  const credentials = { consId: '31415', secretKey: 'rahasia-vclaim-uji', userKey: 'kunci-antrean-uji' };
  const vclaimUserKey = 'kunci-vclaim-uji';
  const fake = await startFakeBpjs({ ...credentials, vclaimUserKey, ppkCode });
  const link = {
    baseUrl: fake.vclaimUrl,
    consId: credentials.consId,
    secretKey: credentials.secretKey,
    userKey: vclaimUserKey,
    timeoutMs: 2_000,
  };
  return { fake, link };
}
