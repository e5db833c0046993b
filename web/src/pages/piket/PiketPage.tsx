import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useSession } from '../../api/session';
import { PageTitle } from '../../app/PageTitle';
import { piketNs } from './i18n';

// The table is the heavy part of the page and only some staff may see it.
const DutyLog = lazy(() => import('./DutyLog'));

export default function PiketPage() {
  const { t } = useTranslation(['translation', piketNs]);
  const { session, isLoading } = useSession();

  return (
    <>
      <PageTitle>{t('menu.piket')}</PageTitle>
      {isLoading ? (
        <p>{t('common.loading')}</p>
      ) : !session ? (
        <p>
          {t('piket:loginRequired')} <Link to="/auth?next=/piket">{t('piket:loginLink')}</Link>
        </p>
      ) : hasRole(session, ['admin', 'piket']) ? (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <DutyLog />
        </Suspense>
      ) : (
        <p>{t('piket:forbidden')}</p>
      )}
    </>
  );
}
