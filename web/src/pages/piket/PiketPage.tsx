import { deskRoles } from '@portal/contract/constants';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole, useSession } from '../../api/session';
import { piketNs } from './i18n';

// The roster and the log are the heavy parts of the page; the log is only for some staff.
const RosterBoard = lazy(() => import('./RosterBoard'));
const DutyLog = lazy(() => import('./DutyLog'));

/** The duty roster: who is planned now and who is on duty, the month's plan, and the handover log. */
export default function PiketPage() {
  const { t } = useTranslation(piketNs);
  const { session } = useSession();
  return (
    <>
      <RosterBoard canPlan={hasRole(session, deskRoles.admin)} />
      {hasRole(session, deskRoles.dutyLog) ? <DutyLog /> : <p>{t('forbidden')}</p>}
    </>
  );
}
