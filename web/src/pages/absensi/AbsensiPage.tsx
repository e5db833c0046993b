import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function AbsensiPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.absensi')}</PageTitle>;
}
