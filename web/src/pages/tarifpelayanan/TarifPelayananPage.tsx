import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function TarifPelayananPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.tarifpelayanan')}</PageTitle>;
}
