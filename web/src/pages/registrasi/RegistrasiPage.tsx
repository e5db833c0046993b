import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function RegistrasiPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.registrasi')}</PageTitle>;
}
