import { useTranslation } from 'react-i18next';
import i18n from '../i18n';
import { newPasswordNs } from '../i18n/newPassword';
import { TextField } from './TextField';
import type { DialogField } from './useDialogForm';

/** What a form says, at `repeat`, when the password typed again differs: `.refine(isSame, repeatMismatch)`. */
// A function, so that the message is in the language of the moment it is shown, not of the module's loading.
export const repeatMismatch = { path: ['repeat'], error: () => i18n.t('newPassword:mismatch') };

/**
 * A new password and the same typed again (the form's `repeat`, checked with `repeatMismatch`): nobody sees
 * what they type, and a typo would lock the password's owner out.
 */
export function PasswordFields({
  password,
  repeat,
  help,
}: {
  password: DialogField;
  repeat: DialogField;
  /** What the new password must be, and what to do with it. */
  help: string;
}) {
  const { t } = useTranslation(newPasswordNs);
  return (
    <>
      <TextField field={password} label={t('password')} help={help} type="password" />
      <TextField field={repeat} label={t('repeat')} type="password" />
    </>
  );
}
