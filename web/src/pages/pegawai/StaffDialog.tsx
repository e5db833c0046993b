import {
  newPasswordSchema,
  needsPassword,
  PASSWORD_NEEDED_MESSAGE,
  type StaffMember,
  staffUpdateSchema,
} from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSaveStaff } from '../../api/staff';
import { emptyAsNull, FormDialog } from '../../components/FormDialog';
import { TextField, usernameInput } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { pegawaiNs } from './i18n';
import { roleOrder } from './roles';

/** One form for adding and changing; the password is asked only when adding (changing it is a reset). */
const formSchema = (adding: boolean) =>
  staffUpdateSchema
    .extend({ password: newPasswordSchema.optional() })
    .refine((input) => !adding || input.password !== undefined || !needsPassword(input), {
      path: ['password'],
      message: PASSWORD_NEEDED_MESSAGE,
    });
const fieldNames = ['name', 'phone', 'username', 'password', 'roles'] as const;
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export function StaffDialog({
  member,
  onClose,
  onSaved,
}: SaveDialogProps<StaffMember> & { member: StaffMember | null }) {
  const { t } = useTranslation(pegawaiNs);
  const save = useSaveStaff();
  const adding = member === null;
  const form = useDialogForm({
    schema: formSchema(adding),
    defaultValues: member
      ? {
          name: member.name,
          phone: member.phone,
          username: member.username,
          roles: member.roles,
          active: member.active,
        }
      : { name: '', phone: '', username: null, roles: [], active: true },
    fieldNames,
    saving: save.isPending,
    mutate: ({ password, active, ...fields }, callbacks) =>
      save.mutate(
        member
          ? { id: member.id, input: { ...fields, active } }
          : { id: null, input: { ...fields, password } },
        callbacks,
      ),
    onSaved,
  });
  const roles = form.field('roles');

  return (
    <FormDialog
      title={member ? t('form.editTitle', { name: member.name }) : t('form.newTitle')}
      className="staff-dialog"
      onClose={onClose}
      {...form.dialog}
    >
      <TextField field={form.field('name')} label={t('form.name')} />
      <TextField field={form.field('phone')} label={t('form.phone')} help={t('form.phoneHelp')} type="tel" />
      <TextField
        field={form.field('username')}
        label={t('form.username')}
        help={t('form.usernameHelp')}
        {...usernameInput}
        setValueAs={(value) => emptyAsNull(typeof value === 'string' ? value.trim().toLowerCase() : value)}
      />
      {adding && (
        <TextField
          field={form.field('password')}
          label={t('form.password')}
          help={t('form.passwordHelp')}
          type="password"
          setValueAs={emptyAsUndefined}
        />
      )}
      <fieldset
        className="form-choices staff-roles"
        aria-describedby={roles.error ? `${roles.id}-error` : undefined}
      >
        <legend>{t('form.roles')}</legend>
        {roleOrder.map((role) => (
          <div key={role} className="staff-role">
            <input
              id={`${roles.id}-${role}`}
              type="checkbox"
              value={role}
              aria-describedby={`${roles.id}-${role}-help`}
              {...roles.register()}
            />
            <label htmlFor={`${roles.id}-${role}`}>{t(`roles.${role}.label`)}</label>
            <small id={`${roles.id}-${role}-help`} className="form-help">
              {t(`roles.${role}.help`)}
            </small>
          </div>
        ))}
        {roles.error && (
          <small id={`${roles.id}-error`} className="p-error">
            {roles.error.message}
          </small>
        )}
      </fieldset>
    </FormDialog>
  );
}
