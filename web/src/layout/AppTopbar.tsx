import { lazy, type Ref, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogout, useSession } from '../api/session';
import { useLayout } from '../components/LayoutContext';

export const MENU_ID = 'layout-menu';

// Loaded on first use: most visits never change a password.
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

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
      <div className="layout-topbar-end">
        <SessionActions />
        <button
          type="button"
          className="layout-topbar-button"
          aria-label={t('topbar.settings')}
          aria-expanded={settingsOpen}
          onClick={() => setSettingsOpen(true)}
        >
          <i className="pi pi-cog" aria-hidden="true" />
        </button>
      </div>
    </header>
  );
}

function SessionActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, isLoading } = useSession();
  const logout = useLogout(() => navigate('/'));
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);

  // Neither "log in" nor a name while the server is still being asked: one of them would flash.
  if (isLoading) return null;
  if (!session) {
    return (
      <Link to="/auth" className="layout-topbar-action" aria-label={t('topbar.loginLabel')}>
        <i className="pi pi-sign-in" aria-hidden="true" />
        <span className="layout-topbar-action-text">{t('topbar.login')}</span>
      </Link>
    );
  }
  return (
    <>
      <Link to="/akun" className="layout-topbar-user" title={t('topbar.account')}>
        <i className="pi pi-user" aria-hidden="true" />
        <span>{session.name}</span>
      </Link>
      <button
        type="button"
        className="layout-topbar-button"
        aria-label={t('topbar.changePassword')}
        title={t('topbar.changePassword')}
        aria-haspopup="dialog"
        onClick={() => {
          setPasswordUsed(true);
          setPasswordOpen(true);
        }}
      >
        <i className="pi pi-key" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="layout-topbar-action"
        aria-label={t('topbar.logout')}
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
      >
        <i className="pi pi-sign-out" aria-hidden="true" />
        <span className="layout-topbar-action-text">{t('topbar.logout')}</span>
      </button>
      {passwordUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
