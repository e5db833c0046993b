import type { BedsResponse } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdmissions } from '../../api/ward';
import { dashboardNs } from './i18n';

/** The ward desk's counters, for ward staff on the dashboard. */
export default function WardCounters({ beds }: { beds: BedsResponse | undefined }) {
  const { t } = useTranslation(dashboardNs);
  const admissions = useAdmissions(null);
  const freeBeds = beds?.classes.reduce((sum, row) => sum + row.available, 0);
  return (
    <section className="card dashboard-desk" aria-labelledby="dashboard-desk">
      <h2 id="dashboard-desk">{t('desk.title')}</h2>
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
      <Link to="/bangsal" className="dashboard-more">
        {t('desk.open')}
        <i className="pi pi-arrow-right" aria-hidden="true" />
      </Link>
    </section>
  );
}
