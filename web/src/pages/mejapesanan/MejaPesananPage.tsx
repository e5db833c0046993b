import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StaffGate } from '../../app/StaffGate';
import { mejaPesananNs } from './i18n';

const OrdersDesk = lazy(() => import('./OrdersDesk'));

/** The orders desk: ambulance and hearse orders, for orders and piket staff (or admin). */
export default function MejaPesananPage() {
  const { t } = useTranslation(['translation', mejaPesananNs]);
  return (
    <>
      <PageTitle>{t('mejaPesanan:title')}</PageTitle>
      <StaffGate
        roles={['orders', 'piket', 'admin']}
        path="/meja-pesanan"
        loginRequired={t('mejaPesanan:loginRequired')}
        loginLink={t('mejaPesanan:loginLink')}
        forbidden={t('mejaPesanan:forbidden')}
      >
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <OrdersDesk />
        </Suspense>
      </StaffGate>
    </>
  );
}
