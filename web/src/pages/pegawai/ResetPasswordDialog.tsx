import { type StaffMember, staffPasswordResetSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useResetStaffPassword } from '../../api/staff';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useDialogForm } from '../../components/useDialogForm';
import i18n from '../../i18n';
import { pegawaiNs } from './i18n';

// The new password is typed twice: nobody sees it, and the person it is for cannot log in with a typo.
const resetFormSchema = staffPasswordResetSchema
  .extend({ repeat: z.string() })
  .refine((input) => input.password === input.repeat, {
    path: ['repeat'],
    message: i18n.t('pegawai:reset.mismatch'),
  });

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
  const { t } = useTranslation(pegawaiNs, { keyPrefix: 'reset' });
  const reset = useResetStaffPassword();
  const form = useDialogForm({
    schema: resetFormSchema,
    defaultValues: { password: '', repeat: '' },
    fieldNames: ['password'],
    saving: reset.isPending,
    mutate: ({ password }, callbacks) => reset.mutate({ id: member.id, password }, callbacks),
    onSaved: onDone,
  });

  return (
    <FormDialog
      title={t('title', { name: member.name })}
      intro={<p className="form-help">{t('intro', { name: member.name })}</p>}
      onClose={onClose}
      {...form.dialog}
    >
      <TextField
        field={form.field('password')}
        label={t('password')}
        help={t('passwordHelp')}
        type="password"
      />
      <TextField field={form.field('repeat')} label={t('repeat')} type="password" />
    </FormDialog>
  );
}
