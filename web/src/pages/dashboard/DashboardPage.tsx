import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function DashboardPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.dashboard')}</PageTitle>;
}
