import type { StaffRole } from '@portal/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { visibleMenu } from '../components/menu';
import i18n from '../i18n';
import { sessionWith, setStaffHint } from '../test/fixtures';
import { mockApi } from '../test/mockApi';
import { renderApp } from '../test/renderApp';
import { routesOf } from './routes';
import { menuOf, type Screen, screens } from './screens';

const menuModel = (visitor: { isStaff: boolean; roles?: StaffRole[] }) =>
  visibleMenu(menuOf(screens), visitor);

function labelsOf(isStaff: boolean): string[][] {
  return menuModel({ isStaff }).map((group) => [
    i18n.t(`menu.groups.${group.label}`),
    ...group.items.map((item) => `${i18n.t(`menu.${item.label}`)} → ${item.to}`),
  ]);
}

describe('menu model', () => {
  it('lists the seven public services in the legacy order, after the dashboard, then the doctor timetable', () => {
    expect(labelsOf(false)).toEqual([
      ['Utama', 'Beranda → /'],
      [
        'Layanan',
        'Tarif Ambulance → /tarifambulance',
        'Pesan Mobil Ambulance → /ambulance',
        'Pesan Mobil Jenazah → /jenazah',
        'Pendaftaran Rawat Jalan → /registrasi',
        'Ketersediaan Tempat Tidur → /tempattidur',
        'Buku Tarif Pelayanan → /tarifpelayanan',
        'Pengaduan Pelayanan → /pengaduan',
        'Jadwal Dokter → /jadwal-dokter',
      ],
    ]);
  });

  it('adds the staff pages only for staff', () => {
    expect(labelsOf(true)).toEqual([
      ...labelsOf(false),
      // The desks only for their roles: no "Bangsal" that then refuses a clerk.
      ['Petugas', 'Absensi → /absensi', 'Piket → /piket'],
    ]);
  });

  it('adds the desks by role', () => {
    const staffItems = (roles: StaffRole[]) =>
      menuModel({ isStaff: true, roles })[2]
        ?.items.filter((item) => item.roles)
        .map((item) => item.to);
    expect(staffItems(['piket'])).toEqual(['/meja-pesanan', '/notifikasi']);
    expect(staffItems(['cs'])).toEqual(['/meja-pengaduan', '/notifikasi']);
    expect(staffItems(['registration'])).toEqual(['/antrean', '/pasien/daftar', '/jadwal-poli', '/pasien']);
    expect(staffItems(['admin'])).toEqual([
      '/pegawai',
      '/bangsal',
      '/meja-pesanan',
      '/meja-pengaduan',
      '/antrean',
      '/pasien/daftar',
      '/jadwal-poli',
      '/jadwal-operasi',
      '/pasien',
      '/referensi',
      '/kunjungan',
      '/jejak-akses',
      '/notifikasi',
      '/template-pesan',
      '/survei-kepuasan',
      '/sistem',
    ]);
    expect(staffItems(['ward'])).toEqual(['/bangsal']);
    expect(staffItems(['theatre'])).toEqual(['/jadwal-operasi']);
    expect(staffItems(['records'])).toEqual(['/pasien', '/kunjungan', '/jejak-akses']);
  });
});

describe('a screen of the registry', () => {
  // A registry of one staff screen: what its entry says is all the router and the menu know of it.
  const trial: Screen[] = [
    {
      path: '/uji',
      load: async () => ({ default: () => <p>Isi layar uji</p> }),
      staff: { texts: 'jadwalOperasi', roles: ['theatre'] },
      menu: { group: 'staff', label: 'jadwalOperasi', icon: 'pi-heart' },
    },
  ];
  const menuLinks = () =>
    within(screen.getByRole('navigation', { name: 'Menu utama' })).queryAllByRole('link');

  it('opens, and is in the menu, for staff with one of its roles', async () => {
    setStaffHint();
    mockApi({ 'GET /api/auth/me': () => sessionWith(['ward', 'theatre']) });
    renderApp('/uji', { routes: routesOf(trial) });
    expect(await screen.findByText('Isi layar uji')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Jadwal Operasi');
    expect(menuLinks().map((link) => link.getAttribute('href'))).toEqual(['/uji']);
  });

  it('is closed, and not in the menu, for staff without its roles', async () => {
    setStaffHint();
    mockApi({ 'GET /api/auth/me': () => sessionWith(['ward', 'records']) });
    renderApp('/uji', { routes: routesOf(trial) });
    expect(await screen.findByText('Anda tidak berhak membuka jadwal operasi.')).toBeInTheDocument();
    expect(screen.queryByText('Isi layar uji')).not.toBeInTheDocument();
    expect(menuLinks()).toEqual([]);
  });

  it('asks anonymous visitors to log in and come back', async () => {
    mockApi({});
    renderApp('/uji', { routes: routesOf(trial) });
    expect(await screen.findByRole('link', { name: 'Masuk untuk membukanya' })).toHaveAttribute(
      'href',
      '/auth?next=/uji',
    );
    expect(screen.queryByText('Isi layar uji')).not.toBeInTheDocument();
    expect(menuLinks()).toEqual([]);
  });
});

describe('a screen that fails', () => {
  const failing: Screen[] = [
    {
      path: '/',
      load: async () => ({
        default: () => {
          throw new Error('Cannot read properties of undefined');
        },
      }),
      menu: { group: 'home', label: 'dashboard', icon: 'pi-home' },
    },
  ];

  it('says so in Indonesian inside the layout, with its menu, in place of the router’s developer page', async () => {
    // React reports the error it caught; the page below is what the visitor reads.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({});
    renderApp('/', { routes: routesOf(failing) });
    expect(await screen.findByRole('heading', { name: 'Halaman ini gagal ditampilkan' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/laporkan ke bagian IT/);
    expect(screen.getByRole('button', { name: 'Muat ulang halaman' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeInTheDocument();
  });
});
