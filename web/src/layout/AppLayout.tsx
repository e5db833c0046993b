import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { AppFooter } from './AppFooter';
import { AppMenu } from './AppMenu';
import { AppTopbar, MENU_ID } from './AppTopbar';
import { PrintHeader } from './PrintHeader';
import { SimrsNotice } from './SimrsNotice';
import { useLayout } from '../components/LayoutContext';

// The settings sidebar brings most of the PrimeReact components of the shell; load it on first use.
const SettingsSidebar = lazy(() => import('./SettingsSidebar'));
// Seen once, by a staff member imported with a weak legacy password.
const PasswordChangeRequired = lazy(() => import('./PasswordChangeRequired'));

export function AppLayout() {
  const { t } = useTranslation();
  const { menuLayout, menuVisible, menuFloating, closeMenu, closePanels, settingsOpen } = useLayout();
  // Stays mounted after the first opening, so that closing plays its transition.
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const { key: locationKey } = useLocation();
  const { session } = useSession();
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  // Every navigation, also to the same URL, closes the floating menu and the settings sidebar, in the same
  // frame that shows the new page.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the location key is the trigger, not an input.
  useLayoutEffect(() => closePanels(), [locationKey]);

  useEffect(() => {
    if (!menuFloating) return;
    // Keyboard users land in the menu they opened instead of behind its mask.
    menuRef.current?.querySelector('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusWasInMenu = menuRef.current?.contains(document.activeElement);
      closeMenu();
      if (focusWasInMenu) menuButtonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !menuRef.current?.contains(event.target)) closeMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuFloating, closeMenu]);

  return (
    <div className={`layout-wrapper layout-${menuLayout}${menuVisible ? ' layout-menu-visible' : ''}`}>
      {/* A button, not a #fragment link: a hash in the URL would count as a navigation for the router. */}
      <button type="button" className="layout-skip-link" onClick={() => mainRef.current?.focus()}>
        {t('app.skipToContent')}
      </button>
      <AppTopbar menuButtonRef={menuButtonRef} />
      <div id={MENU_ID} ref={menuRef} className="layout-sidebar">
        <AppMenu />
      </div>
      {menuFloating && <div className="layout-mask" data-testid="menu-mask" />}
      <div className="layout-main-container">
        <PrintHeader />
        <main id="main-content" ref={mainRef} tabIndex={-1} className="layout-main">
          <SimrsNotice />
          <Suspense fallback={null}>
            {/* Who must set a new password first (a weak legacy one) does that before anything else; every
                navigation asks again. */}
            {session?.passwordChangeRequired ? <PasswordChangeRequired key={locationKey} /> : <Outlet />}
          </Suspense>
        </main>
        <AppFooter />
      </div>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsSidebar />
        </Suspense>
      )}
    </div>
  );
}
