import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useSession } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { bangsalNs } from './i18n';

// The desk is the heavy part of the page and only ward staff may use it.
const WardDesk = lazy(() => import('./WardDesk'));

/** The ward desk: admissions, transfers and discharges, for staff with the ward role (or admin). */
export default function BangsalPage() {
  const { t } = useTranslation(['translation', bangsalNs]);
  const { session, isLoading } = useSession();

  return (
    <>
      <PageTitle>{t('menu.bangsal')}</PageTitle>
      {isLoading ? (
        <p>{t('common.loading')}</p>
      ) : !session ? (
        <p>
          {t('bangsal:loginRequired')} <Link to="/auth?next=/bangsal">{t('bangsal:loginLink')}</Link>
        </p>
      ) : hasRole(session, ['ward', 'admin']) ? (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <WardDesk />
        </Suspense>
      ) : (
        <p>{t('bangsal:forbidden')}</p>
      )}
    </>
  );
}
