import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useSession } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { piketNs } from './i18n';

// The roster and the log are the heavy parts of the page; the log is only for some staff.
const RosterBoard = lazy(() => import('./RosterBoard'));
const DutyLog = lazy(() => import('./DutyLog'));

/** The duty roster: who is planned now and who is on duty, the month's plan, and the handover log. */
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
      ) : (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <RosterBoard canPlan={hasRole(session, ['admin'])} />
          {hasRole(session, ['admin', 'piket']) ? <DutyLog /> : <p>{t('piket:forbidden')}</p>}
        </Suspense>
      )}
    </>
  );
}
