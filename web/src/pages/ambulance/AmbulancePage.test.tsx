import type { PublicOrder } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jakartaLocalInput } from '../../i18n/orders';
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
};

describe('ordering an ambulance', () => {
  it('shows the errors next to the fields, in Indonesian, and refuses a time in the past', async () => {
    const fetchMock = mockApi({});
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
      'POST /api/ambulance-orders': () =>
        new Response(JSON.stringify(order), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    });
    const { user } = renderApp('/ambulance');
    await user.type(await screen.findByLabelText('Nama pemesan'), 'Siti Aminah');
    await user.type(screen.getByLabelText('No. HP'), '+6281234567890');
    await user.type(screen.getByLabelText('Nama pasien'), 'Abdul Karim');
    await user.type(screen.getByLabelText('Alamat jemput'), 'Jl. Sudirman No. 5, Makassar');
    await user.type(screen.getByLabelText('Tujuan'), 'IGD Rumah Sakit Tentara');
    const tomorrow = jakartaLocalInput(new Date(Date.now() + 24 * 60 * 60_000));
    fireEvent.change(screen.getByLabelText('Waktu jemput'), { target: { value: tomorrow } });
    await user.click(screen.getByRole('button', { name: 'Kirim Pesanan' }));

    expect(await screen.findByText('7KQ4-9XHT')).toBeInTheDocument();
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
      target: { value: jakartaLocalInput(new Date(Date.now() + 3 * 60 * 60_000)) },
    });
    await user.click(screen.getByRole('button', { name: 'Kirim Pesanan' }));
    expect(await screen.findByText('Nama pasien ditolak.')).toBeInTheDocument();
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
});
