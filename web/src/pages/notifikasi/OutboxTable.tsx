import '../../components/forms.css';
import '../../components/orders.css';
import { type OutboxMessage, outboxChannels } from '@portal/contract';
import { type OutboxStatus, outboxStatuses } from '@portal/contract/constants';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { useOutbox, useRetryOutbox } from '../../api/outbox';
import { DeskSection } from '../../components/DeskSection';
import { actionsColumn, tagColumn, textColumn } from '../../components/DeskTable';
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

const FILTERS = { status: outboxStatuses, channel: outboxChannels };

export default function OutboxTable() {
  const { t } = useTranslation(notifikasiNs);
  const { toast, show } = useSuccessToast();
  const desk = useDeskFilter(FILTERS);
  const { status, channel } = desk.filter;
  const outbox = useOutbox({ status, channel, page: desk.page, pageSize: desk.pageSize });
  const retry = useRetryOutbox();

  return (
    <PrimeScope>
      {toast}
      <DeskSection
        title={t('title')}
        query={outbox}
        desk={desk}
        emptyMessage={t('empty')}
        filters={
          <>
            <FilterSelect
              label={t('filter')}
              options={outboxStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
              {...desk.select('status')}
            />
            <FilterSelect
              label={t('channelFilter')}
              options={outboxChannels.map((value) => ({ value, label: t(`channels.${value}`) }))}
              {...desk.select('channel')}
            />
          </>
        }
      >
        {textColumn(t('columns.createdAt'), (message: OutboxMessage) => formatDateTime(message.createdAt))}
        {textColumn(t('columns.channel'), (message: OutboxMessage) => t(`channels.${message.channel}`))}
        {textColumn(t('columns.recipient'), (message: OutboxMessage) =>
          message.channel === 'bpjs' ? t('channels.bpjs') : (message.recipient ?? t('noRecipient')),
        )}
        <Column
          header={t('columns.message')}
          body={(message: OutboxMessage) => (
            <>
              <span className="complaint-message">{message.message}</span>
              {message.reply && <small className="form-help">{t('reply', { reply: message.reply })}</small>}
            </>
          )}
        />
        {tagColumn(t('columns.status'), (message: OutboxMessage) => ({
          severity: severity[message.status],
          value: t(`statuses.${message.status}`),
        }))}
        <Column header={t('columns.attempts')} field="attempts" />
        {textColumn(t('columns.lastError'), (message: OutboxMessage) => message.lastError ?? '')}
        {textColumn(t('columns.times'), (message: OutboxMessage) =>
          message.sentAt
            ? t('sentAt', { time: formatDateTime(message.sentAt) })
            : message.nextAttemptAt && message.status === 'pending'
              ? t('nextAttemptAt', { time: formatDateTime(message.nextAttemptAt) })
              : '',
        )}
        {actionsColumn(t('columns.actions'), (message: OutboxMessage) =>
          message.status === 'failed'
            ? [
                {
                  icon: 'pi pi-refresh',
                  label: t('retry'),
                  'aria-label': t('retryLabel', { id: message.id }),
                  loading: retry.isPending && retry.variables === message.id,
                  onClick: () => retry.mutate(message.id, { onSuccess: () => show(t('retried')) }),
                },
              ]
            : [],
        )}
      </DeskSection>
    </PrimeScope>
  );
}
