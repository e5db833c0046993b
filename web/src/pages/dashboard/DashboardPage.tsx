import './DashboardPage.css';
import type { BedsResponse, Officer, QueueBoard } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBeds } from '../../api/beds';
import { useDuty } from '../../api/duty';
import { useQueueBoard } from '../../api/queueBoard';
import { hasRole, useSession } from '../../api/session';
import { usePublicServices } from '../../components/menu';
import { OfficerContact } from '../../components/OfficerContact';
import { PageTitle } from '../../components/PageTitle';
import { useBedClassLabel } from '../../i18n/beds';
import { contactNs } from '../../i18n/contact';
import { DashboardCard } from './DashboardCard';
import { dashboardNs } from './i18n';

// Part of the first view: plain markup and CSS only, no PrimeReact and no chart library (the initial
// JavaScript is budgeted).

/** Free beds change with every admission; the bed page itself is live, a summary may lag half a minute. */
const BEDS_REFRESH_MS = 30_000;

// Staff only: the public's first view does without it.
const WardCounters = lazy(() => import('./WardCounters'));

export default function DashboardPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const beds = useBeds({ refetchInterval: BEDS_REFRESH_MS });
  const queues = useQueueBoard();
  const wardStaff = hasRole(session, ['ward', 'admin']);

  return (
    <>
      <PageTitle>{t('menu.dashboard')}</PageTitle>
      <div className="dashboard">
        {wardStaff && (
          <Suspense fallback={null}>
            <WardCounters beds={beds.data} />
          </Suspense>
        )}
        <FreeBeds beds={beds.data} />
        <ClinicQueues board={queues.data} />
        <OnDuty />
        <Services />
      </div>
    </>
  );
}

function FreeBeds({ beds }: { beds: BedsResponse | undefined }) {
  const { t } = useTranslation([dashboardNs, 'translation']);
  const classLabel = useBedClassLabel();
  return (
    <DashboardCard
      name="beds"
      title={t('beds.title')}
      more={{ to: '/tempattidur', label: t('beds.details') }}
    >
      {!beds ? (
        <p>{t('translation:common.loading')}</p>
      ) : (
        <ul className="dashboard-bars">
          {beds.classes.map((row) => {
            const label = classLabel(row.class);
            const share = row.capacity > 0 ? row.available / row.capacity : 0;
            return (
              <li key={row.class}>
                <span className="dashboard-bar-label">{label}</span>
                <div
                  className={`dashboard-bar${row.available === 0 ? ' is-full' : ''}`}
                  role="meter"
                  aria-label={label}
                  aria-valuemin={0}
                  aria-valuemax={row.capacity}
                  aria-valuenow={row.available}
                  aria-valuetext={t('beds.meter', { available: row.available, capacity: row.capacity })}
                >
                  <span style={{ width: `${Math.round(share * 100)}%` }} />
                </div>
                <span className="dashboard-bar-value" aria-hidden="true">
                  {row.available}/{row.capacity}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}

function ClinicQueues({ board }: { board: QueueBoard | undefined }) {
  const { t } = useTranslation([dashboardNs, 'translation']);
  return (
    <DashboardCard
      name="queues"
      title={t('queues.title')}
      more={{ to: '/papan-antrean', label: t('queues.board') }}
    >
      {!board ? (
        <p>{t('translation:common.loading')}</p>
      ) : board.clinics.length === 0 ? (
        <p>{t('queues.empty')}</p>
      ) : (
        <table className="dashboard-queue-table" aria-labelledby="dashboard-queues">
          <thead>
            <tr>
              <th scope="col">{t('queues.clinic')}</th>
              <th scope="col">{t('queues.serving')}</th>
              <th scope="col">{t('queues.waiting')}</th>
            </tr>
          </thead>
          <tbody>
            {board.clinics.map((row) => (
              <tr key={row.clinic.id}>
                <th scope="row">{row.clinic.name}</th>
                <td className="dashboard-queue-number">{row.serving ?? t('queues.noneServing')}</td>
                <td>{row.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DashboardCard>
  );
}

function OnDuty() {
  const { t } = useTranslation([dashboardNs, contactNs, 'translation']);
  const { data: duty, isPending } = useDuty();
  const officer = (title: string, person: Officer | null | undefined) => (
    <div className="dashboard-officer">
      <h3>{title}</h3>
      {isPending ? (
        <p>{t('translation:common.loading')}</p>
      ) : person ? (
        <OfficerContact officer={person} />
      ) : (
        <p>{t('contact:none')}</p>
      )}
    </div>
  );
  return (
    <DashboardCard name="duty" title={t('duty.title')}>
      {officer(t('contact:roles.piket'), duty?.piket)}
      {officer(t('contact:roles.cs'), duty?.cs)}
    </DashboardCard>
  );
}

function Services() {
  const { t } = useTranslation([dashboardNs, 'translation']);
  const publicServices = usePublicServices();
  return (
    <DashboardCard name="services" title={t('services.title')}>
      <ul>
        {publicServices.map((service) => (
          <li key={service.to}>
            <Link to={service.to}>
              <i className={`pi ${service.icon}`} aria-hidden="true" />
              <span>{t(`translation:menu.${service.label}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
