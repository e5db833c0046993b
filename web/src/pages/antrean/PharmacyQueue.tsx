import type { QueueAction, QueueEntry } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePharmacyDesk, useQueueAction } from '../../api/queueDesk';
import { BoardLink } from '../../components/BoardLink';
import { actionCells, DeskTable } from '../../components/DeskTable';
import { PersonCell } from '../../components/PersonCell';
import { formatTime } from '../../i18n/format';
import { antreanNs } from './i18n';

type PharmacyEntry = NonNullable<ReturnType<typeof usePharmacyDesk>['data']>['entries'][number];

/** The pharmacy's next move on a prescription: start preparing it (task 6), then hand it over (task 7). */
export function pharmacyAction(entry: QueueEntry): QueueAction | null {
  const lastTask = entry.tasks.at(-1)?.taskId;
  if (lastTask === 5) return 'pharmacy-start';
  if (lastTask === 6) return 'pharmacy-done';
  return null;
}

/**
 * Today's pharmacy queue of every clinic, in the order of the pharmacy's numbers. "Obat selesai" calls the
 * patient: the pharmacy's board (`?farmasi=ya`) shows and says their number.
 */
export function PharmacyQueue({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(antreanNs);
  const headingId = useId();
  const pharmacy = usePharmacyDesk();
  const act = useQueueAction();

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('pharmacy.title')}</h2>
      <p className="form-help">{t('pharmacy.hint')}</p>
      <BoardLink href="/papan-antrean?farmasi=ya" label={t('pharmacy.board')} hint={t('boardHint')} />
      <DeskTable
        labelledBy={headingId}
        query={pharmacy}
        rows={pharmacy.data?.entries}
        dataKey="bookingCode"
        emptyMessage={t('pharmacy.empty')}
      >
        <Column
          header={t('pharmacy.columns.number')}
          body={(entry: PharmacyEntry) => <strong className="queue-number">{entry.pharmacy?.number}</strong>}
        />
        <Column
          header={t('columns.patient')}
          body={(entry: PharmacyEntry) => <PersonCell name={entry.patient.name} note={entry.patient.mrn} />}
        />
        <Column
          header={t('pharmacy.columns.clinic')}
          body={(entry: PharmacyEntry) => `${entry.clinic.name} · ${entry.queueNumber}`}
        />
        <Column
          header={t('pharmacy.columns.type')}
          body={(entry: PharmacyEntry) =>
            entry.pharmacy && <Tag value={t(`pharmacy.types.${entry.pharmacy.prescriptionType}`)} />
          }
        />
        <Column
          header={t('columns.lastTask')}
          body={(entry: PharmacyEntry) => {
            const task = entry.tasks.at(-1);
            return task ? t('taskAt', { task: t(`tasks.${task.taskId}`), time: formatTime(task.at) }) : null;
          }}
        />
        <Column
          header={t('columns.actions')}
          {...actionCells}
          body={(entry: PharmacyEntry) => {
            const action = pharmacyAction(entry);
            return action ? (
              <Button
                type="button"
                size="small"
                label={t(`actions.${action}`)}
                aria-label={t('actions.label', { action: t(`actions.${action}`), number: entry.queueNumber })}
                loading={act.isPending && act.variables?.bookingCode === entry.bookingCode}
                disabled={act.isPending}
                onClick={() =>
                  act.mutate(
                    { bookingCode: entry.bookingCode, action },
                    { onSuccess: (updated) => onDone(t(`done.${action}`, { number: updated.queueNumber })) },
                  )
                }
              />
            ) : (
              t('actions.none')
            );
          }}
        />
      </DeskTable>
    </section>
  );
}
