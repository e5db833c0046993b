import './RoomsTab.css';
import type { AdminRoom, AplicaresReport } from '@portal/contract';
import { deskRoles } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResyncAplicares, useRetireRoom, useRooms } from '../../api/rooms';
import { hasRole, useSession } from '../../api/session';
import { useSimrsLinked } from '../../api/system';
import { actionsColumn, DeskTable, foldedColumns, textColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { useConfirm } from '../../components/useConfirm';
import { useBedClassLabel } from '../../i18n/beds';
import { formatDateTime } from '../../i18n/format';
import { CapacityDialog } from './CapacityDialog';
import { bangsalNs } from './i18n';
import { RoomFormDialog } from './RoomFormDialog';
import { RoomHistoryDialog } from './RoomHistoryDialog';

type Open =
  { dialog: 'form'; room: AdminRoom | null } | { dialog: 'capacity' | 'history'; room: AdminRoom } | null;

const reportSeverity = { sent: 'success', pending: 'warning', failed: 'danger' } as const;

/**
 * The rooms of the ward: their beds, class, sex and BPJS room code, kept here by the ward and admins, and how
 * each room's reports to BPJS Aplicares stand (rooms without a BPJS code are flagged: they are not reported).
 * In linked mode the rooms are the SIMRS's: only their BPJS room codes are kept here.
 */
export function RoomsTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation([bangsalNs, 'translation']);
  const classLabel = useBedClassLabel();
  const headingId = useId();
  const rooms = useRooms();
  const retire = useRetireRoom();
  const linked = useSimrsLinked();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const confirm = useConfirm();
  const done = (message: string) => {
    close();
    onDone(message);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('rooms.title')}</h2>
      {linked && <SimrsOwnedNote what={t('simrsOwned.rooms')} />}
      {rooms.data && (
        <AplicaresState enabled={rooms.data.aplicaresEnabled} rooms={rooms.data.rooms} onDone={onDone} />
      )}
      <DeskToolbar count={rooms.data && t('rooms.count', { count: rooms.data.rooms.length })}>
        {!linked && (
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('rooms.add')}
            onClick={() => setOpen({ dialog: 'form', room: null })}
          />
        )}
      </DeskToolbar>
      <DeskTable
        labelledBy={headingId}
        query={rooms}
        rows={rooms.data?.rooms}
        pageSize={20}
        emptyMessage={t('rooms.empty')}
      >
        {foldedColumns(
          { header: t('rooms.columns.name'), body: (room: AdminRoom) => room.name },
          { header: t('rooms.columns.code'), body: (room: AdminRoom) => room.code },
          { comesFirst: true },
        )}
        {foldedColumns(
          {
            header: t('rooms.columns.class'),
            body: (room: AdminRoom) => <span className="list-one-line">{classLabel(room.class)}</span>,
          },
          {
            header: t('rooms.columns.sex'),
            body: (room: AdminRoom) => t(`rooms.sexes.${room.sex ?? 'mixed'}`),
          },
        )}
        {textColumn(
          t('rooms.columns.beds'),
          (room: AdminRoom) => `${t('rooms.beds', room)}, ${t('rooms.free', room)}`,
        )}
        <Column
          header={t('rooms.columns.bpjsRoomCode')}
          body={(room: AdminRoom) =>
            room.bpjsRoomCode ?? <Tag severity="warning" value={t('rooms.unmapped')} />
          }
        />
        <Column
          header={t('rooms.columns.report')}
          body={(room: AdminRoom) => (
            <ReportCell report={room.aplicares} mapped={room.bpjsRoomCode !== null} />
          )}
        />
        {actionsColumn(t('rooms.columns.actions'), (room: AdminRoom) => [
          {
            icon: 'pi pi-pencil',
            label: t('rooms.edit'),
            'aria-label': t('rooms.editLabel', { name: room.name }),
            onClick: () => setOpen({ dialog: 'form', room }),
          },
          ...(linked
            ? []
            : [
                {
                  icon: 'pi pi-sliders-h',
                  label: t('rooms.capacity'),
                  'aria-label': t('rooms.capacityLabel', { name: room.name }),
                  onClick: () => setOpen({ dialog: 'capacity', room }),
                },
              ]),
          {
            icon: 'pi pi-history',
            label: t('rooms.history'),
            'aria-label': t('rooms.historyLabel', { name: room.name }),
            onClick: () => setOpen({ dialog: 'history', room }),
          },
          ...(linked
            ? []
            : [
                {
                  severity: 'danger' as const,
                  icon: 'pi pi-ban',
                  label: t('rooms.retire'),
                  'aria-label': t('rooms.retireLabel', { name: room.name }),
                  onClick: () =>
                    confirm.ask({
                      header: t('retireDialog.title'),
                      message: t('retireDialog.message', { name: room.name }),
                      acceptLabel: t('retireDialog.accept'),
                      danger: true,
                      icon: 'pi pi-ban',
                      accept: () =>
                        retire.mutate(room.id, {
                          onSuccess: () => onDone(t('done.roomRetired', { name: room.name })),
                        }),
                    }),
                },
              ]),
        ])}
      </DeskTable>

      {open?.dialog === 'form' && (
        <RoomFormDialog
          room={open.room}
          onClose={close}
          onSaved={(saved) => done(t(open.room ? 'done.roomSaved' : 'done.roomAdded', { name: saved.name }))}
        />
      )}
      {open?.dialog === 'capacity' && (
        <CapacityDialog
          room={open.room}
          onClose={close}
          onSaved={(saved) => done(t('done.capacityChanged', saved))}
        />
      )}
      {open?.dialog === 'history' && <RoomHistoryDialog room={open.room} onClose={close} />}
      {confirm.dialog}
    </section>
  );
}

/** Whether rooms are reported to Aplicares, which are not, and (for admins) the full resync. */
function AplicaresState({
  enabled,
  rooms,
  onDone,
}: {
  enabled: boolean;
  rooms: readonly AdminRoom[];
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(bangsalNs);
  const { session } = useSession();
  const resync = useResyncAplicares();
  const hintId = useId();
  const unmapped = rooms.filter((room) => room.bpjsRoomCode === null).length;

  return (
    <div className="rooms-aplicares">
      {!enabled ? (
        <Message severity="warn" text={t('aplicares.off')} />
      ) : unmapped > 0 ? (
        <Message severity="warn" text={t('aplicares.unmapped', { count: unmapped })} />
      ) : (
        <Message severity="success" text={t('aplicares.allMapped')} />
      )}
      {enabled && hasRole(session, deskRoles.admin) && (
        <div className="rooms-resync">
          <Button
            type="button"
            icon="pi pi-sync"
            label={t('aplicares.resync')}
            outlined
            loading={resync.isPending}
            aria-describedby={hintId}
            onClick={() =>
              resync.mutate(undefined, {
                onSuccess: (result) =>
                  onDone(t('done.resynced', { ...result, deleted: result.deleted.length })),
              })
            }
          />
          <p id={hintId} className="form-help">
            {t('aplicares.resyncHint')}
          </p>
        </div>
      )}
    </div>
  );
}

/** How a room's reports stand: its newest report's state, BPJS's last answer and what holds the rest up. */
function ReportCell({ report, mapped }: { report: AplicaresReport | null; mapped: boolean }) {
  const { t } = useTranslation(bangsalNs);
  if (!mapped) return t('rooms.report.notReported');
  if (!report) return t('rooms.report.none');
  return (
    <div className="rooms-report">
      <Tag severity={reportSeverity[report.status]} value={t(`rooms.report.statuses.${report.status}`)} />
      {report.reply && (
        <small>
          {t('rooms.report.answer', { reply: report.reply })}
          {report.sentAt && `, ${t('rooms.report.sentAt', { time: formatDateTime(report.sentAt) })}`}
        </small>
      )}
      {report.lastError && <small>{t('rooms.report.error', { error: report.lastError })}</small>}
    </div>
  );
}
