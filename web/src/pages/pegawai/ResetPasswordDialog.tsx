import { type StaffMember, staffPasswordResetSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useResetStaffPassword } from '../../api/staff';
import { FormDialog } from '../../components/FormDialog';
import { PasswordFields, repeatMismatch } from '../../components/PasswordFields';
import { useDialogForm } from '../../components/useDialogForm';
import { pegawaiNs } from './i18n';

const resetFormSchema = staffPasswordResetSchema
  .extend({ repeat: z.string() })
  .refine((input) => input.password === input.repeat, repeatMismatch);

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
      <PasswordFields
        password={form.field('password')}
        repeat={form.field('repeat')}
        help={t('passwordHelp')}
      />
    </FormDialog>
  );
}
