import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { pasienNs } from './i18n';

const PatientSearchDesk = lazy(() => import('./PatientSearchDesk'));

/** Patient search of the medical records desk (records and admin). */
export default function PasienPage() {
  const { t } = useTranslation(['translation', pasienNs]);
  return (
    <>
      <PageTitle>{t('pasien:title')}</PageTitle>
      <StaffGate
        roles={['records', 'admin']}
        path="/pasien"
        loginRequired={t('pasien:loginRequired')}
        loginLink={t('pasien:loginLink')}
        forbidden={t('pasien:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <PatientSearchDesk />
        </Suspense>
      </StaffGate>
    </>
  );
}
