import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { jadwalPoliNs } from './i18n';

const ClinicReference = lazy(() => import('./ClinicReference'));

/** Clinics, doctors, weekly schedules and closed dates behind outpatient booking; for registration and admin. */
export default function JadwalPoliPage() {
  const { t } = useTranslation(['translation', jadwalPoliNs]);
  return (
    <>
      <PageTitle>{t('jadwalPoli:title')}</PageTitle>
      <StaffGate
        roles={['admin', 'registration']}
        path="/jadwal-poli"
        loginRequired={t('jadwalPoli:loginRequired')}
        loginLink={t('jadwalPoli:loginLink')}
        forbidden={t('jadwalPoli:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <ClinicReference />
        </Suspense>
      </StaffGate>
    </>
  );
}
