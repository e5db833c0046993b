import './QueueQuality.css';
import type {
  BpjsBookingDifference,
  BpjsWaitingTime,
  QueueQualityClinic,
  QueueQualityCounts,
  QueueQualityFailure,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBpjsQueueView, useQueueQuality, useResendQueueReport } from '../../api/queueQuality';
import {
  actionsColumn,
  dateTimeColumn,
  DeskTable,
  loadedQuery,
  QueryError,
  tagColumn,
  textColumn,
} from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import { PersonCell } from '../../components/PersonCell';
import { useUrlParam } from '../../components/useUrlParam';
import { formatDate, hospitalDate, intlLocale } from '../../i18n/format';
import { antreanMutuNs } from './qualityI18n';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const taskIds = [3, 4, 5, 6, 7] as const;

type ClinicRow = QueueQualityCounts & Pick<QueueQualityClinic, 'clinicId' | 'clinicName' | 'bpjsCode'>;

/**
 * The queue quality monitor for the registration head: per clinic how many of a day's JKN visits BPJS
 * accepted (booking, tasks 3–7), the reports BPJS refused with its answer and a button to send each again,
 * and BPJS's own view of the day, fetched on demand, to reconcile the two.
 */
export function QueueQuality({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(antreanMutuNs);
  const ids = { date: useId(), heading: useId(), failures: useId() };
  const [dateParam, setDate] = useUrlParam('tanggal', { replace: true });
  const date = dateParam && DATE.test(dateParam) ? dateParam : hospitalDate(new Date());
  const quality = useQueueQuality(date);
  const resend = useResendQueueReport();
  const data = quality.data?.date === date ? quality.data : undefined;
  const rows: ClinicRow[] | undefined = data && [
    ...data.clinics,
    ...(data.clinics.length > 1
      ? [{ ...data.total, clinicId: 0, clinicName: t('allClinics'), bpjsCode: null }]
      : []),
  ];
  const percent = data?.total.jknVisits
    ? new Intl.NumberFormat(intlLocale(), { style: 'percent' }).format(
        data.total.complete / data.total.jknVisits,
      )
    : null;
  const callOf = (failure: QueueQualityFailure) =>
    failure.taskId === null ? failure.call : t('failures.task', { call: failure.call, id: failure.taskId });

  return (
    <>
      <div className="card queue-toolbar">
        <FormField id={ids.date} label={t('date')}>
          <input
            id={ids.date}
            type="date"
            className="p-inputtext p-component"
            value={date}
            onChange={(event) => DATE.test(event.target.value) && setDate(event.target.value)}
          />
        </FormField>
      </div>

      <section className="card" aria-labelledby={ids.heading}>
        <h2 id={ids.heading} className="queue-day">
          {t('title', { date: formatDate(date) })}
        </h2>
        <p className="form-help">{t('help')}</p>
        {data && percent && (
          <p>{t('summary', { complete: data.total.complete, visits: data.total.jknVisits, percent })}</p>
        )}
        <DeskTable
          labelledBy={ids.heading}
          query={quality}
          rows={rows}
          dataKey="clinicId"
          emptyMessage={t('noVisits')}
        >
          <Column
            header={t('columns.clinic')}
            body={(row: ClinicRow) =>
              row.clinicId === 0 ? (
                <strong>{row.clinicName}</strong>
              ) : (
                <>
                  <span className="list-person-name">{row.clinicName}</span>
                  <span className="list-person-note">{row.bpjsCode ?? t('notMapped')}</span>
                </>
              )
            }
          />
          <Column field="jknVisits" header={t('columns.visits')} />
          <Column field="bookingAccepted" header={t('columns.booking')} />
          {taskIds.map((id) => (
            <Column key={id} field={`task${id}`} header={t('columns.task', { id })} />
          ))}
          <Column field="complete" header={t('columns.complete')} />
          <Column field="failed" header={t('columns.failed')} />
        </DeskTable>
      </section>

      <section className="card" aria-labelledby={ids.failures}>
        <h2 id={ids.failures}>{t('failures.title')}</h2>
        <DeskTable
          labelledBy={ids.failures}
          query={loadedQuery}
          rows={data?.failures}
          dataKey="reportId"
          emptyMessage={t('failures.empty')}
        >
          {dateTimeColumn(t('failures.columns.at'), (failure: QueueQualityFailure) => failure.at)}
          <Column
            header={t('failures.columns.booking')}
            body={(failure: QueueQualityFailure) => (
              <>
                <span className="list-person-name">{failure.bookingCode}</span>
                <span className="list-person-note">{failure.queueNumber}</span>
              </>
            )}
          />
          <Column
            header={t('failures.columns.patient')}
            body={(failure: QueueQualityFailure) => (
              <PersonCell name={failure.patient.name} note={failure.patient.mrn} />
            )}
          />
          <Column field="clinicName" header={t('failures.columns.clinic')} />
          {textColumn(t('failures.columns.call'), callOf)}
          <Column
            header={t('failures.columns.answer')}
            body={(failure: QueueQualityFailure) => (
              <>
                <span>{failure.answer}</span>
                <small className="form-help">{t('failures.attempts', { count: failure.attempts })}</small>
              </>
            )}
          />
          {tagColumn(t('failures.columns.status'), (failure: QueueQualityFailure) => ({
            severity: failure.status === 'failed' ? 'danger' : 'warning',
            value: t(`failures.statuses.${failure.status}`),
          }))}
          {actionsColumn(t('failures.columns.actions'), (failure: QueueQualityFailure) =>
            failure.resendable
              ? [
                  {
                    icon: 'pi pi-refresh',
                    label: t('failures.resend'),
                    'aria-label': t('failures.resendLabel', {
                      call: callOf(failure),
                      code: failure.bookingCode,
                    }),
                    loading: resend.isPending && resend.variables === failure.reportId,
                    onClick: () =>
                      resend.mutate(failure.reportId, {
                        onSuccess: ({ status }) =>
                          onDone(t(status === 'sent' ? 'failures.alreadySent' : 'failures.resent')),
                      }),
                  },
                ]
              : [],
          )}
        </DeskTable>
      </section>

      <BpjsView date={date} />
    </>
  );
}

type DifferenceRow = BpjsBookingDifference & { kind: 'onlyAtBpjs' | 'onlyInPortal' | 'tasksDiffer' };

/** BPJS's own view of the date, asked for by a button: the differences and its waiting-time dashboard. */
function BpjsView({ date }: { date: string }) {
  const { t } = useTranslation(antreanMutuNs, { keyPrefix: 'bpjs' });
  const ids = { heading: useId(), differences: useId(), waits: useId() };
  const [asked, setAsked] = useState<string | null>(null);
  const view = useBpjsQueueView(asked === date ? date : null);
  const answer = asked === date ? view.data : undefined;
  const differences: DifferenceRow[] | undefined =
    answer?.available === true
      ? (['onlyAtBpjs', 'onlyInPortal', 'tasksDiffer'] as const).flatMap((kind) =>
          answer[kind].map((row) => ({ ...row, kind })),
        )
      : undefined;
  const tasks = (list: readonly number[] | null) =>
    list === null || list.length === 0 ? t('none') : list.join(', ');
  const duration = (seconds: number) =>
    t('minutes', { minutes: Math.floor(seconds / 60), seconds: Math.round(seconds % 60) });

  return (
    <section className="card queue-quality-bpjs" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('title')}</h2>
      <p className="form-help">{t('help')}</p>
      <Button
        type="button"
        icon="pi pi-cloud-download"
        label={t('fetch')}
        loading={asked === date && view.isFetching}
        onClick={() => (asked === date ? void view.refetch() : setAsked(date))}
      />
      {asked === date && <QueryError query={view} />}
      {answer?.available === false && (
        <Message severity="warn" text={t('unavailable', { reason: answer.reason })} />
      )}
      {answer?.available === true && (
        <>
          <p>{t('summary', { count: answer.bpjsBookings, jkn: answer.bpjsJkn })}</p>
          <h3 id={ids.differences}>{t('differences')}</h3>
          <DeskTable
            labelledBy={ids.differences}
            query={loadedQuery}
            rows={differences}
            dataKey="bookingCode"
            emptyMessage={t('noDifferences')}
          >
            <Column field="bookingCode" header={t('columns.booking')} />
            <Column field="bpjsCode" header={t('columns.clinic')} />
            {tagColumn(t('columns.kind'), (row: DifferenceRow) => ({
              severity: row.kind === 'tasksDiffer' ? 'warning' : 'danger',
              value: t(`kinds.${row.kind}`),
            }))}
            {textColumn(t('columns.bpjsStatus'), (row: DifferenceRow) => row.bpjsStatus ?? t('none'))}
            {textColumn(t('columns.portalTasks'), (row: DifferenceRow) => tasks(row.portalTasks))}
            {textColumn(t('columns.bpjsTasks'), (row: DifferenceRow) => tasks(row.bpjsTasks))}
          </DeskTable>
          <h3 id={ids.waits}>{t('waits')}</h3>
          <DeskTable
            labelledBy={ids.waits}
            query={loadedQuery}
            rows={answer.waitingTimes}
            dataKey="bpjsCode"
            emptyMessage={t('noWaits')}
          >
            {textColumn(
              t('waitColumns.clinic'),
              (row: BpjsWaitingTime) => `${row.clinicName} (${row.bpjsCode})`,
            )}
            <Column field="queued" header={t('waitColumns.queued')} />
            {([1, 2, 3, 4, 5, 6] as const).map((n) => (
              <Column
                key={n}
                header={t(`waitColumns.task${n}`)}
                body={(row: BpjsWaitingTime) => duration(row.averageSeconds[n - 1] ?? 0)}
              />
            ))}
          </DeskTable>
        </>
      )}
    </section>
  );
}
