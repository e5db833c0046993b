import type { StaffRole } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useSession } from '../api/session';

interface Props {
  roles: readonly StaffRole[];
  /** Where the login sends back to. */
  path: string;
  loginRequired: string;
  loginLink: string;
  forbidden: string;
  children: ReactNode;
}

/** A staff desk: anonymous visitors are sent to log in, staff without one of `roles` are told so. */
export function StaffGate({ roles, path, loginRequired, loginLink, forbidden, children }: Props) {
  const { t } = useTranslation();
  const { session, isLoading } = useSession();
  if (isLoading) return <p>{t('common.loading')}</p>;
  if (!session)
    return (
      <p>
        {loginRequired} <Link to={`/auth?next=${path}`}>{loginLink}</Link>
      </p>
    );
  if (!hasRole(session, roles)) return <p>{forbidden}</p>;
  return <>{children}</>;
}
