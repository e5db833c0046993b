import type {
  AmbulanceTariff,
  AmbulanceTariffHistoryEntry,
  AmbulanceTariffImportResult,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ambulanceTariffs, auditLog } from '../../db/schema/index.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import { type LoggedIn, loginAsNew, type StaffLogin } from '../../test/factories.js';

// Each test works on destinations of its own, so that the tests read alone and in any order.

let t: TestApp;
let admin: StaffLogin;
let nurse: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'], name: 'Andi Admin Tarif' });
  nurse = await loginAsNew(t, { roles: ['orders', 'ward'] });
});
afterAll(() => t.app.close());

type Payload = Record<string, unknown>;

const create = (payload: Payload, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/ambulance-tariffs', headers, payload });
const update = (id: number, payload: Payload, headers = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/ambulance-tariffs/${id}`, headers, payload });
const retire = (id: number, headers = admin.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/ambulance-tariffs/${id}`, headers });
const history = async (id: number) =>
  ok<AmbulanceTariffHistoryEntry[]>(
    await t.app.inject({
      method: 'GET',
      url: `/api/ambulance-tariffs/${id}/history`,
      headers: admin.headers,
    }),
  );
const importCsv = (csv: string, mode?: 'preview' | 'apply', headers = admin.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ambulance-tariffs/import${mode ? `?mode=${mode}` : ''}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
const publicList = async (q: string) =>
  ok<AmbulanceTariff[]>(
    await t.app.inject({ method: 'GET', url: `/api/ambulance-tariffs?q=${encodeURIComponent(q)}` }),
  );

async function added(payload: Payload): Promise<AmbulanceTariff> {
  return ok<AmbulanceTariff>(await create(payload), 201);
}

describe('adding, changing and retiring ambulance tariffs (database-backed)', () => {
  it('adds a tariff that the public list then shows, in whole Rupiah, with blank notes as none', async () => {
    const tariff = await added({ destination: '  Kabupaten Barru  ', price: 1_250_000, notes: '  ' });
    expect(tariff).toEqual({
      id: expect.any(Number),
      destination: 'Kabupaten Barru',
      price: 1_250_000,
      notes: null,
    });
    expect(await publicList('barru')).toEqual([tariff]);
  });

  it('refuses bad input field by field, in Indonesian, and stores nothing', async () => {
    const res = await create({ destination: ' ', price: 12.5, notes: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      destination: 'Tujuan wajib diisi.',
      price: 'Tarif harus bilangan bulat rupiah.',
      notes: 'Keterangan paling panjang 500 karakter.',
    });
    expect(errorOf(await create({ destination: 'Takalar', price: -1 })).fields).toEqual({
      price: 'Tarif tidak boleh negatif.',
    });
    expect(errorOf(await create({ destination: 'Takalar' })).fields).toEqual({ price: 'Tarif wajib diisi.' });
    expect(await publicList('takalar')).toEqual([]);
  });

  it('answers 409 with a clear message for a destination in use, whatever its case', async () => {
    const first = await added({ destination: 'Kabupaten Sinjai', price: 1_750_000 });
    const again = await create({ destination: 'KABUPATEN SINJAI', price: 1_800_000 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'DESTINATION_TAKEN',
      message:
        'Tujuan "KABUPATEN SINJAI" sudah ada di daftar tarif. Ubah tarif yang ada, atau nonaktifkan dulu.',
    });
    const other = await added({ destination: 'Kabupaten Bulukumba', price: 1_700_000 });
    const renamed = await update(other.id, { destination: 'kabupaten sinjai', price: 1_700_000 });
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).code).toBe('DESTINATION_TAKEN');
    expect(await publicList('sinjai')).toEqual([first]);
    expect(await publicList('bulukumba')).toEqual([other]);
  });

  it('changes a tariff as a whole: notes left out are none', async () => {
    const tariff = await added({
      destination: 'Kabupaten Pangkep',
      price: 900_000,
      notes: 'Belum termasuk tol',
    });
    const changed = ok<AmbulanceTariff>(
      await update(tariff.id, { destination: 'Kabupaten Pangkajene (Pangkep)', price: 950_000 }),
    );
    expect(changed).toEqual({
      id: tariff.id,
      destination: 'Kabupaten Pangkajene (Pangkep)',
      price: 950_000,
      notes: null,
    });
    expect(await publicList('pangk')).toEqual([changed]);
    expect(errorOf(await update(tariff.id, { destination: 'X', price: 'mahal' })).fields).toEqual({
      price: 'Tarif harus berupa angka rupiah.',
    });
    expect((await update(999_999, { destination: 'X', price: 1 })).statusCode).toBe(404);
  });

  it('retires a tariff: hidden from the public, no longer changeable, and its destination free again', async () => {
    const tariff = await added({ destination: 'Kabupaten Jeneponto', price: 900_000 });
    expect((await retire(tariff.id)).statusCode).toBe(204);
    expect(await publicList('jeneponto')).toEqual([]);
    expect((await retire(tariff.id)).statusCode).toBe(404);
    expect((await update(tariff.id, { destination: 'Kabupaten Jeneponto', price: 1 })).statusCode).toBe(404);

    const readded = await added({ destination: 'kabupaten jeneponto', price: 950_000 });
    expect(readded.id).not.toBe(tariff.id);
    expect(await publicList('jeneponto')).toEqual([readded]);
    // The retired row stays for the record.
    const [kept] = await t.database.db
      .select()
      .from(ambulanceTariffs)
      .where(eq(ambulanceTariffs.id, tariff.id));
    expect(kept).toMatchObject({ destination: 'Kabupaten Jeneponto', price: 900_000 });
    expect(kept?.deletedAt).toBeInstanceOf(Date);
  });

  it('keeps the history of a tariff: who, when, and each field’s old and new value, newest first', async () => {
    const tariff = await added({ destination: 'Kabupaten Bantaeng', price: 1_250_000, notes: 'Tol' });
    await update(tariff.id, { destination: 'Kabupaten Bantaeng', price: 1_300_000, notes: 'Tol' });
    // Saving without a change is no change.
    await update(tariff.id, { destination: 'Kabupaten Bantaeng', price: 1_300_000, notes: 'Tol' });
    await update(tariff.id, { destination: 'Bantaeng', price: 1_300_000, notes: null });
    await retire(tariff.id);

    const entries = await history(tariff.id);
    const who = { id: admin.member.id, name: 'Andi Admin Tarif' };
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'retire',
        imported: false,
        staff: who,
        changes: [],
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'update',
        imported: false,
        staff: who,
        changes: [
          { field: 'destination', from: 'Kabupaten Bantaeng', to: 'Bantaeng' },
          { field: 'notes', from: 'Tol', to: null },
        ],
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'update',
        imported: false,
        staff: who,
        changes: [{ field: 'price', from: 1_250_000, to: 1_300_000 }],
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'create',
        imported: false,
        staff: who,
        changes: [
          { field: 'destination', from: null, to: 'Kabupaten Bantaeng' },
          { field: 'price', from: null, to: 1_250_000 },
          { field: 'notes', from: null, to: 'Tol' },
        ],
      },
    ]);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/ambulance-tariffs/999999/history',
      headers: admin.headers,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('who may change the tariffs', () => {
  it('is admins only: 401 anonymous, 403 other staff, 403 without the CSRF token; nothing changes', async () => {
    const tariff = await added({ destination: 'Kabupaten Soppeng', price: 1_500_000 });
    const payload = { destination: 'Kabupaten Soppeng', price: 1 };
    const anonymous = { 'x-forwarded-for': '10.9.9.9' };
    const noCsrf = { cookie: admin.cookie };
    for (const headers of [anonymous, nurse.headers, noCsrf]) {
      const expected = headers === anonymous ? 401 : 403;
      expect((await create({ destination: 'Kabupaten Wajo', price: 1 }, headers)).statusCode).toBe(expected);
      expect((await update(tariff.id, payload, headers)).statusCode).toBe(expected);
      expect((await retire(tariff.id, headers)).statusCode).toBe(expected);
      expect((await importCsv('tujuan,tarif\nKabupaten Wajo,1\n', 'apply', headers)).statusCode).toBe(
        expected,
      );
    }
    expect(errorOf(await retire(tariff.id, noCsrf)).code).toBe('CSRF_TOKEN_INVALID');
    expect(errorOf(await retire(tariff.id, nurse.headers)).code).toBe('FORBIDDEN');
    const historyOf = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/ambulance-tariffs/${tariff.id}/history`, headers });
    expect((await historyOf({})).statusCode).toBe(401);
    expect((await historyOf(nurse.headers)).statusCode).toBe(403);
    expect(await publicList('soppeng')).toEqual([tariff]);
    expect(await publicList('wajo')).toEqual([]);
  });
});

describe('CSV import of ambulance tariffs', () => {
  it('previews without changing anything: added, updated, unchanged and rejected rows with reasons', async () => {
    const maros = await added({ destination: 'Impor Maros', price: 450_000, notes: 'Pulang-pergi' });
    const gowa = await added({ destination: 'Impor Gowa', price: 350_000, notes: null });
    const csv = [
      'Tujuan;Tarif;Keterangan',
      'impor maros;Rp 475.000;Pulang-pergi',
      'IMPOR GOWA;350000;',
      'Impor Takalar;600.000;Belum termasuk tol',
      'Impor Bone;12,5;',
      ';100000;',
      'Impor Takalar;650000;',
      'Impor Sidrap;100;x;y',
    ].join('\r\n');
    const preview = ok<AmbulanceTariffImportResult>(await importCsv(csv));
    expect(preview).toMatchObject({ applied: false, added: 1, updated: 1, unchanged: 1, rejected: 4 });
    expect(preview.rows).toEqual([
      {
        line: 2,
        status: 'updated',
        destination: 'impor maros',
        price: 475_000,
        notes: 'Pulang-pergi',
        previous: { price: 450_000, notes: 'Pulang-pergi' },
        reason: null,
      },
      {
        line: 3,
        status: 'unchanged',
        destination: 'IMPOR GOWA',
        price: 350_000,
        notes: null,
        previous: { price: 350_000, notes: null },
        reason: null,
      },
      {
        line: 4,
        status: 'added',
        destination: 'Impor Takalar',
        price: 600_000,
        notes: 'Belum termasuk tol',
        previous: null,
        reason: null,
      },
      expect.objectContaining({
        line: 5,
        status: 'rejected',
        destination: 'Impor Bone',
        reason: 'tarif: "12,5" bukan jumlah rupiah bulat.',
      }),
      expect.objectContaining({ line: 6, status: 'rejected', reason: 'tujuan: Tujuan wajib diisi.' }),
      expect.objectContaining({ line: 7, status: 'rejected', reason: 'tujuan: sama dengan baris 4.' }),
      expect.objectContaining({
        line: 8,
        status: 'rejected',
        reason: expect.stringContaining('lebih banyak kolom'),
      }),
    ]);
    expect(await publicList('impor')).toEqual([gowa, maros]);
  });

  it('applies all rows or none: one rejected row and nothing changes, each bad line named', async () => {
    const csv = 'tujuan,tarif\nImpor Pinrang,1.500.000\nImpor Enrekang,gratis\n';
    const refused = await importCsv(csv, 'apply');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'INVALID_CSV',
      message: '1 baris tidak valid; tidak ada yang diimpor. Perbaiki lalu unggah ulang.',
      fields: { 'baris 3': 'tarif: "gratis" bukan jumlah rupiah bulat.' },
    });
    expect(await publicList('pinrang')).toEqual([]);
  });

  it('applies a good file: updates prices by destination, adds new ones, and audits each change', async () => {
    const palopo = await added({ destination: 'Impor Palopo', price: 3_000_000, notes: 'Menginap sopir' });
    const toraja = await added({ destination: 'Impor Toraja', price: 3_500_000, notes: 'Jalan gunung' });
    // No notes column: the notes of updated tariffs stay as they are.
    const csv = 'destination,price\nIMPOR PALOPO,3.250.000\nImpor Toraja,3500000\nImpor Luwu,2750000\n';
    const result = ok<AmbulanceTariffImportResult>(await importCsv(csv, 'apply'));
    expect(result).toMatchObject({ applied: true, added: 1, updated: 1, unchanged: 1, rejected: 0 });

    const list = await publicList('impor');
    const luwu = list.find((tariff) => tariff.destination === 'Impor Luwu');
    expect(list.filter((tariff) => /Palopo|Toraja|Luwu/.test(tariff.destination))).toEqual([
      { id: luwu?.id, destination: 'Impor Luwu', price: 2_750_000, notes: null },
      { ...palopo, price: 3_250_000 },
      toraja,
    ]);

    const [change] = await history(palopo.id);
    expect(change).toMatchObject({
      action: 'update',
      imported: true,
      staff: { id: admin.member.id },
      changes: [{ field: 'price', from: 3_000_000, to: 3_250_000 }],
    });
    expect((await history(luwu?.id ?? 0))[0]).toMatchObject({ action: 'create', imported: true });
    expect(await history(toraja.id)).toHaveLength(1);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.staffId, admin.member.id));
    expect(rows.filter((row) => row.action.startsWith('ambulance_tariff.import.'))).toHaveLength(2);

    // The same file again changes nothing.
    const again = ok<AmbulanceTariffImportResult>(await importCsv(csv, 'apply'));
    expect(again).toMatchObject({ applied: true, added: 0, updated: 0, unchanged: 3, rejected: 0 });
  });

  it('adds a retired destination again instead of changing the retired tariff', async () => {
    const old = await added({ destination: 'Impor Parepare', price: 1_750_000 });
    await retire(old.id);
    const result = ok<AmbulanceTariffImportResult>(
      await importCsv('tujuan;tarif\nImpor Parepare;1.800.000', 'apply'),
    );
    expect(result).toMatchObject({ added: 1, updated: 0 });
    const [now] = await publicList('parepare');
    expect(now).toMatchObject({ destination: 'Impor Parepare', price: 1_800_000 });
    expect(now?.id).not.toBe(old.id);
  });

  it('explains a file it cannot read', async () => {
    const header = await importCsv('kota,biaya\nMaros,1\n');
    expect(header.statusCode).toBe(400);
    expect(errorOf(header)).toEqual({
      code: 'INVALID_CSV',
      message: 'Baris judul harus memuat kolom tujuan, tarif.',
      fields: {
        'baris 1':
          'Kolom yang dikenal: tujuan (atau destination, zona), tarif (atau price, harga), keterangan (atau notes, catatan, ket).',
      },
    });
    expect(errorOf(await importCsv('tujuan,tarif\n')).message).toBe('Berkas CSV tidak berisi baris data.');
    expect(errorOf(await importCsv('tujuan,tarif\n"Maros,1\n')).message).toContain('tidak ditutup');
    expect((await importCsv('tujuan,tarif\nMaros,1', 'hapus' as 'apply')).statusCode).toBe(400);
  });
});
