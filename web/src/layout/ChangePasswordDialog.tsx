import '../i18n/zod';
import '../app/forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { ownPasswordChangeSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangeOwnPassword } from '../api/staff';
import { FormField } from '../app/FormField';
import { applyServerErrors } from '../app/serverErrors';
import { useSuccessToast } from '../app/useSuccessToast';
import i18n from '../i18n';
import { ownPasswordNs } from '../i18n/ownPassword';
import { PrimeScope } from './PrimeScope';

// The new password is typed twice: nobody sees it, and a typo would lock its owner out.
const formSchema = ownPasswordChangeSchema
  .safeExtend({ repeat: z.string() })
  .refine((input) => input.newPassword === input.repeat, {
    path: ['repeat'],
    message: i18n.t('ownPassword:mismatch'),
  });
type PasswordForm = z.infer<typeof formSchema>;
const fieldNames = ['currentPassword', 'newPassword'] as const;

function described(inputId: string, error: FieldError | undefined, help = false) {
  return {
    'aria-invalid': error !== undefined,
    'aria-describedby':
      [error && `${inputId}-error`, help && `${inputId}-help`].filter(Boolean).join(' ') || undefined,
  };
}

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
    <Dialog
      visible
      onHide={onClose}
      header={t('title')}
      className="form-dialog"
      draggable={false}
      resizable={false}
      footer={
        <>
          <Button type="button" label={t('cancel')} severity="secondary" text onClick={onClose} />
          <Button
            type="submit"
            form={formId}
            label={t('save')}
            icon="pi pi-check"
            loading={change.isPending}
          />
        </>
      }
    >
      {formError && <Message className="form-message" severity="error" text={formError} />}
      <p className="form-help">{t('intro')}</p>
      <form id={formId} className="form-grid" onSubmit={submit} noValidate>
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
      </form>
    </Dialog>
  );
}
