import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { OrderForm } from '../../components/OrderForm';

export default function JenazahPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('menu.jenazah')}</PageTitle>
      <OrderForm kind="hearse" route="jenazah" />
    </>
  );
}
