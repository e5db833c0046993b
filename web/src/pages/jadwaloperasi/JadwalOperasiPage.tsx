import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { jadwalOperasiNs } from './i18n';

const OperatingSchedule = lazy(() => import('./OperatingSchedule'));

/** The operating-room schedule: one day's list in order, kept by theatre staff (or admin). */
export default function JadwalOperasiPage() {
  const { t } = useTranslation(['translation', jadwalOperasiNs]);
  return (
    <>
      <PageTitle>{t('jadwalOperasi:title')}</PageTitle>
      <StaffGate
        roles={['theatre', 'admin']}
        path="/jadwal-operasi"
        loginRequired={t('jadwalOperasi:loginRequired')}
        loginLink={t('jadwalOperasi:loginLink')}
        forbidden={t('jadwalOperasi:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <OperatingSchedule />
        </Suspense>
      </StaffGate>
    </>
  );
}
