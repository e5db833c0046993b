import type { SessionInfo } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../test/fixtures';
import { mockApi, requestsTo } from '../test/mockApi';
import { renderApp } from '../test/renderApp';

// An officer imported with a weak legacy password: the server lets them log in, but nothing else until
// they set a new one.
const flagged: SessionInfo = { ...sessionWith(['registration']), passwordChangeRequired: true };

const required = () => screen.findByRole('heading', { level: 1, name: 'Ganti Kata Sandi Anda Dulu' });
const desk = () => screen.queryByRole('heading', { level: 1, name: 'Cari Pasien' });
const staffMenu = () =>
  within(screen.getByRole('navigation', { name: 'Menu utama' })).queryByRole('list', { name: 'Petugas' });

describe('a staff member who must set a new password first', () => {
  it('is asked for it after the login, kept from the desks, then finds their desk', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/login': () => flagged,
      'POST /api/auth/password': () => new Response(null, { status: 204 }),
    });
    const { router, user } = renderApp('/auth?next=/pasien');
    await user.type(await screen.findByLabelText('Nama Pengguna'), 'rahmawati');
    await user.type(screen.getByLabelText('Kata Sandi'), '1234{Enter}');

    expect(await required()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pasien');
    expect(desk()).not.toBeInTheDocument();
    expect(screen.getByText(/tidak memenuhi aturan portal ini/)).toBeInTheDocument();
    expect(staffMenu()).not.toBeInTheDocument();

    // The dialog opens at once, and again from the page; closed, the desks stay shut.
    const dialog = await screen.findByRole('dialog', { name: 'Ganti Kata Sandi' });
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Buat kata sandi baru' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page is mounted afresh for the new address: its dialog opening again shows it is the new one (the
    // old heading is still there until then).
    await router.navigate('/jejak-akses');
    const reopened = await screen.findByRole('dialog', { name: 'Ganti Kata Sandi' });
    expect(await required()).toBeInTheDocument();
    await user.click(within(reopened).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await router.navigate('/pasien');

    const again = await screen.findByRole('dialog', { name: 'Ganti Kata Sandi' });
    await user.type(within(again).getByLabelText('Kata sandi lama'), '1234');
    await user.type(within(again).getByLabelText('Kata sandi baru'), 'Lampu-Hijau-77');
    await user.type(within(again).getByLabelText('Ulangi kata sandi baru'), 'Lampu-Hijau-77');
    await user.click(within(again).getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(desk()).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/pasien');
    expect(staffMenu()).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/auth/password')).toEqual([
      expect.objectContaining({ body: { currentPassword: '1234', newPassword: 'Lampu-Hijau-77' } }),
    ]);
  });

  it('is asked for it again after a reload, on any page, and nothing the server would refuse is asked', async () => {
    setStaffHint();
    const fetchMock = mockApi({ 'GET /api/auth/me': () => flagged });
    renderApp('/akun');

    expect(await required()).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Ganti Kata Sandi' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/auth/attempts')).toHaveLength(0);
  });
});
