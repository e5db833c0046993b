import type { SessionInfo } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const fajar: SessionInfo = {
  id: 2,
  name: 'Fajar Ramadhan',
  username: 'fajar',
  roles: ['admin', 'registration'],
  csrfToken: 'token-fajar',
};

async function openLogin(path = '/auth') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Masuk Petugas' });
  return app;
}

describe('the login page', () => {
  it('shows missing fields next to each field, in Indonesian, without asking the server', async () => {
    const fetchMock = mockApi({});
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    expect(await screen.findByText('Nama pengguna wajib diisi.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nama Pengguna')).toHaveAccessibleDescription('Nama pengguna wajib diisi.');
    expect(screen.getByLabelText('Kata Sandi')).toHaveAccessibleDescription('Kata sandi wajib diisi.');
    expect(screen.getByLabelText('Nama Pengguna')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/auth/login')).toHaveLength(0);
  });

  it("words zod's own limits in Indonesian too", async () => {
    mockApi({});
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Nama Pengguna'), 'a'.repeat(65));
    await user.click(screen.getByLabelText('Kata Sandi'));
    await user.paste('x'.repeat(257));
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    expect(await screen.findByText('Nama pengguna paling panjang 64 karakter.')).toBeInTheDocument();
    expect(screen.getByLabelText('Kata Sandi')).toHaveAccessibleDescription(
      'Terlalu besar: diharapkan string memiliki <=256 karakter',
    );
  });

  it("shows the server's refusal above the form and empties the password", async () => {
    mockApi({
      'POST /api/auth/login': () =>
        apiError(401, 'INVALID_CREDENTIALS', 'Nama pengguna atau kata sandi salah.'),
    });
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Nama Pengguna'), 'fajar');
    await user.type(screen.getByLabelText('Kata Sandi'), 'keliru{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Nama pengguna atau kata sandi salah.');
    expect(screen.getByLabelText('Kata Sandi')).toHaveValue('');
    expect(screen.getByLabelText('Nama Pengguna')).toHaveValue('fajar');
  });

  it("puts the server's field errors next to the fields", async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(
          {
            error: {
              code: 'VALIDATION',
              message: 'Data tidak valid.',
              fields: { username: 'Nama pengguna terlalu panjang.' },
            },
          },
          400,
        ),
    });
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Nama Pengguna'), 'fajar');
    await user.type(screen.getByLabelText('Kata Sandi'), 'rahasia-fajar{Enter}');

    expect(await screen.findByText('Nama pengguna terlalu panjang.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nama Pengguna')).toHaveAccessibleDescription(
      'Nama pengguna terlalu panjang.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs in and goes on to the page that asked for it, as this staff member', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/login': () => fajar,
      'GET /api/duty/log': () => ({ items: [], total: 0 }),
    });
    const { user, router } = await openLogin('/auth?next=/piket');

    await user.type(screen.getByLabelText('Nama Pengguna'), 'fajar');
    await user.type(screen.getByLabelText('Kata Sandi'), 'rahasia-fajar');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Piket' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/piket');
    expect(screen.getByText(fajar.name)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Menu utama' })).getByRole('list', { name: 'Petugas' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/auth/login').map((request) => request.body)).toEqual([
      { username: 'fajar', password: 'rahasia-fajar' },
    ]);
  });

  it('never follows a "next" that leads to another site', async () => {
    mockApi({ 'POST /api/auth/login': () => fajar });
    const { user, router } = await openLogin('/auth?next=//evil.example/');

    await user.type(screen.getByLabelText('Nama Pengguna'), 'fajar');
    await user.type(screen.getByLabelText('Kata Sandi'), 'rahasia-fajar{Enter}');

    // Not there, but to the admin's own first desk.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pegawai'));
  });

  it('takes a staff member without a page to go back to to their own desk, not the public dashboard', async () => {
    mockApi({ 'POST /api/auth/login': () => ({ ...fajar, roles: ['ward'] }) });
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText('Nama Pengguna'), 'fajar');
    await user.type(screen.getByLabelText('Kata Sandi'), 'rahasia-fajar{Enter}');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/bangsal'));
  });

  it('tells a logged-in staff member who they are and offers to log out', async () => {
    document.cookie = 'portal_staff=1; Path=/';
    mockApi({
      'GET /api/auth/me': () => fajar,
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const { user } = await openLogin();

    expect(await screen.findByText('Anda sudah masuk sebagai Fajar Ramadhan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke Beranda' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Keluar' }));
    expect(await screen.findByLabelText('Nama Pengguna')).toBeInTheDocument();
  });
});
