import '../../components/forms.css';
import '../../components/orders.css';
import { type OutboxChannel, type OutboxMessage, outboxChannels } from '@portal/contract';
import { type OutboxStatus, outboxStatuses } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useOutbox, useOutboxBacklog, useRetryFailedOutbox, useRetryOutbox } from '../../api/outbox';
import { DeskSection } from '../../components/DeskSection';
import { actionsColumn, dateTimeColumn, MomentText, wideOnly } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { useSuccessToast } from '../../components/useSuccessToast';
import { formatTimeAgo } from '../../i18n/format';
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
      <Backlog onRetried={show} />
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
        {dateTimeColumn(t('columns.createdAt'), (message: OutboxMessage) => message.createdAt)}
        <Column
          header={t('columns.recipient')}
          body={(message: OutboxMessage) =>
            message.channel === 'bpjs' ? (
              t('channels.bpjs')
            ) : (
              <>
                <span className="list-line">{message.recipient ?? t('noRecipient')}</span>
                <span className="list-person-note">{t(`channels.${message.channel}`)}</span>
              </>
            )
          }
        />
        <Column
          header={t('columns.message')}
          bodyClassName="list-breaks"
          body={(message: OutboxMessage) => (
            <>
              <span className="complaint-message">{message.message}</span>
              {message.reply && <small className="form-help">{t('reply', { reply: message.reply })}</small>}
              {message.lastError && (
                <span className="list-person-note desk-narrow">
                  {t('lastError', { error: message.lastError })}
                </span>
              )}
            </>
          )}
        />
        <Column
          header={t('columns.status')}
          body={(message: OutboxMessage) => {
            const when = message.sentAt
              ? { label: t('sentAt'), at: message.sentAt }
              : message.nextAttemptAt && message.status === 'pending'
                ? { label: t('nextAttemptAt'), at: message.nextAttemptAt }
                : undefined;
            return (
              <>
                <Tag severity={severity[message.status]} value={t(`statuses.${message.status}`)} />
                <span className="list-person-note list-line">
                  {t('attempts', { count: message.attempts })}
                </span>
                {when && (
                  <span className="list-person-note list-line">
                    {when.label} <MomentText iso={when.at} />
                  </span>
                )}
              </>
            );
          }}
        />
        <Column
          header={t('columns.lastError')}
          body={(message: OutboxMessage) => message.lastError ?? ''}
          {...wideOnly}
          bodyClassName={`${wideOnly.bodyClassName} list-breaks`}
        />
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

/** What a channel's other side is configured with (docs/operations.md). */
const settingOf: Record<OutboxChannel, string> = {
  whatsapp: 'WHATSAPP_GATEWAY_URL',
  bpjs: 'BPJS_ANTREAN_URL, BPJS_APLICARES_URL',
};

/**
 * What is held up per channel, at a glance (after an outage of BPJS or the gateway): how many messages
 * failed an attempt and since when, and one button to send every failed one of the channel again.
 */
function Backlog({ onRetried }: { onRetried: (text: string) => void }) {
  const { t } = useTranslation(notifikasiNs);
  const backlog = useOutboxBacklog();
  const retryAll = useRetryFailedOutbox();
  if (!backlog.data) return null;
  const now = new Date().toISOString();
  return (
    <section className="card" aria-label={t('backlog.title')}>
      <ul className="outbox-backlog">
        {backlog.data.map((c) => {
          const channel = t(`channels.${c.channel}`);
          return (
            <li key={c.channel}>
              <span>
                {!c.configured
                  ? t('backlog.notConfigured', { channel, setting: settingOf[c.channel], count: c.pending })
                  : c.stuck > 0 && c.oldestStuckAt
                    ? t('backlog.stuck', {
                        channel,
                        count: c.stuck,
                        ago: formatTimeAgo(c.oldestStuckAt, now),
                        failed: c.failed,
                      })
                    : t('backlog.none', { channel })}
              </span>{' '}
              {c.failed > 0 && (
                <Button
                  type="button"
                  size="small"
                  icon="pi pi-refresh"
                  label={t('backlog.retryAll')}
                  aria-label={t('backlog.retryAllLabel', { channel })}
                  loading={retryAll.isPending && retryAll.variables === c.channel}
                  onClick={() =>
                    retryAll.mutate(c.channel, {
                      onSuccess: ({ retried }) => onRetried(t('backlog.retriedAll', { count: retried })),
                    })
                  }
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
