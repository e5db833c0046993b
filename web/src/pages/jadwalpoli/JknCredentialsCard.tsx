import { type JknCredentials, jknCredentialsInputSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJknCredentials, useSaveJknCredentials } from '../../api/bpjs';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from '../../components/serverErrors';
import { TextField, usernameInput } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { HospitalTime } from '../../components/HospitalTime';
import { jadwalPoliNs } from './i18n';

/**
 * The user name and password the hospital gives BPJS for calling its Mobile JKN service: the user name and
 * when it was set are shown, the password is only ever typed in.
 */
export function JknCredentialsCard({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'bpjs.credentials' });
  const { t: common } = useTranslation();
  const headingId = useId();
  const credentials = useJknCredentials();
  const [editing, setEditing] = useState(false);
  const current = credentials.data ?? null;

  return (
    <section className="bpjs-section bpjs-credentials" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title')}</h2>
      <p className="form-help">{t('help')}</p>
      {credentials.isPending ? (
        <p>{common('common.loading')}</p>
      ) : credentials.error ? (
        <Message severity="error" text={errorText(credentials.error)} />
      ) : current ? (
        <dl className="bpjs-credentials-values">
          <dt>{t('username')}</dt>
          <dd>{current.username}</dd>
          <dt>{t('updatedAt')}</dt>
          <dd>
            <HospitalTime iso={current.updatedAt} />
          </dd>
        </dl>
      ) : (
        <p>{t('notSet')}</p>
      )}
      <Button
        type="button"
        icon="pi pi-key"
        label={current ? t('change') : t('set')}
        outlined
        disabled={credentials.isPending}
        onClick={() => setEditing(true)}
      />
      {editing && (
        <JknCredentialsDialog
          current={current}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            onDone(t('saved', { username: saved?.username ?? '' }));
          }}
        />
      )}
    </section>
  );
}

const fieldNames = ['username', 'password'] as const;

function JknCredentialsDialog({
  current,
  onClose,
  onSaved,
}: SaveDialogProps<JknCredentials> & { current: JknCredentials }) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'bpjs.credentials.form' });
  const save = useSaveJknCredentials();
  const form = useDialogForm({
    schema: jknCredentialsInputSchema,
    defaultValues: { username: current?.username ?? '', password: '' },
    fieldNames,
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate(input, callbacks),
    onSaved,
  });

  return (
    <FormDialog
      title={t('title')}
      onClose={onClose}
      intro={<p className="form-help">{t('intro')}</p>}
      {...form.dialog}
    >
      <TextField
        field={form.field('username')}
        label={t('username')}
        help={t('usernameHelp')}
        {...usernameInput}
      />
      <TextField
        field={form.field('password')}
        label={t('password')}
        help={t('passwordHelp')}
        type="password"
      />
    </FormDialog>
  );
}
