import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { mejaPengaduanNs } from './i18n';

const ComplaintsDesk = lazy(() => import('./ComplaintsDesk'));

/** The complaints desk, for complaints and customer-service staff (or admin). */
export default function MejaPengaduanPage() {
  const { t } = useTranslation(['translation', mejaPengaduanNs]);
  return (
    <>
      <PageTitle>{t('mejaPengaduan:title')}</PageTitle>
      <StaffGate
        roles={['complaints', 'cs', 'admin']}
        path="/meja-pengaduan"
        loginRequired={t('mejaPengaduan:loginRequired')}
        loginLink={t('mejaPengaduan:loginLink')}
        forbidden={t('mejaPengaduan:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <ComplaintsDesk />
        </Suspense>
      </StaffGate>
    </>
  );
}
