import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useSession } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { absensiNs } from './i18n';

const AttendanceDesk = lazy(() => import('./AttendanceDesk'));

/** Attendance: every staff member clocks in and out here; admins also see today's list and the recap. */
export default function AbsensiPage() {
  const { t } = useTranslation(['translation', absensiNs]);
  const { session, isLoading } = useSession();

  return (
    <>
      <PageTitle>{t('menu.absensi')}</PageTitle>
      {isLoading ? (
        <p>{t('common.loading')}</p>
      ) : !session ? (
        <p>
          {t('absensi:loginRequired')} <Link to="/auth?next=/absensi">{t('absensi:loginLink')}</Link>
        </p>
      ) : (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <AttendanceDesk isAdmin={hasRole(session, ['admin'])} />
        </Suspense>
      )}
    </>
  );
}
