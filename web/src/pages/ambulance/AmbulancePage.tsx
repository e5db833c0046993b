import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function AmbulancePage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.ambulance')}</PageTitle>;
}
