import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/orders.css';
import './OrdersDesk.css';
import type { DeskOrder, DeskOrderDetail } from '@portal/contract';
import { type OrderStatus, orderKinds, orderStatuses, orderStatusMoves } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useAssignOrder, useChangeOrderStatus, useDeskOrder, useDeskOrders } from '../../api/orders';
import { DeskDetail, type OpenedRecord } from '../../components/DeskDetail';
import { DeskSection } from '../../components/DeskSection';
import { dateTimeColumn, openColumn, tagColumn } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { PrimeScope } from '../../components/PrimeScope';
import { errorText } from '../../components/serverErrors';
import { StatusTimeline } from '../../components/StatusTimeline';
import { orderStatusSeverity } from '../../components/statusSeverity';
import { formatTrackingCode } from '../../components/trackingCode';
import { ISO_DATE, useDeskFilter } from '../../components/useDeskFilter';
import { useSuccessToast } from '../../components/useSuccessToast';
import { HospitalTime } from '../../components/HospitalTime';
import { historyTitleKey, ordersNs } from '../../i18n/orders';
import { mejaPesananNs } from './i18n';

const FILTERS = { kind: orderKinds, status: orderStatuses, from: ISO_DATE, to: ISO_DATE };

export default function OrdersDesk() {
  const { t } = useTranslation([mejaPesananNs, ordersNs]);
  const { toast, show } = useSuccessToast();
  const filterId = useId();
  const desk = useDeskFilter(FILTERS);
  const { kind, status, from, to } = desk.filter;
  const [openId, setOpenId] = useState<number | null>(null);
  // An order's kind: in its own column, or under its code where the table is narrow (OrdersDesk.css).
  const kindOf = (order: DeskOrder) => t(`orders:kinds.${order.kind}`);
  const orders = useDeskOrders({ kind, status, from, to, page: desk.page, pageSize: desk.pageSize });

  return (
    <PrimeScope>
      {toast}
      <DeskSection
        title={t('list.title')}
        query={orders}
        desk={desk}
        emptyMessage={t('list.empty')}
        filters={
          <>
            <FilterSelect
              label={t('filters.kind')}
              options={orderKinds.map((value) => ({ value, label: t(`orders:kinds.${value}`) }))}
              {...desk.select('kind')}
            />
            <FilterSelect
              label={t('filters.status')}
              options={orderStatuses.map((value) => ({ value, label: t(`orders:statuses.${value}`) }))}
              {...desk.select('status')}
            />
            <FormField id={`${filterId}-from`} label={t('filters.from')}>
              <input
                id={`${filterId}-from`}
                type="date"
                className="p-inputtext p-component"
                value={from ?? ''}
                onChange={(event) => desk.setFilter('from', event.target.value)}
              />
            </FormField>
            <FormField id={`${filterId}-to`} label={t('filters.to')}>
              <input
                id={`${filterId}-to`}
                type="date"
                className="p-inputtext p-component"
                value={to ?? ''}
                onChange={(event) => desk.setFilter('to', event.target.value)}
              />
            </FormField>
          </>
        }
      >
        <Column
          header={t('list.columns.code')}
          body={(order: DeskOrder) => (
            <>
              <span className="list-code">{formatTrackingCode(order.code)}</span>
              <span className="list-person-note orders-kind-note">{kindOf(order)}</span>
            </>
          )}
        />
        <Column
          header={t('list.columns.kind')}
          body={kindOf}
          headerClassName="orders-kind"
          bodyClassName="orders-kind"
        />
        {dateTimeColumn(t('list.columns.scheduledAt'), (order: DeskOrder) => order.scheduledAt)}
        <Column header={t('list.columns.requester')} field="requesterName" />
        <Column header={t('list.columns.patient')} field="patientName" />
        {tagColumn(t('list.columns.status'), (order: DeskOrder) => ({
          severity: orderStatusSeverity[order.status],
          value: t(`orders:statuses.${order.status}`),
        }))}
        {openColumn(t('list.columns.actions'), {
          label: t('list.open'),
          ariaLabel: (order: DeskOrder) => t('list.openLabel', { code: formatTrackingCode(order.code) }),
          onOpen: (order) => setOpenId(order.id),
        })}
      </DeskSection>
      {openId !== null && (
        <OrderDetail key={openId} id={openId} onClose={() => setOpenId(null)} onDone={show} />
      )}
    </PrimeScope>
  );
}

function OrderDetail({ id, onClose, onDone }: OpenedRecord) {
  const { t } = useTranslation([mejaPesananNs, ordersNs]);
  const { data: order } = useDeskOrder(id);

  return (
    <DeskDetail
      record={order}
      title={(record) => t('detail.title', { code: formatTrackingCode(record.code) })}
      onClose={onClose}
    >
      {(order) => (
        <>
          <p className="order-status">
            {t(`orders:kinds.${order.kind}`)} ·{' '}
            <Tag
              severity={orderStatusSeverity[order.status]}
              value={t(`orders:statuses.${order.status}`)}
              data-testid="desk-order-status"
            />
          </p>
          <dl className="order-details">
            <dt>{t('detail.requester')}</dt>
            <dd>{order.requesterName}</dd>
            <dt>{t('detail.phone')}</dt>
            <dd>
              <a href={`tel:${order.phone}`}>{order.phone}</a>
            </dd>
            <dt>{t('detail.patient')}</dt>
            <dd>{order.patientName}</dd>
            <dt>{t('detail.pickupAddress')}</dt>
            <dd>{order.pickupAddress}</dd>
            <dt>{t('detail.destination')}</dt>
            <dd>{order.destination}</dd>
            <dt>{t('detail.scheduledAt')}</dt>
            <dd>
              <HospitalTime iso={order.scheduledAt} />
            </dd>
            <dt>{t('detail.notes')}</dt>
            <dd>{order.notes ?? t('detail.none')}</dd>
            <dt>{t('detail.vehicle')}</dt>
            <dd>{order.vehicle ?? t('detail.none')}</dd>
            <dt>{t('detail.driver')}</dt>
            <dd>{order.driver ?? t('detail.none')}</dd>
            {order.cancelReason && (
              <>
                <dt>{t('detail.cancelReason')}</dt>
                <dd>{order.cancelReason}</dd>
              </>
            )}
          </dl>
          <StatusChange order={order} onDone={onDone} />
          {orderStatusMoves[order.status].length > 0 && <Assignment order={order} onDone={onDone} />}
          <h3>{t('detail.timeline')}</h3>
          <StatusTimeline
            entries={order.history.map((entry, index) => ({
              key: entry.id,
              at: entry.at,
              title: t(historyTitleKey(order.history, index), { ns: 'orders' }),
              by: entry.staff ? t('detail.by', { name: entry.staff.name }) : t('detail.public'),
              text: entry.note,
            }))}
          />
        </>
      )}
    </DeskDetail>
  );
}

/** Buttons for the moves the contract allows from the current status, and the note sent with them. */
export function StatusChange({
  order,
  onDone,
}: {
  order: DeskOrderDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation([mejaPesananNs, ordersNs]);
  const noteId = useId();
  const [note, setNote] = useState('');
  // The note's error belongs to the order as it was: once the order changed (its vehicle saved), it is gone.
  const [error, setError] = useState<{ text: string; of: string } | null>(null);
  const noteError = error?.of === order.updatedAt ? error.text : null;
  const setNoteError = (text: string | null) => setError(text ? { text, of: order.updatedAt } : null);
  const change = useChangeOrderStatus(order.id);
  const moves = orderStatusMoves[order.status];

  if (moves.length === 0) return <p>{t('detail.noMoves')}</p>;

  const move = (status: OrderStatus) => {
    const text = note.trim();
    if (status === 'CANCELLED' && !text) {
      setNoteError(t('detail.cancelReasonRequired'));
      return;
    }
    setNoteError(null);
    change.mutate(
      { status, ...(text ? { note: text } : {}) },
      {
        onSuccess: (updated) => {
          setNote('');
          change.reset();
          onDone(
            t('done.status', {
              code: formatTrackingCode(updated.code),
              status: t(`orders:statuses.${updated.status}`),
            }),
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.note) setNoteError(error.fields.note);
        },
      },
    );
  };

  return (
    <div className="desk-action">
      <h3>{t('detail.status')}</h3>
      {change.error && !noteError && (
        <Message className="form-message" severity="error" text={errorText(change.error)} />
      )}
      <FormField
        id={noteId}
        label={t('detail.note')}
        help={t('detail.noteHelp')}
        error={noteError ?? undefined}
      >
        <textarea
          id={noteId}
          rows={2}
          className={`p-inputtext p-component${noteError ? ' p-invalid' : ''}`}
          aria-invalid={noteError !== null}
          aria-describedby={[noteError && `${noteId}-error`, `${noteId}-help`].filter(Boolean).join(' ')}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
          }}
        />
      </FormField>
      <div className="desk-buttons">
        {moves.map((status) => (
          <Button
            key={status}
            type="button"
            label={t(`detail.moveTo.${status}`)}
            severity={status === 'CANCELLED' ? 'danger' : undefined}
            outlined={status === 'CANCELLED'}
            loading={change.isPending && change.variables?.status === status}
            disabled={change.isPending}
            onClick={() => move(status)}
          />
        ))}
      </div>
    </div>
  );
}

function Assignment({ order, onDone }: { order: DeskOrderDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation(mejaPesananNs);
  const formId = useId();
  const [vehicle, setVehicle] = useState(order.vehicle ?? '');
  const [driver, setDriver] = useState(order.driver ?? '');
  const assign = useAssignOrder(order.id);
  const fields = assign.error instanceof ApiError ? assign.error.fields : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    assign.mutate(
      { vehicle, driver },
      { onSuccess: (updated) => onDone(t('done.assigned', { code: formatTrackingCode(updated.code) })) },
    );
  };

  return (
    <form className="desk-action" onSubmit={submit} noValidate>
      <h3>{t('detail.assign')}</h3>
      {assign.error && !fields && (
        <Message className="form-message" severity="error" text={errorText(assign.error)} />
      )}
      <div className="desk-filters">
        <FormField id={`${formId}-vehicle`} label={t('detail.vehicle')} error={fields?.vehicle}>
          <input
            id={`${formId}-vehicle`}
            className="p-inputtext p-component"
            value={vehicle}
            onChange={(event) => setVehicle(event.target.value)}
          />
        </FormField>
        <FormField id={`${formId}-driver`} label={t('detail.driver')} error={fields?.driver}>
          <input
            id={`${formId}-driver`}
            className="p-inputtext p-component"
            value={driver}
            onChange={(event) => setDriver(event.target.value)}
          />
        </FormField>
      </div>
      <Button type="submit" label={t('detail.assignSubmit')} icon="pi pi-check" loading={assign.isPending} />
    </form>
  );
}
