import type { BedsResponse } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useAdmissions } from '../../api/ward';
import { DashboardCard } from './DashboardCard';
import { dashboardNs } from './i18n';

/** The ward desk's counters, for ward staff on the dashboard. */
export default function WardCounters({ beds }: { beds: BedsResponse | undefined }) {
  const { t } = useTranslation(dashboardNs);
  const admissions = useAdmissions(null);
  const freeBeds = beds?.classes.reduce((sum, row) => sum + row.available, 0);
  return (
    <DashboardCard name="desk" title={t('desk.title')} more={{ to: '/bangsal', label: t('desk.open') }}>
      <dl className="dashboard-counters">
        <div>
          <dt>{t('desk.inpatients')}</dt>
          <dd>{admissions.data?.length ?? '…'}</dd>
        </div>
        <div>
          <dt>{t('desk.freeBeds')}</dt>
          <dd>{freeBeds ?? '…'}</dd>
        </div>
      </dl>
    </DashboardCard>
  );
}
