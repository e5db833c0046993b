import '../../app/forms.css';
import './orders.css';
import type { PublicOrder } from '@portal/contract';
import type { OrderStatus } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useOrderStatus } from '../../api/orders';
import { FormField } from '../../app/FormField';
import { PageTitle } from '../../app/PageTitle';
import { formatDateTime } from '../../i18n/format';
import { ordersNs } from '../../i18n/orders';
import { PrimeScope } from '../../layout/PrimeScope';

export const orderStatusSeverity: Record<OrderStatus, 'info' | 'success' | 'warning' | 'danger' | null> = {
  NEW: 'info',
  CONFIRMED: null,
  ON_THE_WAY: 'warning',
  DONE: 'success',
  CANCELLED: 'danger',
};

/** The public status page of an order: a code and the requester's phone (`?kode=&hp=`) find it. */
export default function LacakPage() {
  const { t } = useTranslation([ordersNs, 'translation']);
  const [params, setParams] = useSearchParams();
  const code = (params.get('kode') ?? '').trim();
  const phone = (params.get('hp') ?? '').trim();
  const status = useOrderStatus(code, phone);

  return (
    <PrimeScope>
      <PageTitle>{t('track.title')}</PageTitle>
      <div className="card">
        <TrackForm
          key={`${code}|${phone}`}
          code={code}
          phone={phone}
          onSubmit={(kode, hp) => setParams({ kode, hp })}
        />
      </div>
      {code && phone && (
        <div className="card" aria-live="polite">
          {status.data ? (
            <OrderStatusView order={status.data} />
          ) : status.error ? (
            <Message
              severity="error"
              text={
                status.error instanceof ApiError && status.error.status === 404
                  ? t('track.notFound')
                  : status.error.message
              }
            />
          ) : (
            <p>{t('translation:common.loading')}</p>
          )}
        </div>
      )}
    </PrimeScope>
  );
}

function TrackForm({
  code,
  phone,
  onSubmit,
}: {
  code: string;
  phone: string;
  onSubmit: (code: string, phone: string) => void;
}) {
  const { t } = useTranslation(ordersNs);
  const formId = useId();
  const [codeText, setCodeText] = useState(code);
  const [phoneText, setPhoneText] = useState(phone);
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextCode = codeText.trim();
    const nextPhone = phoneText.trim();
    setMissing(!nextCode || !nextPhone);
    if (nextCode && nextPhone) onSubmit(nextCode, nextPhone);
  };

  return (
    <form className="order-track-form" onSubmit={submit} noValidate>
      <FormField id={`${formId}-code`} label={t('track.code')}>
        <input
          id={`${formId}-code`}
          className="p-inputtext p-component"
          value={codeText}
          placeholder={t('track.codePlaceholder')}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(event) => setCodeText(event.target.value)}
        />
      </FormField>
      <FormField id={`${formId}-phone`} label={t('track.phone')}>
        <input
          id={`${formId}-phone`}
          className="p-inputtext p-component"
          type="tel"
          inputMode="tel"
          value={phoneText}
          onChange={(event) => setPhoneText(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" icon="pi pi-search" label={t('track.submit')} />
      </div>
      {missing && <small className="p-error">{t('track.required')}</small>}
    </form>
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
      <dl className="order-details">
        <dt>{order.kind === 'ambulance' ? t('track.patient') : t('track.deceased')}</dt>
        <dd>{order.patientName}</dd>
        <dt>{t('track.pickupAddress')}</dt>
        <dd>{order.pickupAddress}</dd>
        <dt>{t('track.destination')}</dt>
        <dd>{order.destination}</dd>
        <dt>{t('track.scheduledAt')}</dt>
        <dd>{formatDateTime(order.scheduledAt)} WIB</dd>
        <dt>{t('track.vehicle')}</dt>
        <dd>{order.vehicle ?? t('track.notAssigned')}</dd>
        <dt>{t('track.driver')}</dt>
        <dd>{order.driver ?? t('track.notAssigned')}</dd>
      </dl>
      <h3>{t('track.timeline')}</h3>
      <ol className="order-timeline">
        {order.history.map((entry, index) => (
          <li key={`${index}-${entry.status}-${entry.at}`}>
            <strong>{t(`statuses.${entry.status}`)}</strong>{' '}
            <time dateTime={entry.at}>{formatDateTime(entry.at)} WIB</time>
            {entry.note && <div>{entry.note}</div>}
          </li>
        ))}
      </ol>
      <p className="form-help">{t('track.refresh')}</p>
    </section>
  );
}
