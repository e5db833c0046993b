import type { PublicDoctorSchedules } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const timetable: PublicDoctorSchedules = {
  date: '2026-12-07',
  to: '2026-12-21',
  clinics: [
    {
      clinic: { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' },
      closed: [{ date: '2026-12-25', reason: 'Hari Raya Natal' }],
      doctors: [
        {
          doctor: { id: 10, name: 'dr. Andi Wijaya, Sp.PD' },
          weekly: [
            { weekday: 1, start: '08:00', end: '12:00' },
            { weekday: 3, start: '13:00', end: '16:00' },
          ],
          leave: [{ date: '2026-12-09', reason: 'Cuti tahunan' }],
          today: [
            {
              start: '08:00',
              end: '12:00',
              quotaJkn: 20,
              remainingJkn: 18,
              quotaNonJkn: 10,
              remainingNonJkn: 9,
              bookable: true,
            },
          ],
        },
        {
          doctor: { id: 11, name: 'dr. Sari Lestari, Sp.PD' },
          weekly: [{ weekday: 2, start: '08:00', end: '11:00' }],
          leave: [],
          today: [],
        },
      ],
    },
    {
      clinic: { id: 2, code: 'ANA', name: 'Poli Anak' },
      closed: [],
      doctors: [],
    },
  ],
};

beforeEach(() => {
  mockApi({ 'GET /api/public/doctor-schedules': () => timetable });
});

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('the doctor timetable', () => {
  it('shows per clinic each doctor’s weekly hours, today’s places left per payer and the days off', async () => {
    renderApp('/jadwal-dokter');
    const clinic = await screen.findByRole('table', { name: 'Poli Penyakit Dalam' });
    expect(screen.getByRole('heading', { level: 1, name: 'Jadwal Dokter' })).toBeInTheDocument();

    const andi = row('dr. Andi Wijaya, Sp.PD');
    expect(within(clinic).getAllByRole('row')).toContain(andi);
    expect(andi).toHaveTextContent('Senin 08.00–12.00');
    expect(andi).toHaveTextContent('Rabu 13.00–16.00');
    expect(andi).toHaveTextContent('Sisa kuota JKN: 18 dari 20');
    expect(andi).toHaveTextContent('Sisa kuota non-JKN: 9 dari 10');
    expect(andi).toHaveTextContent('Rabu, 9 Des 2026: Cuti tahunan');

    const sari = row('dr. Sari Lestari, Sp.PD');
    expect(sari).toHaveTextContent('Selasa 08.00–11.00');
    expect(sari).toHaveTextContent('Tidak praktik hari ini');

    expect(screen.getByText(/Poli tutup Jumat, 25 Des 2026: Hari Raya Natal/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Poli Anak' }).parentElement).toHaveTextContent(
      'Belum ada jadwal dokter di poli ini.',
    );
  });

  it('shows one clinic on request, kept in the address', async () => {
    const { user, router } = renderApp('/jadwal-dokter');
    await screen.findByRole('table', { name: 'Poli Penyakit Dalam' });
    expect(screen.getByRole('heading', { level: 2, name: 'Poli Anak' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Poli' }), 'Poli Anak');
    expect(router.state.location.search).toBe('?poli=2');
    expect(screen.queryByRole('table', { name: 'Poli Penyakit Dalam' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Poli Anak' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Poli' }), 'Semua poli');
    expect(await screen.findByRole('table', { name: 'Poli Penyakit Dalam' })).toBeInTheDocument();
  });

  it('is in the public menu and leads to the booking', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/public/doctor-schedules': () => timetable,
      'GET /api/clinics': () => [],
    });
    renderApp('/jadwal-dokter');
    const menu = await screen.findByRole('navigation', { name: 'Menu utama' });
    expect(within(menu).getByRole('link', { name: /Jadwal Dokter/ })).toHaveAttribute(
      'href',
      '/jadwal-dokter',
    );

    await user.click(await screen.findByRole('link', { name: 'Daftar berobat' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pendaftaran Rawat Jalan' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Lihat jadwal dokter' }));
    expect(await screen.findByRole('table', { name: 'Poli Penyakit Dalam' })).toBeInTheDocument();
  });
});
