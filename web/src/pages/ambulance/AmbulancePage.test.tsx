import type { AmbulanceTariff, PublicOrder } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hospitalLocalInput } from '../../i18n/orders';
import { apiError, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const order: PublicOrder = {
  code: '7KQ49XHT',
  kind: 'ambulance',
  status: 'NEW',
  requesterName: 'Siti Aminah',
  patientName: 'Abdul Karim',
  pickupAddress: 'Jl. Sudirman No. 5, Makassar',
  destination: 'IGD Rumah Sakit Tentara',
  scheduledAt: '2030-01-05T07:30:00.000Z',
  notes: null,
  vehicle: null,
  driver: null,
  createdAt: '2030-01-05T06:00:00.000Z',
  history: [{ status: 'NEW', note: null, at: '2030-01-05T06:00:00.000Z' }],
  survey: null,
};

const tariffs: AmbulanceTariff[] = [
  { id: 1, destination: 'Dalam Kota Makassar (≤ 10 km)', price: 250_000, notes: 'Termasuk sopir' },
  { id: 2, destination: 'Dalam Kota Makassar (10–20 km)', price: 350_000, notes: null },
];
const tariffRoutes = { 'GET /api/ambulance-tariffs': () => tariffs };

describe('ordering an ambulance', () => {
  it('shows the errors next to the fields, in Indonesian, and refuses a time in the past', async () => {
    const fetchMock = mockApi(tariffRoutes);
    const { user } = renderApp('/ambulance');
    await user.type(await screen.findByLabelText('No. HP'), '12345');
    fireEvent.change(screen.getByLabelText('Waktu jemput'), { target: { value: '2020-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Kirim Pesanan' }));

    expect(await screen.findByText('Nama pemesan wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Nama pasien wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText(/Nomor HP tidak valid/)).toBeInTheDocument();
    expect(screen.getByText('Waktu jemput sudah lewat.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nama pemesan')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Waktu jemput')).toHaveAttribute('min');
    expect(requestsTo(fetchMock, 'POST /api/ambulance-orders')).toHaveLength(0);
  });

  it('sends the pickup time in WIB and shows the tracking code with a link to the status page', async () => {
    const fetchMock = mockApi({
      ...tariffRoutes,
      'POST /api/ambulance-orders': () =>
        new Response(JSON.stringify(order), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    });
    const { user } = renderApp('/ambulance');
    await user.type(await screen.findByLabelText('Nama pemesan'), 'Siti Aminah');
    await user.type(screen.getByLabelText('No. HP'), '+6281234567890');
    await user.type(screen.getByLabelText('Nama pasien'), 'Abdul Karim');
    await user.type(screen.getByLabelText('Alamat jemput'), 'Jl. Sudirman No. 5, Makassar');
    await user.type(screen.getByLabelText('Tujuan'), 'IGD Rumah Sakit Tentara');
    const tomorrow = hospitalLocalInput(new Date(Date.now() + 24 * 60 * 60_000));
    fireEvent.change(screen.getByLabelText('Waktu jemput'), { target: { value: tomorrow } });
    await user.click(screen.getByRole('button', { name: 'Kirim Pesanan' }));

    expect(await screen.findByText('7KQ4-9XHT')).toBeInTheDocument();
    // The button pressed is gone: the confirmation takes the focus (once it is drawn), not the page's top.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Pesanan diterima' })).toHaveFocus());
    const [request] = requestsTo(fetchMock, 'POST /api/ambulance-orders');
    expect(request?.body).toMatchObject({
      requesterName: 'Siti Aminah',
      phone: '+6281234567890',
      patientName: 'Abdul Karim',
      scheduledAt: `${tomorrow}:00+07:00`,
    });
    expect(screen.getByText(/Mobil Ambulance untuk Abdul Karim/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat status pesanan' })).toHaveAttribute(
      'href',
      '/ambulance/lacak?kode=7KQ4-9XHT&hp=%2B6281234567890',
    );
  });

  it('puts the server’s field errors next to the fields', async () => {
    mockApi({
      ...tariffRoutes,
      'POST /api/ambulance-orders': () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION',
              message: 'Periksa isian.',
              fields: { patientName: 'Nama pasien ditolak.' },
            },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const { user } = renderApp('/ambulance');
    await user.type(await screen.findByLabelText('Nama pemesan'), 'Siti');
    await user.type(screen.getByLabelText('No. HP'), '081234567890');
    await user.type(screen.getByLabelText('Nama pasien'), 'X');
    await user.type(screen.getByLabelText('Alamat jemput'), 'Jl. A');
    await user.type(screen.getByLabelText('Tujuan'), 'RS');
    fireEvent.change(screen.getByLabelText('Waktu jemput'), {
      target: { value: hospitalLocalInput(new Date(Date.now() + 3 * 60 * 60_000)) },
    });
    await user.click(screen.getByRole('button', { name: 'Kirim Pesanan' }));
    expect(await screen.findByText('Nama pasien ditolak.')).toBeInTheDocument();
  });
});

describe('the tariff of the destination on the ambulance form', () => {
  it('offers the tariff destinations and shows the tariff of the one chosen, whatever its case', async () => {
    mockApi(tariffRoutes);
    const { user } = renderApp('/ambulance');
    const destination = await screen.findByLabelText('Tujuan');
    const list = document.getElementById(destination.getAttribute('list') ?? '');
    await vi.waitFor(() => expect(list?.querySelectorAll('option')).toHaveLength(2));
    expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
      'Dalam Kota Makassar (≤ 10 km)',
      'Dalam Kota Makassar (10–20 km)',
    ]);
    expect(screen.queryByText(/^Tarif:/)).not.toBeInTheDocument();

    await user.type(destination, 'dalam kota makassar (10–20 km)');
    const status = within(destination.closest('.form-field') as HTMLElement).getByRole('status');
    expect(status).toHaveTextContent('Tarif: Rp 350.000');
    expect(destination).toHaveAccessibleDescription(
      expect.stringMatching(/^Tarif: Rp\s350\.000 Pilih dari daftar tarif ambulans/),
    );

    await user.clear(destination);
    await user.type(destination, 'Dalam Kota Makassar (≤ 10 km)');
    expect(status).toHaveTextContent('Tarif: Rp 250.000 · Termasuk sopir');
  });

  it('still takes a destination outside the list: its tariff follows from the distance', async () => {
    const fetchMock = mockApi({
      ...tariffRoutes,
      'POST /api/ambulance-orders': () =>
        new Response(JSON.stringify({ ...order, destination: 'RS Wahidin Sudirohusodo' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { user } = renderApp('/ambulance');
    await user.type(await screen.findByLabelText('Nama pemesan'), 'Siti Aminah');
    await user.type(screen.getByLabelText('No. HP'), '081234567890');
    await user.type(screen.getByLabelText('Nama pasien'), 'Abdul Karim');
    await user.type(screen.getByLabelText('Alamat jemput'), 'Jl. Sudirman No. 5, Makassar');
    await user.type(screen.getByLabelText('Tujuan'), 'RS Wahidin Sudirohusodo');
    expect(
      screen.getByText('Tujuan di luar daftar tarif: tarif menyusul, sesuai jarak.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Waktu jemput'), {
      target: { value: hospitalLocalInput(new Date(Date.now() + 3 * 60 * 60_000)) },
    });
    await user.click(screen.getByRole('button', { name: 'Kirim Pesanan' }));

    expect(await screen.findByText('7KQ4-9XHT')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/ambulance-orders')[0]?.body).toMatchObject({
      destination: 'RS Wahidin Sudirohusodo',
    });
  });

  it('is not on the hearse form, which the ambulance tariff does not cover', async () => {
    const fetchMock = mockApi(tariffRoutes);
    const { user } = renderApp('/jenazah');
    const destination = await screen.findByLabelText('Tujuan');
    expect(destination).not.toHaveAttribute('list');
    await user.type(destination, 'Dalam Kota Makassar (≤ 10 km)');
    expect(screen.queryByText(/^Tarif:|di luar daftar tarif/)).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/ambulance-tariffs')).toHaveLength(0);
  });
});

describe('the order status page', () => {
  it('says so when the code and phone find nothing', async () => {
    mockApi({ 'GET /api/orders/DMXXXXXX': () => apiError(404, 'NOT_FOUND', 'Tidak ditemukan.') });
    renderApp('/ambulance/lacak?kode=DMXXXXXX&hp=081234567890');
    expect(
      await screen.findByText('Pesanan tidak ditemukan. Periksa kode dan nomor HP.'),
    ).toBeInTheDocument();
  });

  it('shows the status, the vehicle and the timeline in WIB', async () => {
    const fetchMock = mockApi({
      'GET /api/orders/7KQ4-9XHT': () => ({
        ...order,
        status: 'CONFIRMED',
        vehicle: 'DD 1234 XY',
        driver: 'Pak Ahmad',
        history: [
          ...order.history,
          { status: 'CONFIRMED', note: 'Ambulans berangkat 14.20', at: '2030-01-05T06:10:00.000Z' },
        ],
      }),
    });
    renderApp('/ambulance/lacak?kode=7KQ4-9XHT&hp=081234567890');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Dikonfirmasi');
    expect(screen.getByText('DD 1234 XY')).toBeInTheDocument();
    const timeline = document.querySelector('.status-timeline') as HTMLElement;
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(timeline).toHaveTextContent('Baru');
    expect(timeline).toHaveTextContent('5 Jan 2030 13.10 WIB');
    expect(timeline).toHaveTextContent('Ambulans berangkat 14.20');
    expect(requestsTo(fetchMock, 'GET /api/orders/7KQ4-9XHT')[0]?.url).toBe(
      '/api/orders/7KQ4-9XHT?phone=081234567890',
    );
  });

  it('titles the vehicle sent after the confirmation as an update, not a second confirmation', async () => {
    mockApi({
      'GET /api/orders/7KQ4-9XHT': () => ({
        ...order,
        status: 'CONFIRMED',
        history: [
          ...order.history,
          { status: 'CONFIRMED', note: null, at: '2030-01-05T06:10:00.000Z' },
          {
            status: 'CONFIRMED',
            note: 'Kendaraan: DD 1234 XY; pengemudi: Pak Ahmad.',
            at: '2030-01-05T06:11:00.000Z',
          },
        ],
      }),
    });
    renderApp('/ambulance/lacak?kode=7KQ4-9XHT&hp=081234567890');
    await screen.findByTestId('order-status');
    const timeline = document.querySelector('.status-timeline') as HTMLElement;
    const titles = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent?.trim());
    expect(titles).toEqual(['Baru', 'Dikonfirmasi', 'Pembaruan']);
  });
});
