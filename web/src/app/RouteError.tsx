import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PageTitle } from '../components/PageTitle';

const reloadedAt = 'portal.staleReloadAt';

/**
 * The browser could not load a part of the app's code: after an upgrade the old build's files are gone (a
 * screen opened since then asks for one), or the portal is restarting. Chromium, Firefox and Safari word it
 * each their own way; Vite's preloading of a screen's CSS has its own.
 */
function isStaleCode(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/**
 * Reloads the page, which brings the new build's code, unless this tab did so in the last minute (the files
 * are missing for another reason, or the portal is still down): then the page says what happened.
 */
function reloadOnce(): void {
  const last = Number(sessionStorage.getItem(reloadedAt) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(reloadedAt, String(Date.now()));
  window.location.reload();
}

/**
 * What a screen shows when it fails to load or to render, in place of the router's developer page (in English,
 * with its stack): inside the layout, under its menu, or on a page of its own (`bare`: the screens without
 * the layout, and the layout itself). A kiosk or a TV board left open over an upgrade reloads itself once and
 * goes on.
 */
export function RouteError({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation();
  const stale = isStaleCode(useRouteError());

  useEffect(() => {
    if (stale) reloadOnce();
  }, [stale]);

  const card = (
    <div className="standalone-card" role="alert">
      <PageTitle>{t(stale ? 'routeError.staleTitle' : 'routeError.title')}</PageTitle>
      <p>{t(stale ? 'routeError.stale' : 'routeError.failed')}</p>
      <div className="standalone-actions">
        <button type="button" className="standalone-action" onClick={() => window.location.reload()}>
          <i className="pi pi-refresh" aria-hidden="true" />
          {t('routeError.reload')}
        </button>
        {/* A whole page load: the new build's shell, not this tab's old one. */}
        <a href="/" className="standalone-action">
          <i className="pi pi-home" aria-hidden="true" />
          {t('routeError.home')}
        </a>
      </div>
    </div>
  );
  return bare ? <main className="standalone-page">{card}</main> : card;
}
