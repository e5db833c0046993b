import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function PegawaiPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.pegawai')}</PageTitle>;
}
