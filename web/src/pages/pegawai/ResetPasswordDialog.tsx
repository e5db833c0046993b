import { zodResolver } from '@hookform/resolvers/zod';
import { type StaffMember, staffPasswordResetSchema } from '@portal/contract';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useResetStaffPassword } from '../../api/staff';
import { described, FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import i18n from '../../i18n';
import { pegawaiNs } from './i18n';

// The new password is typed twice: nobody sees it, and the person it is for cannot log in with a typo.
const resetFormSchema = staffPasswordResetSchema
  .extend({ repeat: z.string() })
  .refine((input) => input.password === input.repeat, {
    path: ['repeat'],
    message: i18n.t('pegawai:reset.mismatch'),
  });
type ResetForm = z.infer<typeof resetFormSchema>;

/** An admin sets a new password for a staff member; the person's sessions end. */
export function ResetPasswordDialog({
  member,
  onClose,
  onDone,
}: {
  member: StaffMember;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(pegawaiNs);
  const formId = useId();
  const reset = useResetStaffPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', repeat: '' },
  });

  const submit = handleSubmit(({ password }) => {
    setFormError(null);
    reset.mutate(
      { id: member.id, password },
      {
        onSuccess: onDone,
        onError: (error) => setFormError(applyServerErrors(error, ['password'], setError)),
      },
    );
  });

  const id = (name: string) => `${formId}-${name}`;

  return (
    <FormDialog
      title={t('reset.title', { name: member.name })}
      intro={<p className="form-help">{t('reset.intro', { name: member.name })}</p>}
      formId={formId}
      formError={formError}
      saving={reset.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField
        id={id('password')}
        label={t('reset.password')}
        help={t('reset.passwordHelp')}
        error={errors.password?.message}
      >
        <InputText
          id={id('password')}
          type="password"
          autoComplete="new-password"
          invalid={errors.password !== undefined}
          {...described(id('password'), errors.password, true)}
          {...register('password')}
        />
      </FormField>
      <FormField id={id('repeat')} label={t('reset.repeat')} error={errors.repeat?.message}>
        <InputText
          id={id('repeat')}
          type="password"
          autoComplete="new-password"
          invalid={errors.repeat !== undefined}
          {...described(id('repeat'), errors.repeat)}
          {...register('repeat')}
        />
      </FormField>
    </FormDialog>
  );
}
