import '../../components/orders.css';
import type { PublicOrder } from '@portal/contract';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { SurveyLink } from '../../components/SurveyLink';
import { TrackingPage } from '../../components/TrackingPage';
import { useOrderStatus } from '../../api/orders';
import { orderStatusSeverity } from '../../components/statusSeverity';
import { StatusTimeline } from '../../components/StatusTimeline';
import { HospitalTime } from '../../components/HospitalTime';
import { historyTitleKey, ordersNs } from '../../i18n/orders';

/** The public status page of an order. */
export default function LacakPage() {
  return (
    <TrackingPage ns={ordersNs} useStatus={useOrderStatus}>
      {(order) => <OrderStatusView order={order} />}
    </TrackingPage>
  );
}

function OrderStatusView({ order }: { order: PublicOrder }) {
  const { t } = useTranslation(ordersNs);
  return (
    <section aria-labelledby="order-status-title">
      <h2 id="order-status-title">
        {t(`kinds.${order.kind}`)} · {order.code}
      </h2>
      <p className="order-status">
        {t('track.status')}:{' '}
        <Tag
          severity={orderStatusSeverity[order.status]}
          value={t(`statuses.${order.status}`)}
          data-testid="order-status"
        />
      </p>
      <SurveyLink token={order.survey} />
      <dl className="order-details">
        <dt>{order.kind === 'ambulance' ? t('track.patient') : t('track.deceased')}</dt>
        <dd>{order.patientName}</dd>
        <dt>{t('track.pickupAddress')}</dt>
        <dd>{order.pickupAddress}</dd>
        <dt>{t('track.destination')}</dt>
        <dd>{order.destination}</dd>
        <dt>{t('track.scheduledAt')}</dt>
        <dd>
          <HospitalTime iso={order.scheduledAt} />
        </dd>
        <dt>{t('track.vehicle')}</dt>
        <dd>{order.vehicle ?? t('track.notAssigned')}</dd>
        <dt>{t('track.driver')}</dt>
        <dd>{order.driver ?? t('track.notAssigned')}</dd>
      </dl>
      <h3>{t('track.timeline')}</h3>
      <StatusTimeline
        entries={order.history.map((entry, index) => ({
          key: `${index}-${entry.status}-${entry.at}`,
          at: entry.at,
          title: t(historyTitleKey(order.history, index)),
          text: entry.note,
        }))}
      />
      <p className="form-help">{t('track.refresh')}</p>
    </section>
  );
}
