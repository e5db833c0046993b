import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLayout } from './LayoutContext';

export const MENU_ID = 'layout-menu';

export function AppTopbar({ menuButtonRef }: { menuButtonRef: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  const { menuVisible, toggleMenu, settingsOpen, setSettingsOpen } = useLayout();

  return (
    <header className="layout-topbar">
      <Link to="/" className="layout-topbar-logo">
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span>{t('app.hospitalName')}</span>
      </Link>
      <button
        ref={menuButtonRef}
        type="button"
        className="layout-topbar-button"
        aria-label={t('topbar.toggleMenu')}
        aria-controls={MENU_ID}
        aria-expanded={menuVisible}
        onClick={toggleMenu}
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="layout-topbar-button layout-topbar-settings"
        aria-label={t('topbar.settings')}
        aria-expanded={settingsOpen}
        onClick={() => setSettingsOpen(true)}
      >
        <i className="pi pi-cog" aria-hidden="true" />
      </button>
    </header>
  );
}
