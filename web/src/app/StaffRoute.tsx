import type { StaffRole } from '@portal/contract/constants';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { hasRole, useSession, useSessionEnded } from '../api/session';
import { PageTitle } from '../components/PageTitle';
import type { StaffScreenKey } from './screens';

interface GateTexts {
  title: string;
  loginRequired: string;
  loginLink?: string;
  forbidden?: string;
}

interface Props {
  /** Who may enter; any staff member when absent. */
  roles?: readonly StaffRole[];
  texts: StaffScreenKey;
}

/**
 * The layout route of every staff screen: its heading, then the screen for staff with one of `roles`;
 * anonymous visitors are asked to log in (and come back here), other staff are told they may not enter.
 * Staff whose session ended while they worked (an admin ended it, it expired) are sent to log in again.
 */
export function StaffRoute({ roles, texts }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session, isLoading } = useSession();
  const ended = useSessionEnded();
  const gate = t(`staffScreens.${texts}`, { returnObjects: true }) as GateTexts;

  if (!isLoading && !session && ended) return <Navigate to={`/auth?next=${pathname}`} replace />;

  let body;
  if (isLoading) body = <p>{t('common.loading')}</p>;
  else if (!session)
    body = (
      <p>
        {gate.loginRequired}{' '}
        <Link to={`/auth?next=${pathname}`}>{gate.loginLink ?? t('staffScreens.loginLink')}</Link>
      </p>
    );
  else if (roles && !hasRole(session, roles)) body = <p>{gate.forbidden}</p>;
  else
    body = (
      <Suspense fallback={<p>{t('common.loading')}</p>}>
        <Outlet />
      </Suspense>
    );

  return (
    <>
      <PageTitle>{gate.title}</PageTitle>
      {body}
    </>
  );
}
