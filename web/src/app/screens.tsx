import { deskRoles, type StaffRole } from '@portal/contract/constants';
import type { ComponentType } from 'react';
import type { MenuGroup, MenuGroupLabel, MenuLabel } from '../components/menu';
import type { id } from '../i18n/id';

export type StaffScreenKey = Exclude<keyof typeof id.staffScreens, 'loginLink'>;

export interface Screen {
  /** The route, as the legacy portal named it (`/` is the dashboard). */
  path: string;
  /** The screen's code: each screen is its own chunk, so the first view of any page loads only that page. */
  load: () => Promise<{ default: ComponentType }>;
  /** Shown without the portal's bars and menu: the login, the landing page, the waiting room's TV board. */
  bare?: boolean;
  /**
   * A staff screen, behind `StaffRoute`: its heading and gate texts (`staffScreens.<texts>`) and the roles
   * that may enter (from the contract, as the server's guard of the screen's API); any staff member when
   * `roles` is absent.
   */
  staff?: { texts: StaffScreenKey; roles?: readonly StaffRole[] };
  menu?: {
    group: MenuGroupLabel;
    label: MenuLabel;
    /** PrimeIcons class. */
    icon: string;
  };
}

/**
 * Every screen of the portal, in menu order. Adding a screen is one entry here plus its folder under
 * `pages/`: the router, the staff gate and the menu are generated from this table.
 */
export const screens: readonly Screen[] = [
  {
    path: '/',
    load: () => import('../pages/dashboard/DashboardPage'),
    menu: { group: 'home', label: 'dashboard', icon: 'pi-home' },
  },
  // The public services. Order and labels are the legacy portal's; its users know the menu by heart.
  {
    path: '/tarifambulance',
    load: () => import('../pages/tarifambulance/TarifAmbulancePage'),
    menu: { group: 'services', label: 'tarifambulance', icon: 'pi-money-bill' },
  },
  {
    path: '/ambulance',
    load: () => import('../pages/ambulance/AmbulancePage'),
    menu: { group: 'services', label: 'ambulance', icon: 'pi-car' },
  },
  {
    path: '/jenazah',
    load: () => import('../pages/jenazah/JenazahPage'),
    menu: { group: 'services', label: 'jenazah', icon: 'pi-truck' },
  },
  {
    path: '/registrasi',
    load: () => import('../pages/registrasi/RegistrasiPage'),
    menu: { group: 'services', label: 'registrasi', icon: 'pi-calendar-plus' },
  },
  {
    path: '/tempattidur',
    load: () => import('../pages/tempattidur/TempatTidurPage'),
    menu: { group: 'services', label: 'tempattidur', icon: 'pi-building' },
  },
  {
    path: '/tarifpelayanan',
    load: () => import('../pages/tarifpelayanan/TarifPelayananPage'),
    menu: { group: 'services', label: 'tarifpelayanan', icon: 'pi-book' },
  },
  {
    path: '/pengaduan',
    load: () => import('../pages/pengaduan/PengaduanPage'),
    menu: { group: 'services', label: 'pengaduan', icon: 'pi-comments' },
  },
  // Newer than the legacy menu, so after its services.
  {
    path: '/jadwal-dokter',
    load: () => import('../pages/jadwaldokter/JadwalDokterPage'),
    menu: { group: 'services', label: 'jadwaldokter', icon: 'pi-calendar' },
  },
  // The status pages that a tracking code opens.
  { path: '/ambulance/lacak', load: () => import('../pages/ambulance/LacakPage') },
  { path: '/jenazah/lacak', load: () => import('../pages/ambulance/LacakPage') },
  { path: '/registrasi/lacak', load: () => import('../pages/registrasi/LacakRegistrasiPage') },
  { path: '/pengaduan/lacak', load: () => import('../pages/pengaduan/LacakPengaduanPage') },
  // The satisfaction survey that a served visit, a completed order or a resolved complaint links to.
  { path: '/survei/:token', load: () => import('../pages/survei/SurveiPage') },
  // Staff.
  {
    path: '/pegawai',
    load: () => import('../pages/pegawai/StaffAdmin'),
    staff: { texts: 'pegawai', roles: deskRoles.admin },
    menu: { group: 'staff', label: 'pegawai', icon: 'pi-users' },
  },
  // Every staff member's own account (the name in the top bar opens it).
  {
    path: '/akun',
    load: () => import('../pages/akun/AccountPage'),
    staff: { texts: 'akun' },
  },
  {
    path: '/absensi',
    load: () => import('../pages/absensi/AbsensiPage'),
    staff: { texts: 'absensi' },
    menu: { group: 'staff', label: 'absensi', icon: 'pi-clock' },
  },
  {
    path: '/piket',
    load: () => import('../pages/piket/PiketPage'),
    staff: { texts: 'piket' },
    menu: { group: 'staff', label: 'piket', icon: 'pi-id-card' },
  },
  {
    path: '/bangsal',
    load: () => import('../pages/bangsal/WardDesk'),
    staff: { texts: 'bangsal', roles: deskRoles.ward },
    // PrimeIcons has no bed; layout.css draws one.
    menu: { group: 'staff', label: 'bangsal', icon: 'pi-bed' },
  },
  {
    path: '/meja-pesanan',
    load: () => import('../pages/mejapesanan/OrdersDesk'),
    staff: { texts: 'mejaPesanan', roles: deskRoles.orders },
    menu: { group: 'staff', label: 'mejaPesanan', icon: 'pi-car' },
  },
  {
    path: '/meja-pengaduan',
    load: () => import('../pages/mejapengaduan/ComplaintsDesk'),
    staff: { texts: 'mejaPengaduan', roles: deskRoles.complaints },
    menu: { group: 'staff', label: 'mejaPengaduan', icon: 'pi-comments' },
  },
  {
    path: '/antrean',
    load: () => import('../pages/antrean/ClinicQueue'),
    staff: { texts: 'antrean', roles: deskRoles.registration },
    menu: { group: 'staff', label: 'antrean', icon: 'pi-ticket' },
  },
  {
    path: '/pasien/daftar',
    load: () => import('../pages/pasien/PasienDaftarPage'),
    staff: { texts: 'pasienDaftar', roles: deskRoles.registration },
    menu: { group: 'staff', label: 'pasienDaftar', icon: 'pi-id-card' },
  },
  {
    path: '/jadwal-poli',
    load: () => import('../pages/jadwalpoli/ClinicReference'),
    staff: { texts: 'jadwalPoli', roles: deskRoles.registration },
    menu: { group: 'staff', label: 'jadwalPoli', icon: 'pi-calendar' },
  },
  {
    path: '/jadwal-operasi',
    load: () => import('../pages/jadwaloperasi/OperatingSchedule'),
    staff: { texts: 'jadwalOperasi', roles: deskRoles.theatre },
    menu: { group: 'staff', label: 'jadwalOperasi', icon: 'pi-heart' },
  },
  {
    path: '/pasien',
    load: () => import('../pages/pasien/PatientSearchDesk'),
    staff: { texts: 'pasien', roles: deskRoles.counter },
    menu: { group: 'staff', label: 'pasien', icon: 'pi-search' },
  },
  {
    path: '/pasien/baru',
    load: () => import('../pages/pasien/PasienBaruPage'),
    staff: { texts: 'pasienBaru', roles: deskRoles.counter },
  },
  {
    path: '/pasien/:id',
    load: () => import('../pages/pasien/PasienDetailPage'),
    staff: { texts: 'pasienRecord', roles: deskRoles.counter },
  },
  {
    path: '/pasien/:id/ubah',
    load: () => import('../pages/pasien/PasienUbahPage'),
    staff: { texts: 'pasienUbah', roles: deskRoles.counter },
  },
  {
    path: '/referensi',
    load: () => import('../pages/referensi/ReferensiPage'),
    staff: { texts: 'referensi', roles: deskRoles.admin },
    menu: { group: 'staff', label: 'referensi', icon: 'pi-list' },
  },
  {
    path: '/kunjungan',
    load: () => import('../pages/kunjungan/KunjunganPage'),
    staff: { texts: 'kunjungan', roles: deskRoles.records },
    menu: { group: 'staff', label: 'kunjungan', icon: 'pi-chart-bar' },
  },
  {
    path: '/jejak-akses',
    load: () => import('../pages/jejakakses/PatientReadsDesk'),
    staff: { texts: 'jejakAkses', roles: deskRoles.patientReads },
    menu: { group: 'staff', label: 'jejakAkses', icon: 'pi-eye' },
  },
  {
    path: '/notifikasi',
    load: () => import('../pages/notifikasi/OutboxTable'),
    staff: { texts: 'notifikasi', roles: deskRoles.outbox },
    menu: { group: 'staff', label: 'notifikasi', icon: 'pi-whatsapp' },
  },
  {
    path: '/template-pesan',
    load: () => import('../pages/templatepesan/TemplatPesanPage'),
    staff: { texts: 'templatPesan', roles: deskRoles.admin },
    menu: { group: 'staff', label: 'templatPesan', icon: 'pi-send' },
  },
  {
    path: '/survei-kepuasan',
    load: () => import('../pages/surveikepuasan/SurveiKepuasanPage'),
    staff: { texts: 'surveiKepuasan', roles: deskRoles.admin },
    menu: { group: 'staff', label: 'surveiKepuasan', icon: 'pi-star' },
  },
  {
    path: '/sistem',
    load: () => import('../pages/sistem/SistemPage'),
    staff: { texts: 'sistem', roles: deskRoles.admin },
    menu: { group: 'staff', label: 'sistem', icon: 'pi-server' },
  },
  // Outside the portal's frame.
  { path: '/auth', load: () => import('../pages/auth/AuthPage'), bare: true },
  { path: '/landing', load: () => import('../pages/landing/LandingPage'), bare: true },
  // The waiting room's TV screens: the board alone, without the portal's bars and menu.
  { path: '/papan-antrean', load: () => import('../pages/papanantrean/PapanAntreanPage'), bare: true },
  { path: '/papan-operasi', load: () => import('../pages/papanoperasi/PapanOperasiPage'), bare: true },
  // The lobby's touch kiosk: no bars, menu or links; leaving it takes a staff login.
  { path: '/anjungan', load: () => import('../pages/anjungan/AnjunganPage'), bare: true },
  { path: '/notfound', load: () => import('../pages/notfound/NotFoundPage'), bare: true },
];

/** The menu of the registry's screens, each item with who may see it. */
export function menuOf(list: readonly Screen[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const { path, menu, staff } of list) {
    if (!menu) continue;
    let group = groups.find((candidate) => candidate.label === menu.group);
    if (!group) groups.push((group = { label: menu.group, items: [] }));
    group.items.push({
      label: menu.label,
      to: path,
      icon: menu.icon,
      staffOnly: staff !== undefined,
      roles: staff?.roles,
    });
  }
  return groups;
}
