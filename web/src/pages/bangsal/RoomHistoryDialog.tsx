import './RoomHistoryDialog.css';
import type { AdminRoom, RoomHistoryEntry } from '@portal/contract';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useRoomHistory } from '../../api/rooms';
import { dateTimeColumn, DeskTable } from '../../components/DeskTable';
import { useBedClassLabel } from '../../i18n/beds';
import { bangsalNs } from './i18n';
import { useReturnFocus } from '../../components/useReturnFocus';

type Change = RoomHistoryEntry['changes'][number];

/** A room's changes from the audit log, newest first: when, who, from what to what, and why. */
export function RoomHistoryDialog({ room, onClose }: { room: AdminRoom; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation(bangsalNs);
  const classLabel = useBedClassLabel();
  const history = useRoomHistory(room.id);
  const title = t('history.title', { name: room.name });

  const value = ({ field }: Change, text: Change['from']) => {
    if (text === null) return field === 'sex' ? t('rooms.sexes.mixed') : t('history.emptyValue');
    if (field === 'class') return classLabel(String(text));
    if (field === 'sex' && (text === 'L' || text === 'P')) return t(`rooms.sexes.${text}`);
    return String(text);
  };

  return (
    <Dialog
      visible
      onHide={onClose}
      header={title}
      className="room-history-dialog"
      draggable={false}
      resizable={false}
    >
      <DeskTable label={title} query={history} pageSize={10} emptyMessage={t('history.empty')}>
        {dateTimeColumn(t('history.columns.at'), (entry: RoomHistoryEntry) => entry.at)}
        <Column
          header={t('history.columns.staff')}
          body={(entry: RoomHistoryEntry) => entry.staffName ?? t('history.unknownStaff')}
        />
        <Column
          header={t('history.columns.action')}
          body={(entry: RoomHistoryEntry) => t(`history.actions.${entry.action}`)}
        />
        <Column
          header={t('history.columns.details')}
          body={(entry: RoomHistoryEntry) => (
            <ul className="room-history-changes">
              {entry.changes.map((change) => (
                <li key={change.field}>
                  {t('history.change', {
                    field: t(`history.fields.${change.field}`),
                    from: value(change, change.from),
                    to: value(change, change.to),
                  })}
                </li>
              ))}
              {entry.reason && <li>{t('history.reason', { reason: entry.reason })}</li>}
            </ul>
          )}
        />
      </DeskTable>
    </Dialog>
  );
}
