import { zodResolver } from '@hookform/resolvers/zod';
import {
  newPasswordSchema,
  needsPassword,
  PASSWORD_NEEDED_MESSAGE,
  type StaffMember,
  staffUpdateSchema,
} from '@portal/contract';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSaveStaff } from '../../api/staff';
import { described, emptyAsNull, FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
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
type StaffForm = z.input<ReturnType<typeof formSchema>>;
type StaffFormOutput = z.output<ReturnType<typeof formSchema>>;

const fieldNames = ['name', 'phone', 'username', 'password', 'roles'] as const;
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export function StaffDialog({
  member,
  onClose,
  onSaved,
}: {
  member: StaffMember | null;
  onClose: () => void;
  onSaved: (member: StaffMember) => void;
}) {
  const { t } = useTranslation(pegawaiNs);
  const formId = useId();
  const save = useSaveStaff();
  const [formError, setFormError] = useState<string | null>(null);
  const adding = member === null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StaffForm, unknown, StaffFormOutput>({
    resolver: zodResolver(formSchema(adding)),
    defaultValues: member
      ? {
          name: member.name,
          phone: member.phone,
          username: member.username,
          roles: member.roles,
          active: member.active,
        }
      : { name: '', phone: '', username: null, roles: [], active: true },
  });

  const submit = handleSubmit(({ password, active, ...fields }) => {
    setFormError(null);
    save.mutate(
      member ? { id: member.id, input: { ...fields, active } } : { id: null, input: { ...fields, password } },
      {
        onSuccess: onSaved,
        onError: (error) => setFormError(applyServerErrors(error, fieldNames, setError)),
      },
    );
  });

  const id = (name: string) => `${formId}-${name}`;

  return (
    <FormDialog
      title={member ? t('form.editTitle', { name: member.name }) : t('form.newTitle')}
      className="staff-dialog"
      formId={formId}
      formError={formError}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField id={id('name')} label={t('form.name')} error={errors.name?.message}>
        <InputText
          id={id('name')}
          invalid={errors.name !== undefined}
          {...described(id('name'), errors.name)}
          {...register('name')}
        />
      </FormField>
      <FormField
        id={id('phone')}
        label={t('form.phone')}
        help={t('form.phoneHelp')}
        error={errors.phone?.message}
      >
        <InputText
          id={id('phone')}
          type="tel"
          inputMode="tel"
          invalid={errors.phone !== undefined}
          {...described(id('phone'), errors.phone, true)}
          {...register('phone')}
        />
      </FormField>
      <FormField
        id={id('username')}
        label={t('form.username')}
        help={t('form.usernameHelp')}
        error={errors.username?.message}
      >
        <InputText
          id={id('username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          invalid={errors.username !== undefined}
          {...described(id('username'), errors.username, true)}
          {...register('username', {
            setValueAs: (value: unknown) =>
              emptyAsNull(typeof value === 'string' ? value.trim().toLowerCase() : value),
          })}
        />
      </FormField>
      {adding && (
        <FormField
          id={id('password')}
          label={t('form.password')}
          help={t('form.passwordHelp')}
          error={errors.password?.message}
        >
          <InputText
            id={id('password')}
            type="password"
            autoComplete="new-password"
            invalid={errors.password !== undefined}
            {...described(id('password'), errors.password, true)}
            {...register('password', { setValueAs: emptyAsUndefined })}
          />
        </FormField>
      )}
      <fieldset
        className="form-choices staff-roles"
        aria-describedby={errors.roles ? id('roles-error') : undefined}
      >
        <legend>{t('form.roles')}</legend>
        {roleOrder.map((role) => (
          <div key={role} className="staff-role">
            <input
              id={id(`role-${role}`)}
              type="checkbox"
              value={role}
              aria-describedby={id(`role-${role}-help`)}
              {...register('roles')}
            />
            <label htmlFor={id(`role-${role}`)}>{t(`roles.${role}.label`)}</label>
            <small id={id(`role-${role}-help`)} className="form-help">
              {t(`roles.${role}.help`)}
            </small>
          </div>
        ))}
        {errors.roles && (
          <small id={id('roles-error')} className="p-error">
            {errors.roles.message}
          </small>
        )}
      </fieldset>
    </FormDialog>
  );
}
