import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';

export default function TempatTidurPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.tempattidur')}</PageTitle>;
}
