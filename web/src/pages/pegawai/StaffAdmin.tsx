import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/lists.css';
import './StaffAdmin.css';
import type { StaffMember } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session';
import { type StaffFilter, useSaveStaff, useStaffList } from '../../api/staff';
import { actionsColumn, DeskTable, foldedColumns } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { FilterSelect } from '../../components/FilterSelect';
import { PrimeScope } from '../../components/PrimeScope';
import { SearchField } from '../../components/SearchField';
import { useConfirm } from '../../components/useConfirm';
import { useDeskFilter, useDeskSearch } from '../../components/useDeskFilter';
import { useSuccessToast } from '../../components/useSuccessToast';
import { pegawaiNs } from './i18n';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { roleOrder } from './roles';
import { SessionsDialog } from './SessionsDialog';
import { StaffDialog } from './StaffDialog';

const FILTERS = { status: ['true', 'false'] } as const;

type Editing =
  | { kind: 'new' }
  | { kind: 'edit'; member: StaffMember }
  | { kind: 'password'; member: StaffMember }
  | { kind: 'sessions'; member: StaffMember };

/** The whole record as PUT takes it, from a listed member. */
const recordOf = (member: StaffMember, active: boolean) => ({
  name: member.name,
  phone: member.phone,
  username: member.username,
  roles: member.roles,
  active,
});

/** The staff list with search and status filter (both in the URL), paged by the server, and its actions. */
export default function StaffAdmin() {
  const { t } = useTranslation([pegawaiNs, 'translation']);
  const headingId = useId();
  const { toast, show } = useSuccessToast();
  const { session } = useSession();
  const search = useDeskSearch();
  const desk = useDeskFilter(FILTERS);
  const active: StaffFilter['active'] = desk.filter.status;
  const staff = useStaffList({ q: search.term, active, page: desk.page, pageSize: desk.pageSize });
  // Activating and deactivating are asked from the list: a refusal goes to the error toast.
  const setActive = useSaveStaff({ inlineErrors: false });
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  const confirm = useConfirm();

  const activate = (member: StaffMember, nextActive: boolean) =>
    setActive.mutate(
      { id: member.id, input: recordOf(member, nextActive) },
      {
        onSuccess: () => show(t(nextActive ? 'done.activated' : 'done.deactivated', { name: member.name })),
      },
    );

  const roleLabels = (member: StaffMember) =>
    roleOrder
      .filter((role) => member.roles.includes(role))
      .map((role) => t(`roles.${role}.label`))
      .join(', ') || t('list.noRoles');

  return (
    <PrimeScope>
      {toast}
      <section className="card" aria-labelledby={headingId}>
        <div className="list-head">
          <h2 id={headingId}>{t('list.title')}</h2>
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('list.add')}
            onClick={() => setEditing({ kind: 'new' })}
          />
        </div>
        <DeskToolbar>
          <SearchField label={t('list.search')} placeholder={t('list.searchPlaceholder')} search={search} />
          <FilterSelect
            label={t('list.status')}
            options={FILTERS.status.map((value) => ({ value, label: t(`list.statuses.${value}`) }))}
            {...desk.select('status')}
          />
        </DeskToolbar>
        <DeskTable labelledBy={headingId} query={staff} desk={desk} emptyMessage={t('list.empty')}>
          {foldedColumns(
            { header: t('list.columns.name'), body: (member: StaffMember) => member.name },
            {
              header: t('list.columns.username'),
              body: (member: StaffMember) =>
                member.username === null ? (
                  <span className="staff-note">{t('list.noLogin')}</span>
                ) : (
                  <>
                    {member.username}
                    {!member.hasPassword && <span className="staff-note"> ({t('list.noPassword')})</span>}
                  </>
                ),
            },
          )}
          <Column field="phone" header={t('list.columns.phone')} />
          <Column header={t('list.columns.roles')} body={roleLabels} />
          <Column
            header={t('list.columns.status')}
            body={(member: StaffMember) => (
              <div className="staff-status">
                <Tag
                  severity={member.active ? 'success' : 'secondary'}
                  value={member.active ? t('list.active') : t('list.inactive')}
                />
                {member.onDuty.map((post) => (
                  <span key={post} className="staff-note">
                    {t('list.onDuty', { post: t(`roles.${post}.label`) })}
                  </span>
                ))}
              </div>
            )}
          />
          {actionsColumn(t('list.columns.actions'), (member: StaffMember) => [
            {
              icon: 'pi pi-pencil',
              label: t('list.edit'),
              'aria-label': t('list.editLabel', { name: member.name }),
              onClick: () => setEditing({ kind: 'edit', member }),
            },
            {
              icon: 'pi pi-key',
              label: t('list.resetPassword'),
              'aria-label': t('list.resetPasswordLabel', { name: member.name }),
              onClick: () => setEditing({ kind: 'password', member }),
            },
            ...(member.hasLogin
              ? [
                  {
                    icon: 'pi pi-desktop',
                    label: t('list.sessions'),
                    'aria-label': t('list.sessionsLabel', { name: member.name }),
                    onClick: () => setEditing({ kind: 'sessions', member }),
                  },
                ]
              : []),
            member.active
              ? {
                  severity: 'danger' as const,
                  icon: 'pi pi-ban',
                  label: t('list.deactivate'),
                  'aria-label': t('list.deactivateLabel', { name: member.name }),
                  // Nobody locks themselves out; the server refuses it too.
                  disabled: member.id === session?.id || setActive.isPending,
                  onClick: () =>
                    confirm.ask({
                      header: t('confirm.title'),
                      message: t('confirm.message', { name: member.name }),
                      acceptLabel: t('confirm.accept'),
                      danger: true,
                      accept: () => activate(member, false),
                    }),
                }
              : {
                  severity: 'success' as const,
                  icon: 'pi pi-check-circle',
                  label: t('list.activate'),
                  'aria-label': t('list.activateLabel', { name: member.name }),
                  disabled: setActive.isPending,
                  onClick: () => activate(member, true),
                },
          ])}
        </DeskTable>
      </section>
      {(editing?.kind === 'new' || editing?.kind === 'edit') && (
        <StaffDialog
          key={editing.kind === 'edit' ? editing.member.id : 'new'}
          member={editing.kind === 'edit' ? editing.member : null}
          onClose={close}
          onSaved={(saved) => {
            close();
            show(t(editing.kind === 'new' ? 'done.added' : 'done.saved', { name: saved.name }));
          }}
        />
      )}
      {editing?.kind === 'password' && (
        <ResetPasswordDialog
          member={editing.member}
          onClose={close}
          onDone={() => {
            close();
            show(t('done.passwordReset', { name: editing.member.name }));
          }}
        />
      )}
      {editing?.kind === 'sessions' && (
        <SessionsDialog
          member={editing.member}
          self={editing.member.id === session?.id}
          onClose={close}
          onEnded={show}
        />
      )}
      {confirm.dialog}
    </PrimeScope>
  );
}
