import '../../components/forms.css';
import '../../components/lists.css';
import './ClinicQueue.css';
import type { QueueAction, QueueEntry, QueueSession } from '@portal/contract';
import { prescriptionTypes, type QueueTaskId, type RegistrationStatus } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag, type TagProps } from 'primereact/tag';
import { useMutationState } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminClinics } from '../../api/clinicAdmin';
import {
  queueDeskKey,
  useCallNext,
  useQueueAction,
  useQueueDesk,
  useSendToPharmacy,
  useUndoQueueAction,
} from '../../api/queueDesk';
import { BoardLink } from '../../components/BoardLink';
import { FormField } from '../../components/FormField';
import { LinkButton } from '../../components/LinkButton';
import { PersonCell } from '../../components/PersonCell';
import { errorText } from '../../components/serverErrors';
import { useSuccessToast } from '../../components/useSuccessToast';
import { type Confirmation, useConfirm } from '../../components/useConfirm';
import { positiveInt, useUrlParam, useUrlTab } from '../../components/useUrlParam';
import { formatClock, formatDate, formatTime } from '../../i18n/format';
import { registrationNs } from '../../i18n/registration';
import { PrimeScope } from '../../components/PrimeScope';
import { actionCells, DeskTable, loadedQuery } from '../../components/DeskTable';
import { AdmissionCounter } from './AdmissionCounter';
import { CalledNumber } from './CalledNumber';
import { antreanNs } from './i18n';
import { PharmacyQueue } from './PharmacyQueue';
import { antreanMutuNs } from './qualityI18n';
import { QueueQuality } from './QueueQuality';
import { RecallButton } from './RecallButton';
import { SepActions } from './SepActions';

const statusSeverity: Record<RegistrationStatus, TagProps['severity']> = {
  BOOKED: null,
  CHECKED_IN: 'info',
  CALLED: 'warning',
  SERVED: 'success',
  CANCELLED: 'secondary',
  NO_SHOW: 'danger',
};

/**
 * The moves the desk may make on a booking, by its status and last task stamp (the rules of the queue
 * desk API): a new patient is admitted at the counter (tasks 1 → 2 → 3) before the clinic may call them.
 */
export function allowedActions(entry: QueueEntry): QueueAction[] {
  const lastTask = entry.tasks.at(-1)?.taskId;
  switch (entry.status) {
    case 'BOOKED':
      return ['check-in', 'no-show'];
    case 'CHECKED_IN':
      if (lastTask === 1) return ['admission-start', 'no-show'];
      if (lastTask === 2) return ['admission-end', 'no-show'];
      if (lastTask === 3) return ['call', 'no-show'];
      return ['no-show'];
    case 'CALLED':
      return ['serve', 'no-show'];
    default:
      return [];
  }
}

/** The number in the clinic now: called and not yet served; the latest call when there are several. */
function calledEntry(session: QueueSession): QueueEntry | null {
  const calledAt = (entry: QueueEntry) => entry.tasks.findLast((task) => task.taskId === 4)?.at ?? '';
  return session.entries
    .filter((entry) => entry.status === 'CALLED')
    .reduce<QueueEntry | null>(
      (latest, entry) => (latest === null || calledAt(entry) > calledAt(latest) ? entry : latest),
      null,
    );
}

const tabs = ['poli', 'farmasi', 'loket', 'mutu'] as const;

/**
 * The queue desk: a clinic's sessions of today, the pharmacy's queue of every clinic, the admission desk's
 * counters calling the lobby kiosk's walk-in numbers, and what BPJS heard of the JKN visits (the monitor).
 */
export default function ClinicQueue() {
  const { t } = useTranslation([antreanNs, antreanMutuNs]);
  const { toast, show } = useSuccessToast();
  const tabView = useUrlTab(tabs);
  return (
    <PrimeScope>
      {toast}
      <TabView {...tabView}>
        <TabPanel header={t('tabs.clinic')}>
          <ClinicDesk onDone={show} />
        </TabPanel>
        <TabPanel header={t('tabs.pharmacy')}>
          <PharmacyQueue onDone={show} />
        </TabPanel>
        <TabPanel header={t('tabs.admission')}>
          <AdmissionCounter onDone={show} />
        </TabPanel>
        <TabPanel header={t('antreanMutu:tab')}>
          <QueueQuality onDone={show} />
        </TabPanel>
      </TabView>
    </PrimeScope>
  );
}

function ClinicDesk({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation([antreanNs, 'translation']);
  const selectId = useId();
  const clinics = useAdminClinics();
  const activeClinics = (clinics.data ?? [])
    .filter((clinic) => clinic.active)
    .sort((a, b) => a.name.localeCompare(b.name, 'id'));
  const [clinicParam, setClinicParam] = useUrlParam('poli');
  const clinicId = positiveInt(clinicParam);
  const desk = useQueueDesk(clinicId);

  return (
    <>
      <div className="card queue-toolbar">
        <FormField id={selectId} label={t('clinic')}>
          <select
            id={selectId}
            className="p-inputtext p-component"
            value={clinicId ?? ''}
            disabled={clinics.isPending}
            onChange={(event) => setClinicParam(event.target.value)}
          >
            <option value="">{t('chooseClinic')}</option>
            {activeClinics.map((clinic) => (
              <option key={clinic.id} value={clinic.id}>
                {clinic.name}
              </option>
            ))}
          </select>
        </FormField>
        <div className="queue-toolbar-actions">
          <LinkButton to="/pasien/daftar" icon="pi pi-user-plus" label={t('registerPatient')} />
          {clinicId === null ? (
            <BoardLink href="/papan-antrean" label={t('board')} hint={t('boardHint')} />
          ) : (
            <BoardLink
              href={`/papan-antrean?poli=${clinicId}`}
              label={t('clinicBoard')}
              hint={t('boardHint')}
            />
          )}
        </div>
      </div>

      {clinicId === null ? (
        <p>{clinics.data && activeClinics.length === 0 ? t('noClinics') : t('chooseClinicHint')}</p>
      ) : desk.data ? (
        <>
          <h2 className="queue-day">
            {t('today', { clinic: desk.data.clinic.name, date: formatDate(desk.data.date) })}
          </h2>
          {desk.data.sessions.length === 0 ? (
            <p className="card">{t('noSessions')}</p>
          ) : (
            desk.data.sessions.map((session) => (
              <SessionQueue
                key={session.scheduleId}
                session={session}
                today={desk.data.date}
                vclaim={desk.data.vclaim}
                onDone={onDone}
              />
            ))
          )}
        </>
      ) : desk.error ? (
        <p>{errorText(desk.error)}</p>
      ) : (
        <p>{t('translation:common.loading')}</p>
      )}
    </>
  );
}

function SessionQueue({
  session,
  today,
  vclaim,
  onDone,
}: {
  session: QueueSession;
  today: string;
  /** SEPs are issued here (VClaim is set up). */
  vclaim: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation([antreanNs, registrationNs]);
  const ids = { heading: useId(), lastAction: useId() };
  const callNext = useCallNext();
  const undo = useUndoQueueAction();
  const act = useQueueAction();
  const busy = callNext.isPending || undo.isPending || act.isPending;
  const called = calledEntry(session);
  const { lastAction } = session;
  const taskLabel = (taskId: QueueTaskId) => t(`tasks.${taskId}`);
  const { ask, dialog } = useConfirm();

  const quota = (used: number, total: number) =>
    t('session.quota', { used, quota: total, remaining: Math.max(total - used, 0) });

  const run = (entry: QueueEntry, action: QueueAction) =>
    act.mutate(
      { bookingCode: entry.bookingCode, action },
      { onSuccess: (updated) => onDone(t(`done.${action}`, { number: updated.queueNumber })) },
    );

  return (
    <section className="card queue-session" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>
        {t('session.title', {
          doctor: session.doctor.name,
          start: formatClock(session.start),
          end: formatClock(session.end),
        })}
      </h3>
      <dl className="queue-quota">
        <dt>{t('session.quotaJkn')}</dt>
        <dd>{quota(session.usedJkn, session.quotaJkn)}</dd>
        <dt>{t('session.quotaNonJkn')}</dt>
        <dd>{quota(session.usedNonJkn, session.quotaNonJkn)}</dd>
      </dl>

      <CalledNumber
        label={t('session.called')}
        number={called?.queueNumber ?? null}
        detail={called && t('session.calledPatient', { name: called.patient.name, mrn: called.patient.mrn })}
        none={t('session.noneCalled')}
      >
        <Button
          type="button"
          size="large"
          icon="pi pi-megaphone"
          label={t('session.callNext')}
          loading={callNext.isPending}
          disabled={busy}
          onClick={() =>
            callNext.mutate(session.scheduleId, {
              onSuccess: (entry) => onDone(t('done.call', { number: entry.queueNumber })),
            })
          }
        />
        <Button
          type="button"
          icon="pi pi-undo"
          label={t('session.undo')}
          severity="secondary"
          outlined
          aria-describedby={ids.lastAction}
          loading={undo.isPending}
          disabled={busy || lastAction === null}
          onClick={() =>
            lastAction &&
            ask({
              header: t('confirm.undo.header'),
              message: t('confirm.undo.message', {
                number: lastAction.queueNumber,
                task: taskLabel(lastAction.taskId),
                time: formatTime(lastAction.at),
              }),
              acceptLabel: t('confirm.undo.accept'),
              accept: () =>
                undo.mutate(session.scheduleId, {
                  onSuccess: (entry) =>
                    onDone(
                      t('done.undone', {
                        number: entry.queueNumber,
                        status: t(`registration:statuses.${entry.status}`),
                      }),
                    ),
                }),
            })
          }
        />
        <p id={ids.lastAction} className="form-help queue-last-action">
          {lastAction
            ? t('session.lastAction', {
                number: lastAction.queueNumber,
                task: taskLabel(lastAction.taskId),
                time: formatTime(lastAction.at),
              })
            : t('session.noLastAction')}
        </p>
      </CalledNumber>

      <DeskTable
        query={loadedQuery}
        rows={session.entries}
        dataKey="bookingCode"
        emptyMessage={t('session.empty')}
        rowClassName={(entry: QueueEntry) => ({
          'queue-row-called': entry.bookingCode === called?.bookingCode,
        })}
        labelledBy={ids.heading}
      >
        <Column
          header={t('columns.number')}
          body={(entry: QueueEntry) => <strong className="queue-number">{entry.queueNumber}</strong>}
        />
        <Column
          header={t('columns.patient')}
          body={(entry: QueueEntry) => (
            <PersonCell
              name={entry.patient.name}
              note={entry.patient.mrn}
              to={`/pasien/${entry.patient.id}`}
            />
          )}
        />
        <Column
          header={t('columns.payer')}
          body={(entry: QueueEntry) => (
            <>
              {t(`payers.${entry.payer}`)}
              {/* The card and referral BPJS could not check at booking, or found wrong later. */}
              {entry.bpjsUnchecked ? (
                <>
                  {' '}
                  <Tag severity="warning" value={t('bpjsUnchecked')} />
                </>
              ) : null}
              {entry.bpjsProblem ? (
                <div className="clinic-queue-bpjs-problem">
                  {t('bpjsProblem', { problem: entry.bpjsProblem })}
                </div>
              ) : null}
            </>
          )}
        />
        <Column
          header={t('columns.source')}
          body={(entry: QueueEntry) => t(`registration:sources.${entry.source}`)}
        />
        <Column
          header={t('columns.newPatient')}
          body={(entry: QueueEntry) =>
            // Booked on the website with a NIK nobody has checked yet: the clerk compares the KTP, and the
            // check-in or admission confirms the record.
            entry.provisional ? (
              <Tag severity="warning" value={t('checkKtp')} />
            ) : entry.newPatient ? (
              <Tag severity="info" value={t('newPatient')} />
            ) : null
          }
        />
        <Column
          header={t('columns.status')}
          body={(entry: QueueEntry) => (
            <Tag severity={statusSeverity[entry.status]} value={t(`registration:statuses.${entry.status}`)} />
          )}
        />
        <Column
          header={t('columns.lastTask')}
          body={(entry: QueueEntry) => {
            const task = entry.tasks.at(-1);
            return task ? (
              <time dateTime={task.at}>
                {t('taskAt', { task: taskLabel(task.taskId), time: formatTime(task.at) })}
              </time>
            ) : (
              t('noTask')
            );
          }}
        />
        <Column
          header={t('columns.estimatedAt')}
          body={(entry: QueueEntry) => (
            <time dateTime={entry.estimatedAt}>{formatTime(entry.estimatedAt)}</time>
          )}
        />
        <Column
          header={t('columns.pharmacy')}
          body={(entry: QueueEntry) =>
            entry.pharmacy &&
            t('pharmacy.sent', {
              number: entry.pharmacy.number,
              type: t(`pharmacy.types.${entry.pharmacy.prescriptionType}`),
            })
          }
        />
        <Column
          header={t('columns.sep')}
          bodyClassName="list-actions"
          body={(entry: QueueEntry) => (
            <SepActions entry={entry} today={today} vclaim={vclaim} onDone={onDone} />
          )}
        />
        <Column
          header={t('columns.actions')}
          {...actionCells}
          body={(entry: QueueEntry) => <RowActions entry={entry} onRun={run} onDone={onDone} ask={ask} />}
        />
      </DeskTable>
      {dialog}
    </section>
  );
}

/** The actions of one row, locked while any of the desk's requests runs (read from the pending requests). */
function RowActions({
  entry,
  onRun,
  onDone,
  ask,
}: {
  entry: QueueEntry;
  onRun: (entry: QueueEntry, action: QueueAction) => void;
  onDone: (message: string) => void;
  /** Asks before what the desk cannot take back itself (the patient's time with the doctor, a no-show). */
  ask: (confirmation: Confirmation) => void;
}) {
  const { t } = useTranslation(antreanNs);
  const pending = useMutationState({
    filters: { mutationKey: queueDeskKey, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  });
  const send = useSendToPharmacy();
  // The doctor's service ends with a prescription for the pharmacy or without one (then it may follow, once).
  const serves = entry.status === 'CALLED';
  const patient = { number: entry.queueNumber, name: entry.patient.name };
  const asked = (key: 'serve' | 'no-show' | 'servePharmacy', run: () => void, type = '') =>
    ask({
      header: t(`confirm.${key}.header`, patient),
      message: t(`confirm.${key}.message`, { ...patient, type }),
      acceptLabel: t(`confirm.${key}.accept`),
      danger: key === 'no-show',
      accept: run,
    });
  const sendPrescription = (type: (typeof prescriptionTypes)[number]) =>
    send.mutate(
      { bookingCode: entry.bookingCode, prescriptionType: type },
      {
        onSuccess: (updated) =>
          onDone(
            t('done.pharmacy', {
              number: updated.queueNumber,
              pharmacyNumber: updated.pharmacy?.number ?? '',
            }),
          ),
      },
    );
  const prescriptions = prescriptionTypes.map((type) => (
    <Button
      key={type}
      type="button"
      size="small"
      outlined
      icon="pi pi-send"
      label={t(serves ? 'pharmacy.serve' : 'pharmacy.send', { type: t(`pharmacy.types.${type}`) })}
      aria-label={t(serves ? 'pharmacy.serveLabel' : 'pharmacy.sendLabel', {
        number: entry.queueNumber,
        type: t(`pharmacy.types.${type}`),
      })}
      disabled={pending.length > 0}
      onClick={() =>
        serves
          ? asked('servePharmacy', () => sendPrescription(type), t(`pharmacy.types.${type}`))
          : sendPrescription(type)
      }
    />
  ));
  if (entry.status === 'SERVED' && entry.pharmacy === null && entry.tasks.at(-1)?.taskId === 5) {
    return prescriptions;
  }
  const actions = allowedActions(entry);
  if (actions.length === 0) return t('actions.none');
  const running = (action: QueueAction) =>
    pending.some(
      (variables) =>
        typeof variables === 'object' &&
        variables !== null &&
        (variables as { bookingCode?: string }).bookingCode === entry.bookingCode &&
        (variables as { action?: string }).action === action,
    );
  return actions.map((action) => [
    <Button
      key={action}
      type="button"
      size="small"
      outlined={action === 'no-show'}
      severity={action === 'no-show' ? 'danger' : undefined}
      label={t(`actions.${action}`)}
      aria-label={t('actions.label', { action: t(`actions.${action}`), number: entry.queueNumber })}
      loading={running(action)}
      disabled={pending.length > 0}
      onClick={() =>
        action === 'serve' || action === 'no-show'
          ? asked(action, () => onRun(entry, action))
          : onRun(entry, action)
      }
    />,
    action === 'serve' && (
      <RecallButton key="recall" entry={entry} disabled={pending.length > 0} onDone={onDone} />
    ),
    action === 'serve' && prescriptions,
  ]);
}
