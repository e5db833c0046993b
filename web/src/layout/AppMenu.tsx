import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useMenu } from '../components/menu';

export function AppMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const groups = useMenu();

  return (
    <nav aria-label={t('menu.label')}>
      <ul className="layout-menu">
        {groups.map((group) => {
          const headingId = `menu-group-${group.label}`;
          return (
            <li key={group.label}>
              <h2 id={headingId} className="layout-menu-group-title">
                {t(`menu.groups.${group.label}`)}
              </h2>
              <ul aria-labelledby={headingId}>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end
                      className="layout-menu-link"
                      onClick={() => {
                        // Choosing the page already shown reloads its data, as the legacy portal did.
                        if (item.to === pathname) void queryClient.invalidateQueries();
                      }}
                    >
                      <i className={`pi ${item.icon}`} aria-hidden="true" />
                      <span>{t(`menu.${item.label}`)}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
