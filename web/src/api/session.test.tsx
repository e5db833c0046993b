import type { SessionInfo } from '@portal/contract';
import { STAFF_HINT_COOKIE } from '@portal/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, requestsTo } from '../test/mockApi';
import { renderApp } from '../test/renderApp';
import { hasStaffHint } from './session';

const andi: SessionInfo = {
  id: 1,
  name: 'Andi Syahrir Mappaseng',
  username: 'andi',
  roles: ['admin'],
  csrfToken: 'token-andi',
};

const menu = () => screen.getByRole('navigation', { name: 'Menu utama' });
const staffGroup = () => within(menu()).queryByRole('list', { name: 'Petugas' });

function setStaffHint() {
  document.cookie = `${STAFF_HINT_COOKIE}=1; Path=/`;
}

describe('staff session', () => {
  it('never asks the server for a session without the hint cookie', async () => {
    const fetchMock = mockApi({});
    renderApp('/');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/health')).toHaveLength(1));

    expect(requestsTo(fetchMock, 'GET /api/auth/me')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Masuk petugas' })).toHaveAttribute('href', '/auth');
    expect(staffGroup()).not.toBeInTheDocument();
  });

  it('shows the staff member and the staff pages when the hint cookie leads to a session', async () => {
    setStaffHint();
    mockApi({ 'GET /api/auth/me': () => andi });
    renderApp('/');

    expect(await screen.findByText(andi.name)).toBeInTheDocument();
    // Staff see the database the server runs on.
    expect(await screen.findByText('Basis data: pglite')).toBeInTheDocument();
    expect(
      within(staffGroup() as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Pegawai',
      'Absensi',
      'Piket',
      'Bangsal',
      'Pesanan',
      'Pengaduan',
      'Antrean Poli',
      'Pendaftaran Pasien',
      'Jadwal Poli',
      'Jadwal Operasi',
      'Cari Pasien',
      'Referensi Pasien',
      'Rekap Kunjungan',
      'Akses Data Pasien',
      'Notifikasi',
      'Pesan WhatsApp Pasien',
      'Survei Kepuasan',
      'Sistem',
    ]);
    expect(screen.queryByRole('link', { name: 'Masuk petugas' })).not.toBeInTheDocument();
  });

  it('treats an ended session as logged out, quietly, and forgets the hint', async () => {
    setStaffHint();
    const fetchMock = mockApi({
      'GET /api/auth/me': () => apiError(401, 'UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.'),
    });
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Masuk petugas' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/auth/me')).toHaveLength(1);
    expect(hasStaffHint()).toBe(false);
    expect(staffGroup()).not.toBeInTheDocument();
    expect(screen.queryByText('Silakan masuk terlebih dahulu.')).not.toBeInTheDocument();
  });

  it('sends staff whose session was ended while they worked to log in again, and back afterwards', async () => {
    setStaffHint();
    let ended = false;
    mockApi({
      'GET /api/auth/me': () =>
        ended ? apiError(401, 'UNAUTHENTICATED', 'Silakan masuk sebagai petugas terlebih dahulu.') : andi,
      'GET /api/staff': () =>
        ended
          ? apiError(401, 'UNAUTHENTICATED', 'Silakan masuk sebagai petugas terlebih dahulu.')
          : { items: [], total: 0 },
      'GET /api/attendance/me': () =>
        apiError(401, 'UNAUTHENTICATED', 'Silakan masuk sebagai petugas terlebih dahulu.'),
      'POST /api/auth/login': () => andi,
    });
    const { user, router } = renderApp('/pegawai');
    expect(await screen.findByText('Tidak ada pegawai yang cocok.')).toBeInTheDocument();

    // An admin ends the session elsewhere; the next staff request is refused.
    ended = true;
    await user.click(within(menu()).getByRole('link', { name: 'Absensi' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?next=/absensi');
    expect(
      await screen.findByText('Sesi Anda telah berakhir atau diakhiri oleh admin. Silakan masuk kembali.'),
    ).toBeInTheDocument();
    expect(hasStaffHint()).toBe(false);

    ended = false;
    await user.type(screen.getByLabelText('Nama Pengguna'), 'andi');
    await user.type(screen.getByLabelText('Kata Sandi'), 'rahasia-andi');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/absensi'));
  });

  it('logs out with the CSRF token, then hides the staff pages and stops asking for the session', async () => {
    setStaffHint();
    const fetchMock = mockApi({
      'GET /api/auth/me': () => andi,
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderApp('/tempattidur');
    await user.click(await screen.findByRole('button', { name: 'Keluar' }));

    expect(await screen.findByRole('link', { name: 'Masuk petugas' })).toBeInTheDocument();
    const logouts = requestsTo(fetchMock, 'POST /api/auth/logout');
    expect(logouts.map((request) => request.headers.get('x-csrf-token'))).toEqual([andi.csrfToken]);
    expect(router.state.location.pathname).toBe('/');
    expect(staffGroup()).not.toBeInTheDocument();
    expect(screen.queryByText(andi.name)).not.toBeInTheDocument();
    expect(hasStaffHint()).toBe(false);

    // Choosing the current page again reloads all data, but no longer the session. The dashboard's code is
    // loaded on demand, and until it is shown the navigation to it is still under way: the menu then takes a
    // click on "Beranda" for a navigation, not for the same page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Beranda' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/health')).toHaveLength(1));
    await user.click(within(menu()).getByRole('link', { name: 'Beranda' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/health')).toHaveLength(2));
    expect(requestsTo(fetchMock, 'GET /api/auth/me')).toHaveLength(1);
  });
});
