import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../app/PageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <PageTitle>{t('notFound.title')}</PageTitle>
        <p>{t('notFound.text')}</p>
        <Link to="/" className="standalone-action">
          <i className="pi pi-home" aria-hidden="true" />
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
