import type {
  AmbulanceTariff,
  AmbulanceTariffHistoryEntry,
  AmbulanceTariffImportResult,
} from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { json, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const tariffs: AmbulanceTariff[] = [
  { id: 1, destination: 'Dalam Kota Makassar (≤ 10 km)', price: 250_000, notes: 'Termasuk sopir' },
  {
    id: 3,
    destination: 'Luar Kota 20–40 km (Gowa, Maros, Takalar)',
    price: 550_000,
    notes: 'Belum termasuk tol',
  },
  { id: 8, destination: 'Luar Daerah: Palopo, Tana Toraja', price: 3_500_000, notes: null },
];

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = mockApi({
    'GET /api/ambulance-tariffs': ({ url }: MockRequest) => {
      const q = new URL(url, 'http://portal').searchParams.get('q')?.toLowerCase() ?? '';
      return tariffs.filter((t) => `${t.destination} ${t.notes ?? ''}`.toLowerCase().includes(q));
    },
  });
});

const searches = () => requestsTo(fetchMock, 'GET /api/ambulance-tariffs').map((request) => request.url);
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('the ambulance tariff page', () => {
  it('lists destination, price in Rupiah and notes, cheapest first as the server sends them', async () => {
    renderApp('/tarifambulance');
    await screen.findByRole('cell', { name: 'Dalam Kota Makassar (≤ 10 km)' });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tujuan', 'Tarif', 'Keterangan']);
    expect(rows()).toEqual([
      ['Dalam Kota Makassar (≤ 10 km)', 'Rp\u00a0250.000', 'Termasuk sopir'],
      ['Luar Kota 20–40 km (Gowa, Maros, Takalar)', 'Rp\u00a0550.000', 'Belum termasuk tol'],
      ['Luar Daerah: Palopo, Tana Toraja', 'Rp\u00a03.500.000', '—'],
    ]);
    expect(screen.getByText('3 tarif')).toBeInTheDocument();
  });

  it('searches once the typing pauses, and keeps the term in the URL', async () => {
    const { user, router } = renderApp('/tarifambulance');
    await screen.findByRole('cell', { name: 'Luar Daerah: Palopo, Tana Toraja' });

    await user.type(screen.getByLabelText('Cari tujuan atau keterangan'), 'gowa');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.[0]).toBe('Luar Kota 20–40 km (Gowa, Maros, Takalar)');
    // One request for the whole word, none for "g", "go" and "gow".
    expect(searches()).toEqual(['/api/ambulance-tariffs', '/api/ambulance-tariffs?q=gowa']);
    expect(router.state.location.search).toBe('?q=gowa');
    // Replaced, not pushed: back leaves the page instead of undoing keystrokes.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('takes no more of a pasted text than the search can look for', async () => {
    const { user } = renderApp('/tarifambulance');
    await screen.findByRole('cell', { name: 'Luar Daerah: Palopo, Tana Toraja' });
    const box = screen.getByLabelText('Cari tujuan atau keterangan');
    await user.click(box);
    await user.paste('makassar '.repeat(15));
    expect(box).toHaveValue('makassar '.repeat(15).slice(0, 100));
    await waitFor(() => expect(searches().at(-1)).toMatch(/q=makassar/));
    expect(screen.queryByText('Data yang dikirim tidak valid.')).not.toBeInTheDocument();
  });

  it('starts from the term in the URL and gets it back after going elsewhere and back', async () => {
    const { user, router } = renderApp('/tarifambulance?q=tol');
    expect(await screen.findByLabelText('Cari tujuan atau keterangan')).toHaveValue('tol');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(searches()).toEqual(['/api/ambulance-tariffs?q=tol']);

    await user.click(screen.getByRole('link', { name: 'Beranda' }));
    await screen.findByRole('heading', { level: 1, name: 'Beranda' });
    await act(() => router.navigate(-1));
    expect(await screen.findByLabelText('Cari tujuan atau keterangan')).toHaveValue('tol');
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('says so when no tariff matches', async () => {
    const { user } = renderApp('/tarifambulance');
    await screen.findByRole('cell', { name: 'Luar Daerah: Palopo, Tana Toraja' });
    await user.type(screen.getByLabelText('Cari tujuan atau keterangan'), 'jakarta');
    expect(await screen.findByText('Tidak ada tarif yang cocok.')).toBeInTheDocument();
  });
});

describe('the ambulance tariff page for the public', () => {
  it('offers no changes', async () => {
    renderApp('/tarifambulance');
    await screen.findByRole('cell', { name: 'Dalam Kota Makassar (≤ 10 km)' });
    expect(screen.queryByRole('toolbar', { name: 'Kelola tarif ambulans' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Aksi' })).not.toBeInTheDocument();
  });
});

describe('the ambulance tariffs kept by an admin', () => {
  let list: AmbulanceTariff[];

  function mockAdmin(routes: Record<string, (request: MockRequest) => unknown> = {}) {
    fetchMock = mockApi({
      'GET /api/auth/me': () => sessionWith(['admin'], 'Andi Syahrir Mappaseng'),
      'GET /api/ambulance-tariffs': () => list,
      ...routes,
    });
  }

  beforeEach(() => {
    list = [...tariffs];
    setStaffHint();
    mockAdmin();
  });

  async function openPage() {
    const app = renderApp('/tarifambulance');
    await screen.findByRole('button', { name: 'Ubah tarif Dalam Kota Makassar (≤ 10 km)' });
    return app;
  }

  it('adds a tariff, shows it in the table and says so', async () => {
    mockAdmin({
      'POST /api/ambulance-tariffs': ({ body }) => {
        const tariff = { id: 20, ...(body as Omit<AmbulanceTariff, 'id'>) };
        list = [...list, tariff];
        return json(tariff, 201);
      },
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Tambah Tarif' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Tarif Ambulans' });
    await user.type(within(dialog).getByLabelText('Tujuan'), 'Kabupaten Barru');
    await user.type(within(dialog).getByLabelText('Tarif (Rp)'), '1250000');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Tarif "Kabupaten Barru" disimpan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/ambulance-tariffs')[0]?.body).toEqual({
      destination: 'Kabupaten Barru',
      price: 1_250_000,
      notes: null,
    });
    expect(await screen.findByRole('cell', { name: 'Kabupaten Barru' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Rp\u00a01.250.000' })).toBeInTheDocument();
  });

  it('checks the form before sending, and puts a destination in use next to its field', async () => {
    mockAdmin({
      'POST /api/ambulance-tariffs': () =>
        json(
          {
            error: {
              code: 'DESTINATION_TAKEN',
              message:
                'Tujuan "maros" sudah ada di daftar tarif. Ubah tarif yang ada, atau nonaktifkan dulu.',
            },
          },
          409,
        ),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Tambah Tarif' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Tarif Ambulans' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Tujuan')).toHaveAccessibleDescription(
      expect.stringContaining('Tujuan wajib diisi.'),
    );
    expect(within(dialog).getByLabelText('Tarif (Rp)')).toHaveAccessibleDescription('Tarif wajib diisi.');
    expect(requestsTo(fetchMock, 'POST /api/ambulance-tariffs')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Tujuan'), 'maros');
    await user.type(within(dialog).getByLabelText('Tarif (Rp)'), '450000');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Tujuan')).toHaveAccessibleDescription(
        expect.stringContaining('sudah ada di daftar tarif'),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Tambah Tarif Ambulans' })).toBeInTheDocument();
  });

  it('changes a tariff through PUT with all of its fields', async () => {
    mockAdmin({
      'PUT /api/ambulance-tariffs/3': ({ body }) => {
        const tariff = { id: 3, ...(body as Omit<AmbulanceTariff, 'id'>) };
        list = list.map((each) => (each.id === 3 ? tariff : each));
        return tariff;
      },
    });
    const { user } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Ubah tarif Luar Kota 20–40 km (Gowa, Maros, Takalar)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Tarif Ambulans' });
    expect(within(dialog).getByLabelText('Keterangan')).toHaveValue('Belum termasuk tol');
    const price = within(dialog).getByLabelText('Tarif (Rp)');
    await user.clear(price);
    await user.type(price, '600000');
    await user.clear(within(dialog).getByLabelText('Keterangan'));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(
      await screen.findByText('Tarif "Luar Kota 20–40 km (Gowa, Maros, Takalar)" disimpan.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/ambulance-tariffs/3')[0]?.body).toEqual({
      destination: 'Luar Kota 20–40 km (Gowa, Maros, Takalar)',
      price: 600_000,
      notes: null,
    });
    expect(await screen.findByRole('cell', { name: 'Rp\u00a0600.000' })).toBeInTheDocument();
  });

  it('retires a tariff after asking, and the table loses it', async () => {
    mockAdmin({
      'DELETE /api/ambulance-tariffs/8': () => {
        list = list.filter((each) => each.id !== 8);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Nonaktifkan tarif Luar Daerah: Palopo, Tana Toraja' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Nonaktifkan Tarif' });
    expect(confirm).toHaveTextContent('tidak tampil lagi untuk umum');
    await user.click(within(confirm).getByRole('button', { name: 'Nonaktifkan' }));

    expect(
      await screen.findByText('Tarif "Luar Daerah: Palopo, Tana Toraja" dinonaktifkan.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('cell', { name: 'Luar Daerah: Palopo, Tana Toraja' }),
      ).not.toBeInTheDocument(),
    );
    expect(requestsTo(fetchMock, 'DELETE /api/ambulance-tariffs/8')[0]?.headers.get('x-csrf-token')).toBe(
      'token',
    );
  });

  it('shows the history of a tariff: when, who and what changed from what to what', async () => {
    const history: AmbulanceTariffHistoryEntry[] = [
      {
        id: 41,
        at: '2026-11-20T03:15:00Z',
        action: 'update',
        imported: true,
        staff: { id: 3, name: 'Andi Syahrir Mappaseng' },
        changes: [
          { field: 'price', from: 500_000, to: 550_000 },
          { field: 'notes', from: null, to: 'Belum termasuk tol' },
        ],
      },
      {
        id: 12,
        at: '2026-01-05T01:00:00Z',
        action: 'create',
        imported: false,
        staff: null,
        changes: [
          { field: 'destination', from: null, to: 'Luar Kota 20–40 km (Gowa, Maros, Takalar)' },
          { field: 'price', from: null, to: 500_000 },
        ],
      },
    ];
    mockAdmin({ 'GET /api/ambulance-tariffs/3/history': () => history });
    const { user } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Riwayat tarif Luar Kota 20–40 km (Gowa, Maros, Takalar)' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Riwayat Tarif Luar Kota 20–40 km (Gowa, Maros, Takalar)',
    });
    const table = await within(dialog).findByRole('table', { name: 'Riwayat perubahan' });
    await within(table).findByText('Andi Syahrir Mappaseng');
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      [
        '20 Nov 2026 10.15 WIB',
        'Andi Syahrir Mappaseng',
        'Diubah (impor CSV)Tarif: Rp\u00a0500.000 → Rp\u00a0550.000Keterangan: (kosong) → Belum termasuk tol',
      ],
      [
        '5 Jan 2026 08.00 WIB',
        'Tidak diketahui',
        'DitambahkanTujuan: Luar Kota 20–40 km (Gowa, Maros, Takalar)Tarif: Rp\u00a0500.000',
      ],
    ]);
  });

  describe('CSV import', () => {
    const report = (applied: boolean): AmbulanceTariffImportResult => ({
      applied,
      added: 1,
      updated: 1,
      unchanged: 0,
      rejected: 0,
      rows: [
        {
          line: 2,
          status: 'updated',
          destination: 'dalam kota makassar (≤ 10 km)',
          price: 275_000,
          notes: 'Termasuk sopir',
          previous: { price: 250_000, notes: 'Termasuk sopir' },
          reason: null,
        },
        {
          line: 3,
          status: 'added',
          destination: 'Kabupaten Barru',
          price: 1_250_000,
          notes: null,
          previous: null,
          reason: null,
        },
      ],
    });
    const good = 'tujuan;tarif\ndalam kota makassar (≤ 10 km);275.000\nKabupaten Barru;1.250.000\n';
    const bad = 'tujuan;tarif\nKabupaten Barru;gratis\n';

    beforeEach(() => {
      mockAdmin({
        'POST /api/ambulance-tariffs/import': ({ url, body }) => {
          const mode = new URL(url, 'http://portal').searchParams.get('mode');
          if (body === bad && mode === 'preview') {
            return {
              applied: false,
              added: 0,
              updated: 0,
              unchanged: 0,
              rejected: 1,
              rows: [
                {
                  line: 2,
                  status: 'rejected',
                  destination: 'Kabupaten Barru',
                  price: null,
                  notes: null,
                  previous: null,
                  reason: 'tarif: "gratis" bukan jumlah rupiah bulat.',
                },
              ],
            };
          }
          if (mode === 'apply')
            list = [...list, { id: 30, destination: 'Kabupaten Barru', price: 1_250_000, notes: null }];
          return report(mode === 'apply');
        },
      });
    });

    const csv = (text: string) => new File([text], 'tarif-ambulans.csv', { type: 'text/csv' });

    async function openImport() {
      const app = await openPage();
      await app.user.click(screen.getByRole('button', { name: 'Impor CSV' }));
      const dialog = await screen.findByRole('dialog', { name: 'Impor Tarif Ambulans dari CSV' });
      return { ...app, dialog };
    }

    const previewRows = (dialog: HTMLElement) =>
      within(within(dialog).getByRole('table', { name: 'Pratinjau impor' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

    it('previews a file first, then applies the same file and says what changed', async () => {
      const { user, dialog } = await openImport();
      await user.upload(within(dialog).getByLabelText('Berkas CSV'), csv(good));
      await user.click(within(dialog).getByRole('button', { name: 'Pratinjau' }));

      expect(
        await within(dialog).findByText(/1 ditambahkan, 1 diubah, 0 tidak berubah, 0 ditolak\./),
      ).toBeInTheDocument();
      expect(previewRows(dialog)).toEqual([
        [
          '2',
          'dalam kota makassar (≤ 10 km)',
          'Rp\u00a0275.000',
          'Diubah',
          'sebelumnya Rp\u00a0250.000; keterangan: Termasuk sopir',
        ],
        ['3', 'Kabupaten Barru', 'Rp\u00a01.250.000', 'Ditambahkan', ''],
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Terapkan' }));

      expect(await screen.findByText('Impor selesai: 1 tarif ditambahkan, 1 diubah.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const sent = requestsTo(fetchMock, 'POST /api/ambulance-tariffs/import');
      expect(sent.map((request) => request.url)).toEqual([
        '/api/ambulance-tariffs/import?mode=preview',
        '/api/ambulance-tariffs/import?mode=apply',
      ]);
      expect(sent.every((request) => request.body === good)).toBe(true);
      expect(sent[1]?.headers.get('Content-Type')).toBe('text/csv');
      expect(await screen.findByRole('cell', { name: 'Kabupaten Barru' })).toBeInTheDocument();
    });

    it('shows the rejected rows with their reasons and offers no apply', async () => {
      const { user, dialog } = await openImport();
      await user.upload(within(dialog).getByLabelText('Berkas CSV'), csv(bad));
      await user.click(within(dialog).getByRole('button', { name: 'Pratinjau' }));

      expect(await within(dialog).findByText(/Perbaiki baris yang ditolak/)).toBeInTheDocument();
      expect(previewRows(dialog)).toEqual([
        ['2', 'Kabupaten Barru', '—', 'Ditolak', 'tarif: "gratis" bukan jumlah rupiah bulat.'],
      ]);
      expect(within(dialog).queryByRole('button', { name: 'Terapkan' })).not.toBeInTheDocument();

      // Another file: the preview of the last one is gone, and the next step is its own preview.
      await user.upload(within(dialog).getByLabelText('Berkas CSV'), csv(good));
      expect(within(dialog).queryByRole('table', { name: 'Pratinjau impor' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Pratinjau' }));
      expect(await within(dialog).findByRole('button', { name: 'Terapkan' })).toBeInTheDocument();
      expect(requestsTo(fetchMock, 'POST /api/ambulance-tariffs/import').map((r) => r.url)).toEqual([
        '/api/ambulance-tariffs/import?mode=preview',
        '/api/ambulance-tariffs/import?mode=preview',
      ]);
    });
  });
});
