import type { StaffRole } from '@portal/contract/constants';
import type { id } from '../i18n/id';

/** Keys under `menu.` in the translations that name a screen. */
export type MenuLabel = Exclude<keyof typeof id.menu, 'label' | 'groups'>;
export type MenuGroupLabel = keyof typeof id.menu.groups;

export interface MenuItem {
  label: MenuLabel;
  to: string;
  /** PrimeIcons class. */
  icon: string;
  /** Shown only to staff with one of these roles; any staff member when absent. */
  roles?: readonly StaffRole[];
}

export interface MenuGroup {
  label: MenuGroupLabel;
  items: MenuItem[];
}

const homeGroup: MenuGroup = {
  label: 'home',
  items: [{ label: 'dashboard', to: '/', icon: 'pi-home' }],
};

/** The public services. Order and labels are the legacy portal's; its users know the menu by heart. */
export const publicServices: MenuItem[] = [
  { label: 'tarifambulance', to: '/tarifambulance', icon: 'pi-money-bill' },
  { label: 'ambulance', to: '/ambulance', icon: 'pi-car' },
  { label: 'jenazah', to: '/jenazah', icon: 'pi-truck' },
  { label: 'registrasi', to: '/registrasi', icon: 'pi-calendar-plus' },
  { label: 'tempattidur', to: '/tempattidur', icon: 'pi-building' },
  { label: 'tarifpelayanan', to: '/tarifpelayanan', icon: 'pi-book' },
  { label: 'pengaduan', to: '/pengaduan', icon: 'pi-comments' },
];

const servicesGroup: MenuGroup = { label: 'services', items: publicServices };

const staffGroup: MenuGroup = {
  label: 'staff',
  items: [
    { label: 'pegawai', to: '/pegawai', icon: 'pi-users', roles: ['admin'] },
    { label: 'absensi', to: '/absensi', icon: 'pi-clock' },
    { label: 'piket', to: '/piket', icon: 'pi-id-card' },
    // PrimeIcons has no bed; layout.css draws one.
    { label: 'bangsal', to: '/bangsal', icon: 'pi-bed' },
    { label: 'mejaPesanan', to: '/meja-pesanan', icon: 'pi-car', roles: ['orders', 'piket', 'admin'] },
    {
      label: 'mejaPengaduan',
      to: '/meja-pengaduan',
      icon: 'pi-comments',
      roles: ['complaints', 'cs', 'admin'],
    },
    { label: 'antrean', to: '/antrean', icon: 'pi-ticket', roles: ['registration', 'admin'] },
    { label: 'jadwalPoli', to: '/jadwal-poli', icon: 'pi-calendar', roles: ['registration', 'admin'] },
    { label: 'jadwalOperasi', to: '/jadwal-operasi', icon: 'pi-heart', roles: ['theatre', 'admin'] },
    { label: 'pasien', to: '/pasien', icon: 'pi-search', roles: ['records', 'admin'] },
    { label: 'notifikasi', to: '/notifikasi', icon: 'pi-whatsapp', roles: ['admin', 'piket', 'cs'] },
  ],
};

export function menuModel({
  isStaff,
  roles = [],
}: {
  isStaff: boolean;
  roles?: readonly StaffRole[];
}): MenuGroup[] {
  if (!isStaff) return [homeGroup, servicesGroup];
  const items = staffGroup.items.filter(
    (item) => !item.roles || item.roles.some((role) => roles.includes(role)),
  );
  return [homeGroup, servicesGroup, { ...staffGroup, items }];
}
