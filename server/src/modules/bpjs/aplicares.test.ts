import { createCipheriv, createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import LZString from 'lz-string';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBpjs, startFakeBpjs } from '../../fake-bpjs/server.js';
import { deliverBedReport, readBeds } from './aplicares.js';
import { type BpjsLink, callAplicares, listOf } from './client.js';

const credentials = { consId: '31452', secretKey: 'rahasia-aplicares-4Kd', userKey: 'kunci-aplicares' };
const PPK = '0701R001';
let fake: FakeBpjs;
let link: BpjsLink;

beforeAll(async () => {
  fake = await startFakeBpjs({ ...credentials, ppkCode: PPK });
  link = { baseUrl: fake.aplicaresUrl, timeoutMs: 2_000, ...credentials };
});
afterAll(() => fake.close());
afterEach(() => fake.heal());

const bed = (koderuang: string, extra: Record<string, unknown> = {}) => ({
  kodekelas: 'KL1',
  koderuang,
  namaruang: 'Ruang Merpati (Kelas I)',
  kapasitas: 8,
  tersedia: 3,
  tersediapria: 0,
  tersediawanita: 0,
  tersediapriawanita: 3,
  ...extra,
});

const report = (operation: 'create' | 'update' | 'delete', body: object) =>
  deliverBedReport(link, { method: 'POST', path: `rest/bed/${operation}/${PPK}`, body });

describe('the Aplicares client against the fake BPJS', () => {
  it("reads BPJS's classes and the hospital's rooms in plain JSON, page by page", async () => {
    const classes = await callAplicares(link, { method: 'GET', path: 'rest/ref/kelas' });
    expect(classes).toMatchObject({ code: 1, message: 'OK' });
    expect(listOf(classes.response)).toContainEqual({ kodekelas: 'SAL', namakelas: 'BERSALIN' });

    for (let i = 1; i <= 130; i += 1) await report('create', bed(`PAGE-${i}`));
    const held = await readBeds(link, PPK);
    expect(held.filter((b) => b.koderuang.startsWith('PAGE-'))).toHaveLength(130);
    const reads = fake.calls.filter((c) => c.path === 'rest/bed/read/:kodeppk/:start/:limit');
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('sends every free-bed field and is refused for another hospital or a wrong signature', async () => {
    await expect(report('create', bed('SIG-1', { tersediapria: 1, tersediapriawanita: 2 }))).resolves.toBe(
      '1 Data berhasil disimpan.',
    );
    expect(fake.beds.get('KL1/SIG-1')).toMatchObject({ tersedia: 3, tersediapria: 1, tersediapriawanita: 2 });

    const otherHospital = await callAplicares(link, {
      method: 'POST',
      path: 'rest/bed/update/0000R000',
      body: bed('SIG-1'),
    }).catch((e) => e);
    expect(otherHospital.message).toBe('BPJS menolak (0): Kode PPK tidak sesuai');
    const forged = await callAplicares(
      { ...link, secretKey: 'bukan-rahasia' },
      { method: 'POST', path: `rest/bed/delete/${PPK}`, body: { kodekelas: 'KL1', koderuang: 'SIG-1' } },
    ).catch((e) => e);
    expect(forged).toMatchObject({ code: 401, message: 'BPJS menolak (401): Signature tidak valid' });
    expect(fake.beds.has('KL1/SIG-1')).toBe(true);
    const tooMany = await report('update', bed('SIG-1', { tersedia: 9 })).catch((e) => e);
    expect(tooMany.message).toContain('Tersedia tidak boleh melebihi kapasitas');
  });

  it('delivers a report whatever BPJS holds: create or update as needed, a delete of a room already gone is done', async () => {
    // BPJS lost the room (deleted by hand): the update becomes a create.
    await expect(report('update', bed('LOST-1'))).resolves.toBe(
      '1 Data berhasil disimpan. (create setelah update ditolak)',
    );
    // The answer to a create was lost and it is sent again: it becomes an update.
    await expect(report('create', bed('LOST-1', { tersedia: 2, tersediapriawanita: 2 }))).resolves.toBe(
      '1 Data berhasil diupdate. (update setelah create ditolak)',
    );
    expect(fake.beds.get('KL1/LOST-1')).toMatchObject({ tersedia: 2 });
    await expect(report('delete', { kodekelas: 'KL1', koderuang: 'LOST-1' })).resolves.toBe(
      '1 Data berhasil dihapus.',
    );
    await expect(report('delete', { kodekelas: 'KL1', koderuang: 'LOST-1' })).resolves.toBe(
      'BPJS menolak (0): Data tidak ada di database.; ruangan memang tidak ada lagi di BPJS',
    );
  });

  it('fails a report while BPJS is down or refusing, so that the outbox tries again', async () => {
    fake.fail({ mode: 'down' });
    await expect(report('update', bed('DOWN-1'))).rejects.toThrow('BPJS menjawab HTTP 503 tanpa JSON');
    fake.fail({ mode: 'refuse' });
    await expect(report('update', bed('DOWN-1'))).rejects.toThrow(
      'update: BPJS menolak (0): Terjadi kesalahan pada server BPJS; create: BPJS menolak (0): Terjadi kesalahan pada server BPJS',
    );
    fake.heal();
    await expect(report('update', bed('DOWN-1'))).resolves.toMatch(/^1 /);
  });
});

describe('an Aplicares that encrypts its answers like Antrean RS', () => {
  it('opens the encrypted list as well', async () => {
    const list = [{ kodekelas: 'VIP', koderuang: 'ENC-1', namaruang: 'Paviliun Kasuari' }];
    const server = createServer((request, response) => {
      const timestamp = String(request.headers['x-timestamp']);
      const key = createHash('sha256')
        .update(`${credentials.consId}${credentials.secretKey}${timestamp}`)
        .digest();
      const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
      const compressed = LZString.compressToEncodedURIComponent(JSON.stringify({ list }));
      const encrypted = Buffer.concat([cipher.update(compressed, 'utf8'), cipher.final()]).toString('base64');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ metadata: { code: 1, message: 'OK' }, response: encrypted }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const held = await readBeds({ ...link, baseUrl: `http://127.0.0.1:${port}/aplicaresws` }, PPK);
      expect(held).toEqual(list);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
