import type { StaffRole } from '@portal/contract/constants';
import { createContext, useContext } from 'react';
import { useSession } from '../api/session';
import type { id } from '../i18n/id';

/** Keys under `menu.` in the translations that name a screen. */
export type MenuLabel = Exclude<keyof typeof id.menu, 'label' | 'groups'>;
export type MenuGroupLabel = keyof typeof id.menu.groups;

export interface MenuItem {
  label: MenuLabel;
  to: string;
  /** PrimeIcons class. */
  icon: string;
  /** Only for logged-in staff. */
  staffOnly: boolean;
  /** Shown only to staff with one of these roles; any staff member (or anyone, if not staff-only) when absent. */
  roles?: readonly StaffRole[];
}

export interface MenuGroup {
  label: MenuGroupLabel;
  items: MenuItem[];
}

/**
 * The whole menu, every item with who may see it. The shell provides it from its screen registry; the
 * menu and the pages that link to other screens read it here, so they need not know the registry.
 */
export const MenuContext = createContext<readonly MenuGroup[]>([]);

/** The groups and items one visitor may see: anonymous visitors (`isStaff` false) see no staff-only item. */
export function visibleMenu(
  groups: readonly MenuGroup[],
  { isStaff, roles = [] }: { isStaff: boolean; roles?: readonly StaffRole[] },
): MenuGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) =>
          (isStaff || !item.staffOnly) && (!item.roles || item.roles.some((role) => roles.includes(role))),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

/** The menu as the current visitor may see it. */
export function useMenu(): MenuGroup[] {
  const { session } = useSession();
  // Who must set a new password first sees the public menu: no staff screen opens to them before.
  const staff = session !== null && !session.passwordChangeRequired ? session : null;
  return visibleMenu(useContext(MenuContext), { isStaff: staff !== null, roles: staff?.roles ?? [] });
}

/** The public services, in the legacy menu's order (the dashboard and the landing page list them). */
export function usePublicServices(): MenuItem[] {
  return useContext(MenuContext).find((group) => group.label === 'services')?.items ?? [];
}

/**
 * Where a staff member starts after logging in: their own first desk, the first screen of the menu that
 * only some roles may open and theirs do; the dashboard for whom none is.
 */
export function ownDesk(groups: readonly MenuGroup[], roles: readonly StaffRole[]): string {
  const desks = visibleMenu(groups, { isStaff: true, roles }).flatMap((group) => group.items);
  return desks.find((item) => item.roles)?.to ?? '/';
}
