import type { id } from '../i18n/id';

/** Keys under `menu.` in the translations that name a screen. */
export type MenuLabel = Exclude<keyof typeof id.menu, 'label' | 'groups'>;
export type MenuGroupLabel = keyof typeof id.menu.groups;

export interface MenuItem {
  label: MenuLabel;
  to: string;
  /** PrimeIcons class. */
  icon: string;
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
    { label: 'pegawai', to: '/pegawai', icon: 'pi-users' },
    { label: 'absensi', to: '/absensi', icon: 'pi-clock' },
    { label: 'piket', to: '/piket', icon: 'pi-id-card' },
    // PrimeIcons has no bed; layout.css draws one.
    { label: 'bangsal', to: '/bangsal', icon: 'pi-bed' },
  ],
};

export function menuModel({ isStaff }: { isStaff: boolean }): MenuGroup[] {
  return isStaff ? [homeGroup, servicesGroup, staffGroup] : [homeGroup, servicesGroup];
}
