import '../../components/forms.css';
import '../../components/orders.css';
import type { OutboxMessage } from '@portal/contract';
import { type OutboxStatus, outboxStatuses } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox, useRetryOutbox } from '../../api/outbox';
import { DeskTable, tagColumn } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { useSuccessToast } from '../../components/useSuccessToast';
import { formatDateTime } from '../../i18n/format';
import { PrimeScope } from '../../components/PrimeScope';
import { notifikasiNs } from './i18n';
import { useDeskFilter } from '../../components/useDeskFilter';

const severity: Record<OutboxStatus, 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  sent: 'success',
  failed: 'danger',
};

const FILTERS = { status: outboxStatuses };

export default function OutboxTable() {
  const { t } = useTranslation(notifikasiNs);
  const { toast, show } = useSuccessToast();
  const filterId = useId();
  const desk = useDeskFilter(FILTERS);
  const { status } = desk.filter;
  const outbox = useOutbox({ status, page: desk.page, pageSize: desk.pageSize });
  const retry = useRetryOutbox();

  return (
    <PrimeScope>
      {toast}
      <section className="card" aria-labelledby="outbox-title">
        <h2 id="outbox-title">{t('title')}</h2>
        <div className="desk-filters">
          <FilterSelect
            id={`${filterId}-status`}
            label={t('filter')}
            allLabel={t('all')}
            value={status}
            options={outboxStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            onChange={(value) => desk.setFilter('status', value)}
          />
        </div>
        <DeskTable labelledBy="outbox-title" query={outbox} desk={desk} emptyMessage={t('empty')}>
          <Column
            header={t('columns.createdAt')}
            body={(message: OutboxMessage) => formatDateTime(message.createdAt)}
          />
          <Column
            header={t('columns.recipient')}
            body={(message: OutboxMessage) => message.recipient ?? t('noRecipient')}
          />
          <Column
            header={t('columns.message')}
            body={(message: OutboxMessage) => <span className="complaint-message">{message.message}</span>}
          />
          {tagColumn(t('columns.status'), (message: OutboxMessage) => ({
            severity: severity[message.status],
            value: t(`statuses.${message.status}`),
          }))}
          <Column header={t('columns.attempts')} field="attempts" />
          <Column
            header={t('columns.lastError')}
            body={(message: OutboxMessage) => message.lastError ?? ''}
          />
          <Column
            header={t('columns.times')}
            body={(message: OutboxMessage) =>
              message.sentAt
                ? t('sentAt', { time: formatDateTime(message.sentAt) })
                : message.nextAttemptAt && message.status === 'pending'
                  ? t('nextAttemptAt', { time: formatDateTime(message.nextAttemptAt) })
                  : ''
            }
          />
          <Column
            header={t('columns.actions')}
            body={(message: OutboxMessage) =>
              message.status === 'failed' ? (
                <Button
                  type="button"
                  size="small"
                  outlined
                  icon="pi pi-refresh"
                  label={t('retry')}
                  aria-label={t('retryLabel', { id: message.id })}
                  loading={retry.isPending && retry.variables === message.id}
                  onClick={() => retry.mutate(message.id, { onSuccess: () => show(t('retried')) })}
                />
              ) : null
            }
          />
        </DeskTable>
      </section>
    </PrimeScope>
  );
}
