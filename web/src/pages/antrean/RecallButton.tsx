import type { QueueEntry } from '@portal/contract';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useRecallCalled } from '../../api/queueDesk';
import { antreanNs } from './i18n';

/**
 * "Panggil ulang" on a called patient's row: the queue board says the number again, as the admission
 * counter's call again does; the booking's status and task times stay. Locked, like every row button,
 * while any desk request runs (`disabled`).
 */
export function RecallButton({
  entry,
  disabled,
  onDone,
}: {
  entry: QueueEntry;
  disabled: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(antreanNs);
  const recall = useRecallCalled();
  return (
    <Button
      type="button"
      size="small"
      outlined
      severity="secondary"
      icon="pi pi-replay"
      label={t('actions.recall')}
      aria-label={t('actions.label', { action: t('actions.recall'), number: entry.queueNumber })}
      loading={recall.isPending}
      disabled={disabled}
      onClick={() =>
        recall.mutate(
          { bookingCode: entry.bookingCode, action: 'recall' },
          { onSuccess: (updated) => onDone(t('done.recall', { number: updated.queueNumber })) },
        )
      }
    />
  );
}
