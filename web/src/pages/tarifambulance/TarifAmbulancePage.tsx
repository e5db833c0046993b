import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function TarifAmbulancePage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.tarifambulance')}</PageTitle>;
}
