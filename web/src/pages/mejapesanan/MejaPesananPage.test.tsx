import type { DeskOrderDetail } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const detail: DeskOrderDetail = {
  id: 7,
  code: '7KQ49XHT',
  kind: 'ambulance',
  status: 'NEW',
  requesterName: 'Siti Aminah',
  phone: '081234567890',
  patientName: 'Abdul Karim',
  pickupAddress: 'Jl. Sudirman No. 5',
  destination: 'IGD',
  scheduledAt: '2030-01-05T07:30:00.000Z',
  notes: null,
  vehicle: null,
  driver: null,
  cancelReason: null,
  createdAt: '2030-01-05T06:00:00.000Z',
  updatedAt: '2030-01-05T06:00:00.000Z',
  history: [{ id: 1, status: 'NEW', note: null, at: '2030-01-05T06:00:00.000Z', staff: null }],
};

function logIn() {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(['piket']),
    'GET /api/desk/orders': () => ({ items: [detail], total: 1 }),
    'GET /api/desk/orders/7': () => detail,
    'POST /api/desk/orders/7/status': () => ({ ...detail, status: 'CONFIRMED' }),
  });
}

describe('the orders desk', () => {
  it('is closed to staff without an orders role', async () => {
    setStaffHint();
    mockApi({ 'GET /api/auth/me': () => sessionWith(['ward']) });
    renderApp('/meja-pesanan');
    expect(await screen.findByText('Anda tidak berhak membuka meja pesanan.')).toBeInTheDocument();
  });

  it('offers only the legal moves, and a cancellation needs a reason', async () => {
    const fetchMock = logIn();
    const { user } = renderApp('/meja-pesanan');
    await user.click(await screen.findByRole('button', { name: 'Buka pesanan 7KQ4-9XHT' }));
    expect(await screen.findByRole('button', { name: 'Konfirmasi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Batalkan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Selesai' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Berangkat' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Batalkan' }));
    expect(await screen.findByText('Alasan pembatalan wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/desk/orders/7/status')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    expect(await screen.findByText('Pesanan 7KQ4-9XHT: Dikonfirmasi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/desk/orders/7/status')[0]?.body).toEqual({
      status: 'CONFIRMED',
    });
  });

  it("forgets a cancellation's missing reason once the reason is typed or the order changed", async () => {
    let current = detail;
    setStaffHint();
    mockApi({
      'GET /api/auth/me': () => sessionWith(['piket']),
      'GET /api/desk/orders': () => ({ items: [current], total: 1 }),
      'GET /api/desk/orders/7': () => current,
      'POST /api/desk/orders/7/assignment': () => {
        current = {
          ...detail,
          vehicle: 'Ambulans 2',
          driver: 'Pak Rudi',
          updatedAt: '2030-01-05T06:05:00.000Z',
        };
        return current;
      },
    });
    const { user } = renderApp('/meja-pesanan');
    await user.click(await screen.findByRole('button', { name: 'Buka pesanan 7KQ4-9XHT' }));
    await user.click(await screen.findByRole('button', { name: 'Batalkan' }));
    expect(await screen.findByText('Alasan pembatalan wajib diisi.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Catatan'), 'Pasien');
    expect(screen.queryByText('Alasan pembatalan wajib diisi.')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Catatan'));
    await user.click(screen.getByRole('button', { name: 'Batalkan' }));
    expect(await screen.findByText('Alasan pembatalan wajib diisi.')).toBeInTheDocument();
    // The clerk saves the vehicle instead of cancelling: the order is not being cancelled any more.
    await user.type(screen.getByLabelText('Kendaraan'), 'Ambulans 2');
    await user.type(screen.getByLabelText('Pengemudi'), 'Pak Rudi');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText('Kendaraan dan pengemudi pesanan 7KQ4-9XHT disimpan.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Alasan pembatalan wajib diisi.')).not.toBeInTheDocument();
  });
});
