import { useTranslation } from 'react-i18next';
import { useHealth } from '../api/health';

export function AppFooter() {
  const { t } = useTranslation();
  const { data: health } = useHealth();

  return (
    <footer className="layout-footer">
      <span>{t('footer.copyright', { year: new Date().getFullYear(), name: t('app.hospitalName') })}</span>
      {health && (
        <span className="layout-footer-database">{t('footer.database', { name: health.database })}</span>
      )}
    </footer>
  );
}
