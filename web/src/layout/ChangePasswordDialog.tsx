import '../i18n/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { ownPasswordChangeSchema } from '@portal/contract';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangeOwnPassword } from '../api/staff';
import { described, FormDialog } from '../components/FormDialog';
import { FormField } from '../components/FormField';
import { applyServerErrors } from '../components/serverErrors';
import { useSuccessToast } from '../components/useSuccessToast';
import i18n from '../i18n';
import { ownPasswordNs } from '../i18n/ownPassword';
import { PrimeScope } from '../components/PrimeScope';

// The new password is typed twice: nobody sees it, and a typo would lock its owner out.
const formSchema = ownPasswordChangeSchema
  .safeExtend({ repeat: z.string() })
  .refine((input) => input.newPassword === input.repeat, {
    path: ['repeat'],
    message: i18n.t('ownPassword:mismatch'),
  });
type PasswordForm = z.infer<typeof formSchema>;
const fieldNames = ['currentPassword', 'newPassword'] as const;

/**
 * A logged-in staff member changes their own password. Kept mounted after the first use, so that the
 * confirmation toast outlives the dialog.
 */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ownPasswordNs);
  const { toast, show } = useSuccessToast();
  return (
    <PrimeScope>
      {toast}
      {open && (
        <PasswordDialog
          onClose={onClose}
          onDone={() => {
            onClose();
            show(t('done'));
          }}
        />
      )}
    </PrimeScope>
  );
}

function PasswordDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(ownPasswordNs);
  const formId = useId();
  const change = useChangeOwnPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
  });

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    setFormError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: onDone,
        onError: (error) => setFormError(applyServerErrors(error, fieldNames, setError)),
      },
    );
  });

  const id = (name: string) => `${formId}-${name}`;
  const passwordInput = (name: keyof PasswordForm, autoComplete: string, help = false) => (
    <InputText
      id={id(name)}
      type="password"
      autoComplete={autoComplete}
      invalid={errors[name] !== undefined}
      {...described(id(name), errors[name], help)}
      {...register(name)}
    />
  );

  return (
    <FormDialog
      title={t('title')}
      intro={<p className="form-help">{t('intro')}</p>}
      formId={formId}
      formError={formError}
      saving={change.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField
        id={id('currentPassword')}
        label={t('currentPassword')}
        error={errors.currentPassword?.message}
      >
        {passwordInput('currentPassword', 'current-password')}
      </FormField>
      <FormField
        id={id('newPassword')}
        label={t('newPassword')}
        help={t('newPasswordHelp')}
        error={errors.newPassword?.message}
      >
        {passwordInput('newPassword', 'new-password', true)}
      </FormField>
      <FormField id={id('repeat')} label={t('repeat')} error={errors.repeat?.message}>
        {passwordInput('repeat', 'new-password')}
      </FormField>
    </FormDialog>
  );
}
