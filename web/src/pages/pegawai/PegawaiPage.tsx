import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { pegawaiNs } from './i18n';

const StaffAdmin = lazy(() => import('./StaffAdmin'));

/** Staff administration: accounts, roles and duty eligibility; for admins. */
export default function PegawaiPage() {
  const { t } = useTranslation(['translation', pegawaiNs]);
  return (
    <>
      <PageTitle>{t('menu.pegawai')}</PageTitle>
      <StaffGate
        roles={['admin']}
        path="/pegawai"
        loginRequired={t('pegawai:loginRequired')}
        loginLink={t('pegawai:loginLink')}
        forbidden={t('pegawai:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <StaffAdmin />
        </Suspense>
      </StaffGate>
    </>
  );
}
