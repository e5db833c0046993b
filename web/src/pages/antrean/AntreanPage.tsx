import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { antreanNs } from './i18n';

const ClinicQueue = lazy(() => import('./ClinicQueue'));

/** The outpatient queue desk: today's sessions of one clinic, for registration staff (or admin). */
export default function AntreanPage() {
  const { t } = useTranslation(['translation', antreanNs]);
  return (
    <>
      <PageTitle>{t('antrean:title')}</PageTitle>
      <StaffGate
        roles={['registration', 'admin']}
        path="/antrean"
        loginRequired={t('antrean:loginRequired')}
        loginLink={t('antrean:loginLink')}
        forbidden={t('antrean:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <ClinicQueue />
        </Suspense>
      </StaffGate>
    </>
  );
}
