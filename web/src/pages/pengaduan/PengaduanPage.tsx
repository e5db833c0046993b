import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function PengaduanPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.pengaduan')}</PageTitle>;
}
