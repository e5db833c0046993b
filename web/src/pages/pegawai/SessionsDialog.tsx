import type { StaffMember, StaffSession } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signedOut } from '../../api/session';
import { useEndAllSessions, useEndSession, useStaffSessions } from '../../api/staffSecurity';
import { actionsColumn, DeskTable } from '../../components/DeskTable';
import { HospitalTime } from '../../components/HospitalTime';
import { useConfirm } from '../../components/useConfirm';
import { pegawaiNs } from './i18n';
import { useReturnFocus } from '../../components/useReturnFocus';

/**
 * An admin sees where a staff member is logged in and ends one session or all of them. Ending the admin's
 * own current session is logging out, asked first; ending all of the admin's own keeps the current one.
 */
export function SessionsDialog({
  member,
  self,
  onClose,
  onEnded,
}: {
  member: StaffMember;
  /** The admin looks at their own account. */
  self: boolean;
  onClose: () => void;
  onEnded: (message: string) => void;
}) {
  useReturnFocus();
  const { t } = useTranslation(pegawaiNs, { keyPrefix: 'sessions' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useStaffSessions(member.id);
  const endOne = useEndSession();
  const endAll = useEndAllSessions();
  const confirm = useConfirm();

  const end = (session: StaffSession) =>
    endOne.mutate(
      { staffId: member.id, sessionId: session.id },
      {
        onSuccess: () => {
          if (!session.current) return onEnded(t('ended', { name: member.name }));
          signedOut(queryClient);
          navigate('/auth', { replace: true });
        },
      },
    );

  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('title', { name: member.name })}
      className="form-dialog staff-sessions-dialog"
      draggable={false}
      resizable={false}
      footer={
        <>
          <Button type="button" label={t('close')} severity="secondary" text onClick={onClose} />
          <Button
            type="button"
            severity="danger"
            icon="pi pi-sign-out"
            label={self ? t('endOthers') : t('endAll')}
            loading={endAll.isPending}
            disabled={others === 0}
            onClick={() =>
              endAll.mutate(member.id, {
                onSuccess: ({ ended }) => onEnded(t('endedAll', { count: ended, name: member.name })),
              })
            }
          />
        </>
      }
    >
      <p className="form-help">{t('intro')}</p>
      <DeskTable label={t('tableLabel', { name: member.name })} query={sessions} emptyMessage={t('empty')}>
        <Column
          header={t('columns.startedAt')}
          body={(row: StaffSession) => <HospitalTime iso={row.startedAt} />}
        />
        <Column
          header={t('columns.lastSeenAt')}
          body={(row: StaffSession) => <HospitalTime iso={row.lastSeenAt} />}
        />
        <Column
          header={t('columns.address')}
          body={(row: StaffSession) => (
            <>
              {row.address}
              {row.current && <span className="staff-note"> ({t('current')})</span>}
            </>
          )}
        />
        <Column
          header={t('columns.userAgent')}
          body={(row: StaffSession) => (
            <span className="staff-note">{row.userAgent ?? t('unknownBrowser')}</span>
          )}
        />
        {actionsColumn(t('columns.actions'), (row: StaffSession) => [
          {
            severity: 'danger',
            icon: 'pi pi-times',
            label: t('end'),
            'aria-label': t('endLabel', { address: row.address }),
            loading: endOne.isPending && endOne.variables?.sessionId === row.id,
            onClick: () =>
              row.current
                ? confirm.ask({
                    header: t('confirmOwn.title'),
                    message: t('confirmOwn.message'),
                    acceptLabel: t('confirmOwn.accept'),
                    danger: true,
                    accept: () => end(row),
                  })
                : end(row),
          },
        ])}
      </DeskTable>
      {confirm.dialog}
    </Dialog>
  );
}
