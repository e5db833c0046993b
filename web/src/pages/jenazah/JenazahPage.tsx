import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function JenazahPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.jenazah')}</PageTitle>;
}
