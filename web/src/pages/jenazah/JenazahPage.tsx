import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';
import { OrderPage } from '../ambulance/OrderPage';

export default function JenazahPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('menu.jenazah')}</PageTitle>
      <OrderPage kind="hearse" route="jenazah" />
    </>
  );
}
