import type { DutyLogEntry, SessionInfo, StaffRole } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

function sessionWith(roles: StaffRole[]): SessionInfo {
  return { id: 9, name: 'Agus Salim', username: 'agus', roles, csrfToken: 'token' };
}

const entries: DutyLogEntry[] = [
  {
    id: 2,
    at: '2026-11-21T03:15:00.000Z',
    role: 'piket',
    outcome: 'success',
    staff: { id: 5, name: 'Ns. Hendra Saputra, S.Kep.' },
    previous: { id: 3, name: 'Ns. Rahmawati Hamid, S.Kep.' },
    address: '10.0.0.7',
  },
  {
    id: 1,
    at: '2026-11-21T03:14:00.000Z',
    role: 'cs',
    outcome: 'wrong_password',
    staff: { id: 8, name: 'Dewi Lestari Amir' },
    previous: null,
    address: '10.0.0.8',
  },
];

function logIn(roles: StaffRole[], log: () => unknown = () => ({ items: entries, total: 45 })) {
  document.cookie = 'portal_staff=1; Path=/';
  return mockApi({ 'GET /api/auth/me': () => sessionWith(roles), 'GET /api/duty/log': log });
}

describe('the Piket page', () => {
  it('asks anonymous visitors to log in and brings them back here', async () => {
    mockApi({});
    renderApp('/piket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Piket' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masuk untuk melihatnya' })).toHaveAttribute(
      'href',
      '/auth?next=/piket',
    );
  });

  it('keeps the handover log from staff without the admin or piket role', async () => {
    const fetchMock = logIn(['registration']);
    renderApp('/piket');
    expect(await screen.findByText('Anda tidak berhak melihat log serah terima.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/duty/log')).toHaveLength(0);
  });

  it('asks to log in again when the session has ended meanwhile', async () => {
    logIn(['admin'], () =>
      apiError(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir. Silakan masuk kembali.'),
    );
    renderApp('/piket');

    expect(await screen.findByRole('link', { name: 'Masuk untuk melihatnya' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masuk petugas' })).toBeInTheDocument();
    expect(await screen.findByText('Sesi Anda telah berakhir. Silakan masuk kembali.')).toBeInTheDocument();
  });

  it('shows the handover log to the piket role, in WIB, paged and filtered by the server', async () => {
    const fetchMock = logIn(['piket']);
    const { user } = renderApp('/piket');

    const table = await screen.findByRole('table');
    await within(table).findByRole('cell', { name: 'Dewi Lestari Amir' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Waktu', 'Tugas', 'Petugas', 'Sebelumnya', 'Hasil', 'Alamat'],
      [
        '21 Nov 2026 10.15',
        'Petugas Piket',
        'Ns. Hendra Saputra, S.Kep.',
        'Ns. Rahmawati Hamid, S.Kep.',
        'Berhasil',
        '10.0.0.7',
      ],
      ['21 Nov 2026 10.14', 'Customer Service', 'Dewi Lestari Amir', '—', 'Password salah', '10.0.0.8'],
    ]);
    expect(requestsTo(fetchMock, 'GET /api/duty/log').map((request) => request.url)).toEqual([
      '/api/duty/log?page=1&pageSize=20',
    ]);

    await user.click(screen.getByRole('button', { name: 'Halaman 2' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/duty/log').at(-1)?.url).toBe('/api/duty/log?page=2&pageSize=20'),
    );

    await user.click(within(screen.getByRole('group', { name: 'Tugas' })).getByText('Customer Service'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/duty/log').at(-1)?.url).toBe(
        '/api/duty/log?page=1&pageSize=20&role=cs',
      ),
    );
  });
});
