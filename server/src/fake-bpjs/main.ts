import { fakeVclaimFixtures } from './reference.js';
import { startFakeBpjs } from './server.js';

// `npm run dev:bpjs`: the fake BPJS on FAKE_BPJS_PORT (default 3001), with the credentials the
// portal is started with (BPJS_CONS_ID, BPJS_SECRET_KEY, BPJS_USER_KEY, BPJS_VCLAIM_USER_KEY,
// BPJS_PPK_CODE), or the development ones.
const consId = process.env.BPJS_CONS_ID || 'fake-cons-id';
const secretKey = process.env.BPJS_SECRET_KEY || 'fake-secret-key';
const userKey = process.env.BPJS_USER_KEY || 'fake-user-key';
const vclaimUserKey = process.env.BPJS_VCLAIM_USER_KEY || 'fake-vclaim-user-key';
const ppkCode = process.env.BPJS_PPK_CODE || 'FAKE0001';
const port = Number(process.env.FAKE_BPJS_PORT || 3001);

const today = new Date().toISOString().slice(0, 10);
const vclaim = fakeVclaimFixtures(today, ppkCode);
const fake = await startFakeBpjs({ consId, secretKey, userKey, vclaimUserKey, ppkCode, vclaim }, port);
const root = fake.url.replace(/\/antreanrs$/, '');
console.log(`Fake BPJS Antrean RS at ${fake.url}, Aplicares at ${fake.aplicaresUrl}, VClaim at ${fake.vclaimUrl}.
Start the portal with:
  BPJS_ANTREAN_URL=${fake.url} BPJS_APLICARES_URL=${fake.aplicaresUrl} BPJS_PPK_CODE=${ppkCode}
  BPJS_CONS_ID=${consId} BPJS_SECRET_KEY=<the secret> BPJS_USER_KEY=${userKey}
  BPJS_VCLAIM_URL=${fake.vclaimUrl} BPJS_VCLAIM_USER_KEY=${vclaimUserKey}
VClaim knows the cards ${vclaim.participants.map((p) => `${p.noKartu} (${p.statusPeserta.keterangan})`).join(', ')}
and the referrals ${vclaim.referrals.map((r) => `${r.noKunjungan} (${r.poliRujukan.kode}, ${r.tglKunjungan})`).join(', ')},
the control letters ${vclaim.controlLetters.map((c) => `${c.noSuratKontrol} (${c.poliTujuan.kode}, ${c.tglRencanaKontrol})`).join(', ')}.
What it received: GET ${root}/__fake/bookings, /__fake/beds, /__fake/seps and /__fake/calls;
faults: POST /__fake/fault {"mode":"down"|"slow"|"refuse","delayMs":…,"count":…}, {} heals.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
