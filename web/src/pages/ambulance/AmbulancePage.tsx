import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';
import { OrderPage } from './OrderPage';

export default function AmbulancePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('menu.ambulance')}</PageTitle>
      <OrderPage kind="ambulance" route="ambulance" />
    </>
  );
}
