import '../i18n/zod';
import { ownPasswordChangeSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangeOwnPassword } from '../api/staff';
import { FormDialog } from '../components/FormDialog';
import { PasswordFields, repeatMismatch } from '../components/PasswordFields';
import { TextField } from '../components/TextField';
import { useDialogForm } from '../components/useDialogForm';
import { useSuccessToast } from '../components/useSuccessToast';
import { ownPasswordNs } from '../i18n/ownPassword';
import { PrimeScope } from '../components/PrimeScope';

const formSchema = ownPasswordChangeSchema
  .safeExtend({ repeat: z.string() })
  .refine((input) => input.newPassword === input.repeat, repeatMismatch);
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
  const change = useChangeOwnPassword();
  const form = useDialogForm({
    schema: formSchema,
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
    fieldNames,
    saving: change.isPending,
    mutate: ({ currentPassword, newPassword }, callbacks) =>
      change.mutate({ currentPassword, newPassword }, callbacks),
    onSaved: onDone,
  });

  return (
    <FormDialog
      title={t('title')}
      intro={<p className="form-help">{t('intro')}</p>}
      onClose={onClose}
      {...form.dialog}
    >
      <TextField
        field={form.field('currentPassword')}
        label={t('currentPassword')}
        type="password"
        autoComplete="current-password"
      />
      <PasswordFields
        password={form.field('newPassword')}
        repeat={form.field('repeat')}
        help={t('newPasswordHelp')}
      />
    </FormDialog>
  );
}
