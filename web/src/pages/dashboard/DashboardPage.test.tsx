import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bedsWith, sessionWith, setStaffHint } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const duty = {
  piket: { id: 3, name: 'Ns. Rahmawati Hamid, S.Kep.', phone: '081342778904' },
  cs: { id: 7, name: 'Nurul Hikmah, S.Sos.', phone: '081243667312' },
};

function mockDashboard(routes: Record<string, () => unknown> = {}) {
  return mockApi({ 'GET /api/beds': () => bedsWith({ NUR: 9 }), 'GET /api/duty': () => duty, ...routes });
}

describe('the dashboard', () => {
  it('shows the free beds of each class as a bar', async () => {
    mockDashboard();
    renderApp('/');
    const beds = await screen.findByRole('region', { name: 'Tempat Tidur Kosong' });
    const kelasII = await within(beds).findByRole('meter', { name: 'Kelas II' });
    expect(kelasII).toHaveAttribute('aria-valuenow', '4');
    expect(kelasII).toHaveAttribute('aria-valuemax', '18');
    expect(kelasII).toHaveAttribute('aria-valuetext', '4 dari 18 tempat tidur kosong');
    expect(kelasII.firstElementChild).toHaveStyle({ width: '22%' });
    expect(within(beds).getByRole('meter', { name: 'VVIP' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(beds).getAllByRole('meter')).toHaveLength(4);
    expect(within(beds).getByRole('link', { name: 'Lihat semua ruangan' })).toHaveAttribute(
      'href',
      '/tempattidur',
    );
  });

  it('shows who is on duty with call and WhatsApp links', async () => {
    mockDashboard();
    renderApp('/');
    const onDuty = await screen.findByRole('region', { name: 'Petugas Jaga' });
    expect(await within(onDuty).findByText(duty.piket.name)).toBeInTheDocument();
    expect(within(onDuty).getByRole('link', { name: /Telepon Ns\. Rahmawati/ })).toHaveAttribute(
      'href',
      'tel:081342778904',
    );
    expect(
      within(onDuty).getByRole('link', { name: 'Kirim WhatsApp ke Nurul Hikmah, S.Sos.' }),
    ).toHaveAttribute('href', 'https://wa.me/6281243667312');
  });

  it('links the seven public services of the legacy menu and the doctor timetable', async () => {
    mockDashboard();
    renderApp('/');
    const services = await screen.findByRole('region', { name: 'Layanan Publik' });
    expect(
      within(services)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/tarifambulance',
      '/ambulance',
      '/jenazah',
      '/registrasi',
      '/tempattidur',
      '/tarifpelayanan',
      '/pengaduan',
      '/jadwal-dokter',
    ]);
  });

  it('shows today’s clinic queues: the number being served and how many wait', async () => {
    mockDashboard({
      'GET /api/queue/board': () => ({
        date: '2026-11-21',
        clinics: [
          {
            clinic: { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' },
            serving: 'INT-012',
            calledAt: '2026-11-21T01:30:00.000Z',
            doctor: 'dr. Andi Wijaya, Sp.PD',
            waiting: 5,
          },
          {
            clinic: { id: 2, code: 'ANA', name: 'Poli Anak' },
            serving: null,
            calledAt: null,
            doctor: 'dr. Ratna Dewi, Sp.A',
            waiting: 2,
          },
        ],
      }),
    });
    renderApp('/');
    const queues = await screen.findByRole('region', { name: 'Antrean Poliklinik Hari Ini' });
    const internal = await within(queues).findByRole('row', { name: /Poli Penyakit Dalam/ });
    expect(
      within(internal)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['INT-012', '5']);
    const children = within(queues).getByRole('row', { name: /Poli Anak/ });
    expect(
      within(children)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['—', '2']);
    expect(within(queues).getByRole('link', { name: 'Buka papan antrean' })).toHaveAttribute(
      'href',
      '/papan-antrean',
    );
  });

  it('says when no clinic holds a session today', async () => {
    mockDashboard();
    renderApp('/');
    const queues = await screen.findByRole('region', { name: 'Antrean Poliklinik Hari Ini' });
    expect(await within(queues).findByText('Tidak ada praktik poliklinik hari ini.')).toBeInTheDocument();
  });

  it('adds the ward desk’s counters for ward staff, and only for them', async () => {
    setStaffHint();
    mockDashboard({
      'GET /api/auth/me': () => sessionWith(['ward']),
      'GET /api/ward/admissions': () => [{ id: 1 }, { id: 2 }, { id: 3 }],
    });
    renderApp('/');
    const desk = await screen.findByRole('region', { name: 'Meja Bangsal' });
    expect(await within(desk).findByText('3')).toBeInTheDocument();
    expect(within(desk).getByText('Pasien dirawat').nextElementSibling).toHaveTextContent('3');
    expect(within(desk).getByText('Tempat tidur kosong').nextElementSibling).toHaveTextContent('10');
    expect(within(desk).getByRole('link', { name: 'Buka meja bangsal' })).toHaveAttribute('href', '/bangsal');
  });

  it('keeps staff data away from the public', async () => {
    const fetchMock = mockDashboard();
    renderApp('/');
    await screen.findByRole('region', { name: 'Tempat Tidur Kosong' });
    expect(screen.queryByRole('region', { name: 'Meja Bangsal' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/ward/admissions')).toHaveLength(0);
  });
});
