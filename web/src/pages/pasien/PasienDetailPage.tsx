import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { pasienNs } from './i18n';

const PatientRecord = lazy(() => import('./PatientRecord'));

/** One patient's record: identity, last visits, history and visit details. */
export default function PasienDetailPage() {
  const { t } = useTranslation(['translation', pasienNs]);
  const { id = '' } = useParams();
  const patientId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  return (
    <>
      <PageTitle>{t('pasien:record.title')}</PageTitle>
      <StaffGate
        roles={['records', 'admin']}
        path={`/pasien/${id}`}
        loginRequired={t('pasien:loginRequired')}
        loginLink={t('pasien:loginLink')}
        forbidden={t('pasien:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          {patientId === null ? <p>{t('pasien:record.notFound')}</p> : <PatientRecord id={patientId} />}
        </Suspense>
      </StaffGate>
    </>
  );
}
