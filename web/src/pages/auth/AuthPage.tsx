import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function AuthPage() {
  const { t } = useTranslation();
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <PageTitle>{t('auth.title')}</PageTitle>
      </div>
    </main>
  );
}
