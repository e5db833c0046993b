import type { AmbulanceTariff } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
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
