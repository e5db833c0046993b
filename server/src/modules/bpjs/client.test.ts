import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBpjs, startFakeBpjs } from '../../fake-bpjs/server.js';
import { eventually } from '../../test/app.js';
import { FaultyFront } from '../../test/faulty-front.js';
import { type BpjsLink, BpjsError, callAntrean, listOf } from './client.js';

const credentials = { consId: '29876', secretKey: 'rahasia-uji-7Hq', userKey: 'kunci-pengguna-uji' };
let fake: FakeBpjs;
let link: BpjsLink;

beforeAll(async () => {
  fake = await startFakeBpjs(credentials);
  link = { baseUrl: fake.url, timeoutMs: 2_000, ...credentials };
});
afterAll(() => fake.close());
afterEach(() => fake.heal());

const booking = (kodebooking: string, extra: Record<string, unknown> = {}) => ({
  kodebooking,
  jenispasien: 'JKN',
  nomorkartu: '0001234567890',
  nik: '7371014101900001',
  nohp: '081234567890',
  kodepoli: 'INT',
  namapoli: 'PENYAKIT DALAM',
  pasienbaru: 0,
  norm: '000123',
  tanggalperiksa: '2026-12-01',
  kodedokter: 251101,
  namadokter: 'dr. Andi',
  jampraktek: '08:00-12:00',
  jeniskunjungan: 1,
  nomorreferensi: '0301R0011226K000123',
  nomorantrean: 'INT-001',
  angkaantrean: 1,
  estimasidilayani: Date.parse('2026-12-01T01:00:00Z'),
  sisakuotajkn: 23,
  kuotajkn: 24,
  sisakuotanonjkn: 8,
  kuotanonjkn: 8,
  keterangan: 'Peserta harap 30 menit lebih awal guna pencatatan administrasi.',
  ...extra,
});

const post = (path: string, body: unknown, target = link) =>
  callAntrean(target, { method: 'POST', path, body });

describe('the Antrean RS client against the fake BPJS', () => {
  it('signs a booking that BPJS accepts, and a repeat after a lost answer counts as delivered', async () => {
    await expect(post('antrean/add', booking('B-ADD-1'))).resolves.toMatchObject({ code: 200 });
    await expect(post('antrean/add', booking('B-ADD-1'))).resolves.toMatchObject({ code: 208 });
    expect(fake.bookings.get('B-ADD-1')?.add).toMatchObject({ nomorantrean: 'INT-001' });
  });

  it('reads the encrypted answer: the task list BPJS holds, in the order sent', async () => {
    await post('antrean/add', booking('B-TASKS'));
    const t0 = Date.parse('2026-12-01T00:30:00Z');
    for (const [i, taskid] of [3, 4, 5].entries()) {
      await post('antrean/updatewaktu', { kodebooking: 'B-TASKS', taskid, waktu: t0 + i * 60_000 });
    }
    const answer = await post('antrean/getlisttask', { kodebooking: 'B-TASKS' });
    expect(listOf(answer.response)).toEqual([
      { kodebooking: 'B-TASKS', taskid: 3, waktu: t0 },
      { kodebooking: 'B-TASKS', taskid: 4, waktu: t0 + 60_000 },
      { kodebooking: 'B-TASKS', taskid: 5, waktu: t0 + 120_000 },
    ]);
  });

  it("carries BPJS's own refusal: a task out of order, a time going back, an unknown booking", async () => {
    await post('antrean/add', booking('B-ORDER'));
    const t0 = Date.parse('2026-12-01T00:30:00Z');
    await expect(
      post('antrean/updatewaktu', { kodebooking: 'B-ORDER', taskid: 4, waktu: t0 }),
    ).rejects.toThrow('BPJS menolak (201): Urutan Task Id tidak sesuai, harus dikirim berurutan');
    await post('antrean/updatewaktu', { kodebooking: 'B-ORDER', taskid: '3', waktu: String(t0) });
    await expect(
      post('antrean/updatewaktu', { kodebooking: 'B-ORDER', taskid: 4, waktu: t0 - 1 }),
    ).rejects.toThrow('tidak boleh kurang dari TaskId sebelumnya');
    const unknown = await post('antrean/batal', { kodebooking: 'B-NONE', keterangan: 'x' }).catch((e) => e);
    expect(unknown).toBeInstanceOf(BpjsError);
    expect(unknown).toMatchObject({ code: 201, message: 'BPJS menolak (201): Kode Booking tidak ditemukan' });
    expect(fake.bookings.get('B-ORDER')?.tasks.map((t) => t.taskid)).toEqual([3]);
  });

  it('reads the reference lists, whether BPJS wraps them in `list` or not', async () => {
    const poli = await callAntrean(link, { method: 'GET', path: 'ref/poli' });
    expect(listOf(poli.response)).toContainEqual(expect.objectContaining({ kdpoli: 'INT' }));
    expect(listOf([{ kodedokter: 1 }])).toEqual([{ kodedokter: 1 }]);
    const jadwal = await callAntrean(link, {
      method: 'GET',
      path: 'jadwaldokter/kodepoli/ANA/tanggal/2026-11-30',
    });
    expect(listOf(jadwal.response)).toContainEqual(
      expect.objectContaining({ kodedokter: 251201, jadwal: '08:00 - 12:00', hari: 1 }),
    );
  });

  it('is refused with a wrong secret or a clock far off, and never shows the secret', async () => {
    const wrong = await post('antrean/add', booking('B-WRONG'), {
      ...link,
      secretKey: 'bukan-rahasia',
    }).catch((e) => e);
    expect(wrong).toMatchObject({ code: 401, message: 'BPJS menolak (401): Signature tidak valid' });
    const late = await callAntrean(
      link,
      { method: 'GET', path: 'ref/poli' },
      () => Date.now() - 3_600_000,
    ).catch((e) => e);
    expect(late.message).toBe('BPJS menolak (401): Timestamp tidak valid');
    expect(fake.bookings.has('B-WRONG')).toBe(false);
    expect(`${wrong.message} ${late.message}`).not.toContain(credentials.secretKey);
  });

  it('fails clearly when BPJS is down, slow or failing, and works again after', async () => {
    fake.fail({ mode: 'down' }, 1);
    await expect(post('antrean/add', booking('B-DOWN'))).rejects.toThrow('BPJS menjawab HTTP 503 tanpa JSON');
    fake.fail({ mode: 'slow', delayMs: 400 }, 1);
    await expect(post('antrean/add', booking('B-SLOW'), { ...link, timeoutMs: 100 })).rejects.toThrow(
      'BPJS tidak menjawab dalam 100 ms',
    );
    // The late call still went through: sent again, it is delivered, not failed.
    await eventually(async () => (fake.bookings.has('B-SLOW') ? true : undefined), { what: 'the late call' });
    await expect(post('antrean/add', booking('B-SLOW'))).resolves.toMatchObject({ code: 208 });
    fake.fail({ mode: 'refuse' });
    await expect(post('antrean/add', booking('B-DOWN'))).rejects.toThrow(
      'Terjadi kesalahan pada server BPJS',
    );
    fake.heal();
    await expect(post('antrean/add', booking('B-DOWN'))).resolves.toMatchObject({ code: 200 });
    await fake.close().catch(() => undefined);
    const gone = await post('antrean/add', booking('B-GONE')).catch((e) => e);
    expect(gone.message).toMatch(/^BPJS tidak dapat dihubungi/);
    fake = await startFakeBpjs(credentials);
    link = { ...link, baseUrl: fake.url };
  });

  it('tells a garbled answer in its own words: another JSON shape, a response it cannot decrypt', async () => {
    const json = (body: string) => ({ status: 200, type: 'application/json', body });
    const ok = '"metadata":{"code":200,"message":"Ok."}';
    const front = new FaultyFront(fake.url, [
      json('null'),
      json('[]'),
      json('{"metaData":{"code":"200","message":"OK"}}'),
      json(`{${ok},"response":"bukan-terenkripsi"}`),
      json(`{${ok},"response":"${Buffer.alloc(32).toString('base64')}"}`),
    ]);
    await front.set('garbage');
    const garbled = { ...link, baseUrl: `${await front.listen()}/antreanrs` };
    const messages = [];
    for (let i = 0; i < 5; i++) {
      messages.push(await post('antrean/getlisttask', { kodebooking: 'B-TASKS' }, garbled).catch((e) => e));
    }
    await front.close();
    expect(messages.every((m) => m instanceof BpjsError)).toBe(true);
    expect(messages.map((m) => m.message)).toEqual([
      'BPJS menjawab HTTP 200 tanpa metadata',
      'BPJS menjawab HTTP 200 tanpa metadata',
      'BPJS menjawab HTTP 200 tanpa metadata',
      'Jawaban BPJS tidak dapat dibuka (dekripsi gagal)',
      'Jawaban BPJS tidak dapat dibuka (dekripsi gagal)',
    ]);
  });
});
