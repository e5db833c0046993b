import type { TariffBook, TariffItem } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { json, linkedSimrs, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const books: TariffBook[] = [
  { id: 2, code: 'RI', name: 'Tarif Rawat Inap' },
  { id: 1, code: 'RJ', name: 'Tarif Rawat Jalan' },
];

const item = (id: number, name: string, itemClass: string, price: number): TariffItem => ({
  id,
  name,
  class: itemClass,
  price,
});

let imported: TariffItem[] = [];

function itemsOf({ url }: MockRequest) {
  const bookId = Number(url.match(/tariff-books\/(\d+)/)?.[1]);
  const page = Number(new URL(url, 'http://portal').searchParams.get('page'));
  const items =
    bookId === 2
      ? [item(34, 'Asuhan Keperawatan per Hari', 'Kelas 1', 100_000), ...imported]
      : [item(15, 'Ekokardiografi', 'Umum', 650_000)];
  return { items: page === 1 ? items : [], total: 45 + imported.length, classes: ['Kelas 1', 'Umum'] };
}

let fetchMock: Mock<typeof fetch>;

function mockTariffs(routes: Record<string, (request: MockRequest) => unknown> = {}) {
  fetchMock = mockApi({
    'GET /api/tariff-books': () => books,
    'GET /api/tariff-books/2/items': itemsOf,
    'GET /api/tariff-books/1/items': itemsOf,
    ...routes,
  });
}

beforeEach(() => {
  imported = [];
  mockTariffs();
});

const itemRequests = (bookId: number) =>
  requestsTo(fetchMock, `GET /api/tariff-books/${bookId}/items`).map((request) => request.url);

describe('the service tariff book page', () => {
  it('opens the first book, shows its total, and pages, filters and switches books through the server', async () => {
    const { user, router } = renderApp('/tarifpelayanan');
    expect(await screen.findByRole('cell', { name: 'Asuhan Keperawatan per Hari' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Rp\u00a0100.000' })).toBeInTheDocument();
    expect(screen.getByText('45 item')).toBeInTheDocument();
    expect(screen.getByLabelText('Buku tarif')).toHaveDisplayValue('Tarif Rawat Inap');
    expect(itemRequests(2)).toEqual(['/api/tariff-books/2/items?page=1&pageSize=20']);

    await user.click(screen.getByRole('button', { name: 'Halaman 2' }));
    await waitFor(() => expect(itemRequests(2).at(-1)).toBe('/api/tariff-books/2/items?page=2&pageSize=20'));
    expect(router.state.location.search).toBe('?page=2');

    await user.selectOptions(screen.getByLabelText('Kelas'), 'Kelas 1');
    await waitFor(() =>
      expect(itemRequests(2).at(-1)).toBe('/api/tariff-books/2/items?page=1&pageSize=20&class=Kelas+1'),
    );

    await user.selectOptions(screen.getByLabelText('Buku tarif'), 'Tarif Rawat Jalan');
    expect(await screen.findByRole('cell', { name: 'Ekokardiografi' })).toBeInTheDocument();
    expect(itemRequests(1)).toEqual(['/api/tariff-books/1/items?page=1&pageSize=20']);
    expect(router.state.location.search).toBe('?book=1');
  });

  it('searches the items of the book from the first page on', async () => {
    const { user, router } = renderApp('/tarifpelayanan?book=2&page=2');
    await screen.findByRole('button', { name: 'Halaman 2' });

    await user.type(screen.getByLabelText('Cari layanan'), 'asuhan');
    await waitFor(() =>
      expect(itemRequests(2).at(-1)).toBe('/api/tariff-books/2/items?page=1&pageSize=20&q=asuhan'),
    );
    expect(router.state.location.search).toBe('?book=2&q=asuhan');
  });

  it('offers no changes to the public', async () => {
    renderApp('/tarifpelayanan');
    await screen.findByRole('cell', { name: 'Asuhan Keperawatan per Hari' });
    expect(screen.queryByRole('button', { name: 'Impor CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Aksi' })).not.toBeInTheDocument();
  });

  describe('for an admin', () => {
    const admin = { 'GET /api/auth/me': () => sessionWith(['admin'], 'Andi Syahrir Mappaseng') };
    beforeEach(() => setStaffHint());

    it('in linked mode, says the books are kept in the SIMRS and offers no changes', async () => {
      mockTariffs({ ...admin, ...linkedSimrs });
      renderApp('/tarifpelayanan');
      await screen.findByRole('cell', { name: 'Asuhan Keperawatan per Hari' });
      expect(await screen.findByRole('note')).toHaveTextContent(
        'Buku tarif dikelola di SIMRS: ubah di SIMRS. Perubahannya tampil di sini dalam satu menit.',
      );
      expect(screen.queryByRole('toolbar', { name: 'Kelola buku tarif' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Impor CSV' })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Aksi' })).not.toBeInTheDocument();
    });

    it('offers every change standalone, without a note', async () => {
      mockTariffs(admin);
      renderApp('/tarifpelayanan');
      await screen.findByRole('cell', { name: 'Asuhan Keperawatan per Hari' });
      await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/system/simrs')).toHaveLength(1));
      expect(screen.getByRole('toolbar', { name: 'Kelola buku tarif' })).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Ubah Asuhan Keperawatan per Hari (Kelas 1)' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('note')).not.toBeInTheDocument();
    });
  });

  describe('CSV import by an admin', () => {
    const badRows = {
      'baris 3': 'tarif: "12,5" bukan jumlah rupiah bulat.',
      'baris 5': 'kelas: Kelas wajib diisi.',
    };

    beforeEach(() => {
      setStaffHint();
      mockTariffs({
        'GET /api/auth/me': () => sessionWith(['admin'], 'Andi Syahrir Mappaseng'),
        'POST /api/tariff-books/2/import': ({ body }: MockRequest) => {
          if (String(body).includes('12,5')) {
            return json(
              {
                error: {
                  code: 'INVALID_CSV',
                  message: '2 baris tidak valid; tidak ada yang diimpor. Perbaiki lalu unggah ulang.',
                  fields: badRows,
                },
              },
              400,
            );
          }
          imported = [item(90, 'Visite Dokter Spesialis', 'Kelas 1', 150_000)];
          return { imported: 3, updated: 0 };
        },
      });
    });

    async function openImport() {
      const app = renderApp('/tarifpelayanan');
      await screen.findByRole('cell', { name: 'Asuhan Keperawatan per Hari' });
      await app.user.click(screen.getByRole('button', { name: 'Impor CSV' }));
      const dialog = await screen.findByRole('dialog', { name: 'Impor CSV ke Tarif Rawat Inap' });
      return { ...app, dialog };
    }

    const csv = (text: string) => new File([text], 'tarif.csv', { type: 'text/csv' });

    it('lists every bad line of a refused file and says that nothing was imported', async () => {
      const { user, dialog } = await openImport();
      const content =
        'nama;kelas;tarif\nVisite;Kelas 1;150.000\nInfus;Kelas 1;12,5\nEKG;Umum;85000\nGizi;;75000\n';
      await user.upload(within(dialog).getByLabelText('Berkas CSV'), csv(content));
      await user.click(within(dialog).getByRole('radio', { name: 'Tambahkan ke item yang ada' }));
      await user.click(within(dialog).getByRole('button', { name: 'Impor' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Tidak ada item yang diimpor.');
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toEqual(['baris 3: tarif: "12,5" bukan jumlah rupiah bulat.', 'baris 5: kelas: Kelas wajib diisi.']);
      const [request] = requestsTo(fetchMock, 'POST /api/tariff-books/2/import');
      expect(request?.url).toBe('/api/tariff-books/2/import?mode=append');
      expect(request?.headers.get('Content-Type')).toBe('text/csv');
      expect(request?.headers.get('x-csrf-token')).toBe('token');
      expect(request?.body).toBe(content);
      expect(screen.getByRole('dialog', { name: 'Impor CSV ke Tarif Rawat Inap' })).toBeInTheDocument();
    });

    it('imports a good file, says how many items came in and shows them', async () => {
      const { user, dialog } = await openImport();
      await user.upload(
        within(dialog).getByLabelText('Berkas CSV'),
        csv('nama,kelas,tarif\nVisite Dokter Spesialis,Kelas 1,Rp 150.000\n'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Impor' }));

      expect(await screen.findByText('3 item diimpor.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByRole('cell', { name: 'Visite Dokter Spesialis' })).toBeInTheDocument();
      expect(requestsTo(fetchMock, 'POST /api/tariff-books/2/import')[0]?.url).toBe(
        '/api/tariff-books/2/import?mode=replace',
      );
    });

    it('says how many items of the book an appended file gave a new tariff', async () => {
      mockTariffs({
        'GET /api/auth/me': () => sessionWith(['admin'], 'Andi Syahrir Mappaseng'),
        'POST /api/tariff-books/2/import': () => ({ imported: 1, updated: 2 }),
      });
      const { user, dialog } = await openImport();
      expect(dialog).toHaveTextContent(
        'Kelas: VVIP, VIP, Kelas 1, Kelas 2, Kelas 3, Umum (huruf besar atau kecil)',
      );
      await user.upload(
        within(dialog).getByLabelText('Berkas CSV'),
        csv('nama,kelas,tarif\nVisite Dokter Spesialis,kelas 1,Rp 175.000\n'),
      );
      await user.click(within(dialog).getByRole('radio', { name: 'Tambahkan ke item yang ada' }));
      await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
      expect(
        await screen.findByText('1 item ditambahkan; tarif 2 item yang sudah ada diperbarui.'),
      ).toBeInTheDocument();
    });

    it('asks for a file before sending anything', async () => {
      const { user, dialog } = await openImport();
      await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
      expect(within(dialog).getByLabelText('Berkas CSV')).toHaveAccessibleDescription(
        'Pilih berkas CSV terlebih dahulu.',
      );
      expect(requestsTo(fetchMock, 'POST /api/tariff-books/2/import')).toHaveLength(0);
    });
  });
});
