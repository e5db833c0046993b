import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { notifikasiNs } from './i18n';

const OutboxTable = lazy(() => import('./OutboxTable'));

/** The WhatsApp outbox: what waits, went out or failed; for admin, piket and cs. */
export default function NotifikasiPage() {
  const { t } = useTranslation(['translation', notifikasiNs]);
  return (
    <>
      <PageTitle>{t('notifikasi:title')}</PageTitle>
      <StaffGate
        roles={['admin', 'piket', 'cs']}
        path="/notifikasi"
        loginRequired={t('notifikasi:loginRequired')}
        loginLink={t('notifikasi:loginLink')}
        forbidden={t('notifikasi:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <OutboxTable />
        </Suspense>
      </StaffGate>
    </>
  );
}
