import { useTranslation } from 'react-i18next';
import { useHealth } from '../api/health';
import { useSession } from '../api/session';

/** The copyright; for staff also the database the server runs on (the public has no use for it). */
export function AppFooter() {
  const { t } = useTranslation();
  const { data: health } = useHealth();
  const { session } = useSession();

  return (
    <footer className="layout-footer">
      <span>{t('footer.copyright', { year: new Date().getFullYear(), name: t('app.hospitalName') })}</span>
      {health && session && (
        <span className="layout-footer-database">{t('footer.database', { name: health.database })}</span>
      )}
    </footer>
  );
}
