import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { OrderForm } from '../../components/OrderForm';

export default function AmbulancePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('menu.ambulance')}</PageTitle>
      <OrderForm kind="ambulance" route="ambulance" />
    </>
  );
}
