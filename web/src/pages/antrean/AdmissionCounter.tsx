import type { AdmissionQueueTicket, AdmissionTicketKind } from '@portal/contract';
import { ADMISSION_COUNTERS } from '@portal/contract';
import { Button, type ButtonProps } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag, type TagProps } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type CounterAction, servedAt, useAdmissionQueue, useCounterAction } from '../../api/admissionQueue';
import { BoardLink } from '../../components/BoardLink';
import { DeskTable } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { LinkButton } from '../../components/LinkButton';
import { positiveInt, useUrlParam } from '../../components/useUrlParam';
import { formatTime } from '../../i18n/format';
import { CalledNumber } from './CalledNumber';
import { antreanNs } from './i18n';

const statusSeverity: Record<AdmissionQueueTicket['status'], TagProps['severity']> = {
  WAITING: 'info',
  CALLED: 'warning',
  DONE: 'success',
};

const kindSeverity: Record<AdmissionTicketKind, TagProps['severity']> = {
  PRIORITAS: 'danger',
  BPJS: 'info',
  UMUM: 'secondary',
};

const counters = Array.from({ length: ADMISSION_COUNTERS }, (_, index) => index + 1);

/**
 * The admission desk's counter (loket): the walk-in numbers of the lobby kiosk, called in order to this
 * counter and shown and said on the queue board; the number is called again or finished here, and the patient
 * holding it registered (the counter's registration screen, told which counter).
 */
export function AdmissionCounter({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(antreanNs);
  const headingId = useId();
  const [counterParam, setCounterParam] = useUrlParam('loket');
  const chosen = positiveInt(counterParam);
  const counter = chosen !== null && chosen <= ADMISSION_COUNTERS ? chosen : null;
  const queue = useAdmissionQueue();
  const act = useCounterAction();
  const served = servedAt(queue.data, counter);

  const run = (action: CounterAction) => {
    if (counter === null) return;
    act.mutate(
      { action, counter },
      {
        onSuccess: (after) => {
          const number = (action === 'finish' ? served : servedAt(after, counter))?.number ?? '';
          onDone(t(`admission.done.${action}`, { number, counter }));
        },
      },
    );
  };

  /** A counter action's button: spinning while that action runs. */
  const actionButton = (action: CounterAction, props: ButtonProps) => (
    <Button
      type="button"
      {...props}
      loading={act.isPending && act.variables?.action === action}
      onClick={() => run(action)}
    />
  );

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admission.title')}</h2>
      <p className="form-help">{t('admission.hint')}</p>
      <div className="queue-toolbar">
        <FilterSelect
          label={t('admission.counter')}
          value={counter === null ? null : String(counter)}
          options={counters.map((n) => ({
            value: String(n),
            label: t('admission.counterName', { counter: n }),
          }))}
          allLabel={t('admission.chooseCounter')}
          onChange={setCounterParam}
        />
        <p className="queue-waiting" role="status">
          {queue.data && (
            <>
              <span>{t('admission.waiting', { count: queue.data.waiting })}</span>{' '}
              <span className="form-help">{t('admission.waitingByKind', queue.data.waitingByKind)}</span>
            </>
          )}
        </p>
        <BoardLink href="/papan-antrean?loket=ya" label={t('admission.board')} hint={t('boardHint')} />
      </div>

      {counter !== null && (
        <CalledNumber
          label={t('admission.served', { counter })}
          number={served?.number ?? null}
          none={t('admission.noneServed')}
        >
          {actionButton('call-next', {
            size: 'large',
            icon: 'pi pi-megaphone',
            label: t('admission.callNext'),
            disabled: act.isPending || queue.data?.waiting === 0,
          })}
          {actionButton('recall', {
            icon: 'pi pi-replay',
            label: t('admission.recall'),
            severity: 'secondary',
            outlined: true,
            disabled: act.isPending || !served,
          })}
          {actionButton('finish', {
            icon: 'pi pi-check',
            label: t('admission.finish'),
            severity: 'success',
            outlined: true,
            disabled: act.isPending || !served,
          })}
          {served && (
            <LinkButton
              to={`/pasien/daftar?loket=${counter}`}
              icon="pi pi-user-plus"
              label={t('admission.register')}
            />
          )}
        </CalledNumber>
      )}

      <DeskTable
        labelledBy={headingId}
        query={queue}
        rows={queue.data?.tickets}
        dataKey="number"
        emptyMessage={t('admission.empty')}
      >
        <Column
          header={t('admission.columns.number')}
          body={(ticket: AdmissionQueueTicket) => <strong className="queue-number">{ticket.number}</strong>}
        />
        <Column
          header={t('admission.columns.kind')}
          body={(ticket: AdmissionQueueTicket) => (
            <Tag severity={kindSeverity[ticket.kind]} value={t(`admission.kinds.${ticket.kind}`)} />
          )}
        />
        <Column
          header={t('admission.columns.issuedAt')}
          body={(ticket: AdmissionQueueTicket) => formatTime(ticket.issuedAt)}
        />
        <Column
          header={t('admission.columns.status')}
          body={(ticket: AdmissionQueueTicket) => (
            <Tag severity={statusSeverity[ticket.status]} value={t(`admission.statuses.${ticket.status}`)} />
          )}
        />
        <Column
          header={t('admission.columns.counter')}
          body={(ticket: AdmissionQueueTicket) =>
            ticket.counter === null ? '—' : t('admission.counterName', { counter: ticket.counter })
          }
        />
      </DeskTable>
    </section>
  );
}
