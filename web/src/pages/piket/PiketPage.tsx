import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function PiketPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.piket')}</PageTitle>;
}
