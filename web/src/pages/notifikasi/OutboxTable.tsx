import '../../components/forms.css';
import '../../components/orders.css';
import type { OutboxMessage } from '@portal/contract';
import { type OutboxStatus, outboxStatuses } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox, useRetryOutbox } from '../../api/outbox';
import { FormField } from '../../components/FormField';
import { useSuccessToast } from '../../components/useSuccessToast';
import { formatDateTime } from '../../i18n/format';
import { PrimeScope } from '../../components/PrimeScope';
import { notifikasiNs } from './i18n';
import { serverPaging } from '../../components/serverPaging';

const severity: Record<OutboxStatus, 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  sent: 'success',
  failed: 'danger',
};

export default function OutboxTable() {
  const { t } = useTranslation(notifikasiNs);
  const { toast, show } = useSuccessToast();
  const filterId = useId();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, isFetching } = useOutbox({ status: status || null, page, pageSize });
  const retry = useRetryOutbox();

  return (
    <PrimeScope>
      {toast}
      <section className="card" aria-labelledby="outbox-title">
        <h2 id="outbox-title">{t('title')}</h2>
        <div className="desk-filters">
          <FormField id={`${filterId}-status`} label={t('filter')}>
            <select
              id={`${filterId}-status`}
              className="p-inputtext p-component"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as OutboxStatus | '');
                setPage(1);
              }}
            >
              <option value="">{t('all')}</option>
              {outboxStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`statuses.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <DataTable
          value={data?.items ?? []}
          dataKey="id"
          {...serverPaging({
            page,
            pageSize,
            total: data?.total,
            onPage: (nextPage, nextSize) => {
              setPage(nextPage);
              setPageSize(nextSize);
            },
          })}
          loading={isFetching}
          emptyMessage={t('empty')}
          size="small"
          stripedRows
          pt={{ table: { 'aria-labelledby': 'outbox-title' } }}
        >
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
          <Column
            header={t('columns.status')}
            body={(message: OutboxMessage) => (
              <Tag severity={severity[message.status]} value={t(`statuses.${message.status}`)} />
            )}
          />
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
        </DataTable>
      </section>
    </PrimeScope>
  );
}
