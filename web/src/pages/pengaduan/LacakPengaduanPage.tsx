import '../../components/orders.css';
import type { PublicComplaint } from '@portal/contract';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { SurveyLink } from '../../components/SurveyLink';
import { TrackingPage } from '../../components/TrackingPage';
import { useComplaintStatus } from '../../api/complaints';
import { complaintStatusSeverity } from '../../components/statusSeverity';
import { complaintsNs } from '../../i18n/complaints';
import { StatusTimeline } from '../../components/StatusTimeline';
import { HospitalTime } from '../../components/HospitalTime';

/** The public status page of a complaint, with the hospital’s answers. */
export default function LacakPengaduanPage() {
  return (
    <TrackingPage ns={complaintsNs} useStatus={useComplaintStatus}>
      {(complaint) => <ComplaintStatusView complaint={complaint} />}
    </TrackingPage>
  );
}

function ComplaintStatusView({ complaint }: { complaint: PublicComplaint }) {
  const { t } = useTranslation(complaintsNs);
  return (
    <section aria-labelledby="complaint-status-title">
      <h2 id="complaint-status-title">{complaint.code}</h2>
      <p className="order-status">
        {t('track.status')}:{' '}
        <Tag severity={complaintStatusSeverity[complaint.status]} value={t(`statuses.${complaint.status}`)} />
      </p>
      <SurveyLink token={complaint.survey} />
      <dl className="order-details">
        <dt>{t('track.category')}</dt>
        <dd>{complaint.category.name}</dd>
        {complaint.unit && (
          <>
            <dt>{t('track.unit')}</dt>
            <dd>{complaint.unit}</dd>
          </>
        )}
        <dt>{t('track.createdAt')}</dt>
        <dd>
          <HospitalTime iso={complaint.createdAt} />
        </dd>
        <dt>{t('track.message')}</dt>
        <dd className="complaint-message">{complaint.message}</dd>
      </dl>
      <h3>{t('track.answers')}</h3>
      <StatusTimeline
        emptyText={t('track.noAnswers')}
        entries={complaint.responses.map((answer, index) => ({
          key: `${index}-${answer.at}`,
          at: answer.at,
          text: answer.message,
        }))}
      />
    </section>
  );
}
