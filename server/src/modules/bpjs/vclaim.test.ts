import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeVclaimFixtures } from '../../fake-bpjs/reference.js';
import { type FakeBpjs, startFakeBpjs } from '../../fake-bpjs/server.js';
import { BpjsError, type BpjsLink } from './client.js';
import { Vclaim } from './vclaim.js';

const credentials = { consId: '16180', secretKey: 'rahasia-vclaim-klien', userKey: 'kunci-antrean-klien' };
const vclaimUserKey = 'kunci-vclaim-klien';
const today = '2026-11-29';
let fake: FakeBpjs;
let link: BpjsLink;

beforeAll(async () => {
  fake = await startFakeBpjs({
    ...credentials,
    vclaimUserKey,
    vclaim: fakeVclaimFixtures(today, 'RSUJI001'),
  });
  link = { ...credentials, baseUrl: fake.vclaimUrl, userKey: vclaimUserKey, timeoutMs: 2_000 };
});
afterAll(() => fake.close());

describe('the VClaim client against the fake BPJS', () => {
  it('reads a participant by card and by NIK from the encrypted answer', async () => {
    const vclaim = new Vclaim(link);
    const byCard = await vclaim.participant('card', '0001234567890', today);
    expect(byCard).toEqual({
      found: {
        cardNo: '0001234567890',
        nik: '3171010101800001',
        name: 'BUDI SANTOSO',
        active: true,
        status: 'AKTIF',
        careClass: 'KELAS III',
        primaryCare: { code: '0114B003', name: 'PUSKESMAS KECAMATAN MENTENG' },
        careClassCode: '3',
        participantType: 'PEGAWAI SWASTA',
        otherInsurer: null,
      },
    });
    expect(await vclaim.participant('nik', '3171010101800002', today)).toMatchObject({
      found: { name: 'SITI AMINAH', active: false, status: 'TIDAK AKTIF KARENA TUNGGAKAN' },
    });
  });

  it("keeps BPJS's own words when it finds nothing", async () => {
    const vclaim = new Vclaim(link);
    expect(await vclaim.participant('card', '0000000000000', today)).toEqual({
      refused: 'Data Peserta Tidak Ditemukan',
    });
    expect(await vclaim.referral('hospital', '0114B0030126P000101')).toEqual({
      refused: 'Data Rujukan Tidak Ditemukan',
    });
  });

  it('reads a referral: when it was issued, for which clinic, to which hospital', async () => {
    const found = await new Vclaim(link).referral('primary', '0114B0030126P000101');
    expect(found).toEqual({
      found: {
        number: '0114B0030126P000101',
        issuedOn: '2026-11-19',
        cardNo: '0001234567890',
        clinic: { code: 'INT', name: 'PENYAKIT DALAM' },
        referrer: { code: '0114B003', name: 'PUSKESMAS KECAMATAN MENTENG' },
        addressedTo: { code: 'RSUJI001', name: 'RS DEMO' },
        diagnosis: { code: 'I10', name: 'Essential (primary) hypertension' },
      },
    });
  });

  it("reads a control letter: the visit's clinic and DPJP, and the referral of the earlier visit", async () => {
    const found = await new Vclaim(link).controlLetter('RSUJI0010126K000001');
    expect(found).toEqual({
      found: {
        number: 'RSUJI0010126K000001',
        plannedOn: today,
        cardNo: '0001234567890',
        clinic: { code: 'INT', name: 'PENYAKIT DALAM' },
        doctor: { code: '251101', name: 'Letkol Ckm dr. Andi Muhammad Arief, Sp.PD' },
        diagnosis: 'I10 - Essential (primary) hypertension',
        referral: {
          source: 'primary',
          number: '0114B0030126P000101',
          issuedOn: '2026-11-19',
          referrer: { code: '0114B003', name: 'PUSKESMAS KECAMATAN MENTENG' },
        },
      },
    });
    expect(await new Vclaim(link).diagnoses('hypert')).toEqual([
      { code: 'I10', name: 'I10 - Essential (primary) hypertension' },
    ]);
  });

  it("signs with VClaim's own user key: the Antrean RS key is refused, not taken for a missing card", async () => {
    const wrong = new Vclaim({ ...link, userKey: credentials.userKey });
    const refused = await wrong.participant('card', '0001234567890', today).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BpjsError);
    expect((refused as BpjsError).message).toMatch(/User key tidak valid/);
  });

  it('asks once for the same question within the cache time, again after it', async () => {
    let now = Date.now();
    const vclaim = new Vclaim(link, 60_000, () => now);
    const asked = () => fake.calls.filter((call) => call.service === 'vclaim').length;
    await vclaim.participant('card', '0001234567890', today);
    const before = asked();
    await vclaim.participant('card', '0001234567890', today);
    expect(asked()).toBe(before);
    now += 61_000;
    await vclaim.participant('card', '0001234567890', today);
    expect(asked()).toBe(before + 1);
  });
});
