import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ambulanceTariffs, auditLog, tariffBooks, tariffItems } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type LoggedIn, loginAsNew } from '../../test/factories.js';

let t: TestApp;
let admin: LoggedIn;
let nurse: LoggedIn;
let bookId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  admin = await loginAsNew(t, { roles: ['admin'] });
  nurse = await loginAsNew(t, { roles: ['ward'] });
  await db.insert(ambulanceTariffs).values([
    { destination: 'Dalam Kota Makassar', price: 250000, notes: 'Termasuk perawat pendamping' },
    { destination: 'Maros', price: 450000, notes: null },
    { destination: 'Gowa (Sungguminasa)', price: 350000, notes: 'Tarif 100% pulang-pergi' },
  ]);
  const [book] = await db.insert(tariffBooks).values({ code: 'RJ', name: 'Tarif Rawat Jalan' }).returning();
  bookId = book!.id;
  await db.insert(tariffItems).values(
    Array.from({ length: 60 }, (_, i) => ({
      bookId,
      name: i % 3 === 0 ? `Pemeriksaan Laboratorium ${i}` : `Konsultasi Dokter Spesialis ${i}`,
      class: ['Kelas 1', 'Kelas 2', 'VIP'][i % 3] as string,
      price: 50000 + i * 1000,
    })),
  );
});
afterAll(() => t.app.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('ambulance tariffs (database-backed)', () => {
  it('lists destinations cheapest first, in whole Rupiah', async () => {
    const res = await get('/api/ambulance-tariffs');
    expect(res.json().map((r: { destination: string; price: number }) => [r.destination, r.price])).toEqual([
      ['Dalam Kota Makassar', 250000],
      ['Gowa (Sungguminasa)', 350000],
      ['Maros', 450000],
    ]);
  });

  it('searches destination and notes case-insensitively, taking % literally', async () => {
    const names = async (q: string) =>
      (await get(`/api/ambulance-tariffs?q=${encodeURIComponent(q)}`))
        .json()
        .map((r: { destination: string }) => r.destination);
    expect(await names('MAROS')).toEqual(['Maros']);
    expect(await names('perawat')).toEqual(['Dalam Kota Makassar']);
    expect(await names('100%')).toEqual(['Gowa (Sungguminasa)']);
    expect(await names('%')).toEqual(['Gowa (Sungguminasa)']);
    expect(await names('Bone')).toEqual([]);
  });
});

describe('service tariff books', () => {
  it('pages through a book and filters by class, with the total and the classes', async () => {
    const first = (await get(`/api/tariff-books/${bookId}/items?pageSize=25`)).json();
    expect(first.total).toBe(60);
    expect(first.items).toHaveLength(25);
    expect(first.classes).toEqual(['Kelas 1', 'Kelas 2', 'VIP']);
    const last = (await get(`/api/tariff-books/${bookId}/items?pageSize=25&page=3`)).json();
    expect(last.items).toHaveLength(10);
    const ids = new Set([...first.items, ...last.items].map((i: { id: number }) => i.id));
    expect(ids.size).toBe(35);

    const beyond = (await get(`/api/tariff-books/${bookId}/items?pageSize=25&page=9`)).json();
    expect(beyond).toMatchObject({ items: [], total: 60 });

    const vip = (await get(`/api/tariff-books/${bookId}/items?class=VIP&pageSize=200`)).json();
    expect(vip.total).toBe(20);
    expect(vip.items.every((i: { class: string }) => i.class === 'VIP')).toBe(true);
  });

  it('finds items containing the search text and nothing else', async () => {
    const res = (await get(`/api/tariff-books/${bookId}/items?q=laboratorium 1&pageSize=200`)).json();
    const names: string[] = res.items.map((i: { name: string }) => i.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.toLowerCase().includes('laboratorium 1'))).toBe(true);
    expect(res.total).toBe(names.length);
  });

  it('answers 404 for a book that does not exist, whatever its shape', async () => {
    expect((await get('/api/tariff-books/999999/items')).statusCode).toBe(404);
    expect((await get('/api/tariff-books/abc/items')).statusCode).toBe(404);
  });

  it('rejects a bad page with 400', async () => {
    const res = await get(`/api/tariff-books/${bookId}/items?page=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('page');
  });
});

describe('maintaining books (admin)', () => {
  it('adds, renames and removes books and items, writing each change to the audit log', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tariff-books',
      headers: admin.headers,
      payload: { code: 'LAB', name: 'Tarif Laboratorium' },
    });
    expect(created.statusCode).toBe(201);
    const book = created.json();
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/tariff-books',
      headers: admin.headers,
      payload: { code: 'LAB', name: 'Lagi' },
    });
    expect(dup.statusCode).toBe(409);

    const item = await t.app.inject({
      method: 'POST',
      url: `/api/tariff-books/${book.id}/items`,
      headers: admin.headers,
      payload: { name: 'Hematologi lengkap', class: 'Umum', price: 95000 },
    });
    expect(item.statusCode).toBe(201);
    const badPrice = await t.app.inject({
      method: 'POST',
      url: `/api/tariff-books/${book.id}/items`,
      headers: admin.headers,
      payload: { name: 'Gula darah', class: 'Umum', price: 12.5 },
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().error.fields.price).toBe('Tarif harus bilangan bulat rupiah.');

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/tariff-books/${book.id}/items/${item.json().id}`,
      headers: admin.headers,
      payload: { price: 99000 },
    });
    expect(changed.json()).toMatchObject({ name: 'Hematologi lengkap', price: 99000 });
    // A change that names no field changes nothing (and audits nothing).
    const unchanged = await t.app.inject({
      method: 'PATCH',
      url: `/api/tariff-books/${book.id}/items/${item.json().id}`,
      headers: admin.headers,
      payload: {},
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual(changed.json());
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tariff-books/${book.id}/items/${item.json().id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/api/tariff-books/${book.id}/items`)).json().total).toBe(0);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/tariff-books/${book.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect((await get('/api/tariff-books')).json().map((b: { code: string }) => b.code)).not.toContain('LAB');

    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'tariff.book.create',
        'tariff.item.create',
        'tariff.item.update',
        'tariff.item.delete',
        'tariff.book.delete',
      ]),
    );
    expect(actions.filter((a) => a === 'tariff.item.update')).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const payload = { code: 'X', name: 'X' };
    expect((await t.app.inject({ method: 'POST', url: '/api/tariff-books', payload })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tariff-books', headers: nurse.headers, payload }))
        .statusCode,
    ).toBe(403);
  });
});

describe('CSV import', () => {
  const importCsv = (id: number, csv: string, mode = 'replace') =>
    t.app.inject({
      method: 'POST',
      url: `/api/tariff-books/${id}/import?mode=${mode}`,
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });

  async function newBook(code: string) {
    const [book] = await t.database.db
      .insert(tariffBooks)
      .values({ code, name: `Buku ${code}` })
      .returning();
    return book!.id;
  }

  it('imports every row of a good file, replacing the book’s items', async () => {
    const id = await newBook('RAD');
    await t.database.db.insert(tariffItems).values({ bookId: id, name: 'Lama', class: 'Umum', price: 1 });
    const csv = 'nama;kelas;tarif\r\nRontgen thorax;Umum;Rp 150.000\r\n"USG abdomen; lengkap";VIP;350000\r\n';
    const res = await importCsv(id, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, updated: 0 });
    const items = (await get(`/api/tariff-books/${id}/items`)).json().items;
    expect(items.map((i: { name: string; price: number }) => [i.name, i.price])).toEqual([
      ['Rontgen thorax', 150000],
      ['USG abdomen; lengkap', 350000],
    ]);
    const appended = await importCsv(id, 'name,class,price\nCT scan kepala,Umum,1.250.000\n', 'append');
    expect(appended.json()).toEqual({ imported: 1, updated: 0 });
    expect((await get(`/api/tariff-books/${id}/items`)).json().total).toBe(3);
  });

  it('appends a service already in the book as a new price for it, with the classes spelled as known', async () => {
    const id = await newBook('APP');
    await t.database.db
      .insert(tariffItems)
      .values({ bookId: id, name: 'Konsultasi Dokter Spesialis', class: 'Kelas 1', price: 150_000 });
    const csv = [
      'nama;kelas;tarif',
      'konsultasi  dokter spesialis;kelas 1;175000',
      'Konsultasi Dokter Spesialis;Kelas III;90000',
      'Rawat luka;umum;60000',
    ].join('\n');
    const res = await importCsv(id, csv, 'append');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2, updated: 1 });
    const page = (await get(`/api/tariff-books/${id}/items`)).json();
    expect(
      page.items.map((i: { name: string; class: string; price: number }) => [i.name, i.class, i.price]),
    ).toEqual([
      ['Konsultasi Dokter Spesialis', 'Kelas 1', 175_000],
      ['Konsultasi Dokter Spesialis', 'Kelas 3', 90_000],
      ['Rawat luka', 'Umum', 60_000],
    ]);
    expect(page.classes).toEqual(['Kelas 1', 'Kelas 3', 'Umum']);
  });

  it('refuses an unknown class and a service twice in the file, by line, and imports nothing', async () => {
    const id = await newBook('CLS');
    const csv = [
      'nama,kelas,tarif',
      'Rontgen thorax,Kelas Utama,150000',
      'USG abdomen,VIP,350000',
      'usg abdomen,vip,300000',
    ].join('\n');
    const res = await importCsv(id, csv, 'append');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'baris 2': 'kelas: "Kelas Utama" tidak dikenal; gunakan VVIP, VIP, Kelas 1, Kelas 2, Kelas 3, Umum.',
      'baris 4': 'usg abdomen (VIP) sudah ada di baris 3.',
    });
    expect((await get(`/api/tariff-books/${id}/items`)).json().total).toBe(0);
  });

  it('writes a form’s class as the book spells it, whatever its case, and refuses an unknown one', async () => {
    const id = await newBook('FRM');
    const classed = (itemClass: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tariff-books/${id}/items`,
        headers: admin.headers,
        payload: { name: 'Gula darah', class: itemClass, price: 12_000 },
      });
    expect((await classed(' kelas iii ')).json()).toMatchObject({ class: 'Kelas 3' });
    const unknown = await classed('Kelas Utama');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.class).toBe(
      'Kelas "Kelas Utama" tidak dikenal; gunakan VVIP, VIP, Kelas 1, Kelas 2, Kelas 3, Umum.',
    );
  });

  it('imports nothing when any row is bad, and names each bad row', async () => {
    const id = await newBook('FIS');
    const csv = [
      'nama,kelas,tarif',
      'Fisioterapi dasar,Umum,75000',
      'Terapi wicara,,80000',
      'Terapi okupasi,Umum,80.000,50',
      ',Umum,50000',
      'Hidroterapi,Umum,12.5',
    ].join('\n');
    const res = await importCsv(id, csv);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('INVALID_CSV');
    expect(error.message).toMatch(/^4 baris tidak valid; tidak ada yang diimpor/);
    expect(Object.keys(error.fields)).toEqual(['baris 3', 'baris 4', 'baris 5', 'baris 6']);
    expect(error.fields['baris 3']).toBe('kelas: Kelas wajib diisi.');
    expect(error.fields['baris 4']).toContain('lebih banyak kolom');
    expect(error.fields['baris 5']).toBe('nama: Nama layanan wajib diisi.');
    expect(error.fields['baris 6']).toContain('tarif');
    expect((await get(`/api/tariff-books/${id}/items`)).json().total).toBe(0);
  });

  it('reads a file Excel saved in Windows-1252 with its accents and dashes, not as replacement marks', async () => {
    const id = await newBook('W1252');
    const csv = Buffer.concat([
      Buffer.from('nama;kelas;tarif\r\nKonsultasi '),
      Buffer.from([0x96, 0x20, 0x63, 0x61, 0x66, 0xe9]), // "– café" in Windows-1252
      Buffer.from(';Umum;50000\r\n'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tariff-books/${id}/import?mode=replace`,
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.json()).toEqual({ imported: 1, updated: 0 });
    const items = (await get(`/api/tariff-books/${id}/items`)).json().items;
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Konsultasi – café']);
  });

  it('refuses a file of more than 10,000 rows, naming the limit, and imports nothing', async () => {
    const id = await newBook('BIG');
    const res = await importCsv(id, `nama,kelas,tarif\n${'Rontgen,Umum,1\n'.repeat(10_001)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Paling banyak 10.000 baris per berkas.');
    expect((await get(`/api/tariff-books/${id}/items`)).json().total).toBe(0);
  });

  it('explains a header without the needed columns', async () => {
    const id = await newBook('GZ');
    const res = await importCsv(id, 'layanan,harga\nKonsultasi gizi,60000\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Baris judul harus memuat kolom kelas.');
  });
});
