import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { notFoundNs } from './i18n';

export default function NotFoundPage() {
  const { t } = useTranslation(notFoundNs);
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <PageTitle>{t('title')}</PageTitle>
        <p>{t('text')}</p>
        <Link to="/" className="standalone-action">
          <i className="pi pi-home" aria-hidden="true" />
          {t('home')}
        </Link>
      </div>
    </main>
  );
}
