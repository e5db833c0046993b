import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/lists.css';
import './templatPesan.css';
import {
  type MessageKind,
  type MessageTemplate,
  messageTemplateInputSchema,
  type OptOut,
  optOutInputSchema,
  unknownPlaceholders,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddOptOut,
  useMessageTemplates,
  useOptOuts,
  usePreviewTemplate,
  useRemoveOptOut,
  useResetTemplate,
  useSaveTemplate,
} from '../../api/messages';
import { actionsColumn, DeskTable } from '../../components/DeskTable';
import { FormDialog } from '../../components/FormDialog';
import { PrimeScope } from '../../components/PrimeScope';
import { TextAreaField, TextField } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { useSuccessToast } from '../../components/useSuccessToast';
import { HospitalTime } from '../../components/HospitalTime';
import { templatPesanNs } from './i18n';

const braces = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ');

/**
 * The form's rules: the contract's, and no placeholder the kind does not know (the server refuses it the
 * same way; told here as it is typed into the field).
 */
export function templateFormSchema(kind: MessageKind, unknownMessage: (names: string) => string) {
  return messageTemplateInputSchema.superRefine(({ body }, context) => {
    const unknown = unknownPlaceholders(kind, body);
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', path: ['body'], message: unknownMessage(braces(unknown)) });
    }
  });
}

/** The WhatsApp texts to patients (editable, with a preview) and the numbers that opted out; admins only. */
export default function TemplatPesanPage() {
  const { t } = useTranslation(templatPesanNs);
  const { toast, show } = useSuccessToast();
  return (
    <PrimeScope>
      {toast}
      <div className="card">
        <p className="form-help">{t('intro')}</p>
        <Templates onDone={show} />
      </div>
      <div className="card">
        <OptOuts onDone={show} />
      </div>
    </PrimeScope>
  );
}

function Templates({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(templatPesanNs, { keyPrefix: 'templates' });
  const { t: tp } = useTranslation(templatPesanNs);
  const headingId = useId();
  const templates = useMessageTemplates();
  const reset = useResetTemplate();
  const [editing, setEditing] = useState<MessageTemplate | null>(null);
  const confirm = useConfirm();
  const kindName = (kind: MessageKind) => t(`kinds.${kind}`);

  return (
    <section aria-labelledby={headingId}>
      <div className="list-head">
        <h2 id={headingId}>{t('heading')}</h2>
      </div>
      <DeskTable labelledBy={headingId} query={templates} dataKey="kind" emptyMessage={t('empty')}>
        <Column header={t('columns.kind')} body={(row: MessageTemplate) => kindName(row.kind)} />
        <Column
          header={t('columns.body')}
          body={(row: MessageTemplate) => <span className="message-template-body">{row.body}</span>}
        />
        <Column
          header={t('columns.status')}
          body={(row: MessageTemplate) =>
            row.custom ? (
              <Tag severity="info" value={t('custom')} />
            ) : (
              <Tag severity="secondary" value={t('builtIn')} />
            )
          }
        />
        {actionsColumn(t('columns.actions'), (row: MessageTemplate) => [
          {
            icon: 'pi pi-pencil',
            label: t('edit'),
            'aria-label': t('editLabel', { kind: kindName(row.kind) }),
            onClick: () => setEditing(row),
          },
          ...(row.custom
            ? [
                {
                  icon: 'pi pi-undo',
                  label: t('reset'),
                  'aria-label': t('resetLabel', { kind: kindName(row.kind) }),
                  onClick: () =>
                    confirm.ask({
                      header: tp('confirmReset.title'),
                      message: tp('confirmReset.message', { kind: kindName(row.kind) }),
                      acceptLabel: tp('confirmReset.accept'),
                      accept: () =>
                        reset.mutate(row.kind, {
                          onSuccess: () => onDone(tp('done.reset', { kind: kindName(row.kind) })),
                        }),
                    }),
                },
              ]
            : []),
        ])}
      </DeskTable>
      {editing && (
        <TemplateDialog
          key={editing.kind}
          template={editing}
          kindName={kindName(editing.kind)}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onDone(tp('done.saved', { kind: kindName(saved.kind) }));
          }}
        />
      )}
      {confirm.dialog}
    </section>
  );
}

function TemplateDialog({
  template,
  kindName,
  onClose,
  onSaved,
}: SaveDialogProps<MessageTemplate> & { template: MessageTemplate; kindName: string }) {
  const { t } = useTranslation(templatPesanNs, { keyPrefix: 'form' });
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const previewId = useId();
  const form = useDialogForm({
    schema: templateFormSchema(template.kind, (names) => t('unknown', { names })),
    defaultValues: { body: template.body },
    fieldNames: ['body'],
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate({ kind: template.kind, input }, callbacks),
    onSaved,
  });
  const body = form.field('body');
  const help = t('placeholders', { names: braces(template.placeholders) });
  const showPreview = form.handleSubmit((input) => {
    form.setFormError(null);
    preview.mutate({ kind: template.kind, input }, { onError: form.onError });
  });

  return (
    <FormDialog
      title={t('title', { kind: kindName })}
      onClose={onClose}
      className="form-dialog message-template-dialog"
      {...form.dialog}
      after={
        preview.data && (
          <section aria-labelledby={previewId} className="message-preview">
            <h3 id={previewId}>{t('previewHeading')}</h3>
            <p className="message-template-body">{preview.data.message}</p>
          </section>
        )
      }
    >
      <TextAreaField field={body} label={t('body')} help={help} rows={7} />
      <Button
        type="button"
        icon="pi pi-eye"
        label={t('preview')}
        severity="secondary"
        outlined
        loading={preview.isPending}
        onClick={() => void showPreview()}
      />
    </FormDialog>
  );
}

function OptOuts({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(templatPesanNs, { keyPrefix: 'optOuts' });
  const { t: tp } = useTranslation(templatPesanNs);
  const headingId = useId();
  const optOuts = useOptOuts();
  const remove = useRemoveOptOut();
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby={headingId}>
      <div className="list-head">
        <h2 id={headingId}>{t('heading')}</h2>
        <Button type="button" icon="pi pi-plus" label={t('add')} onClick={() => setAdding(true)} />
      </div>
      <p className="form-help">{t('help')}</p>
      <DeskTable
        labelledBy={headingId}
        query={optOuts}
        dataKey="phone"
        pageSize={20}
        emptyMessage={t('empty')}
      >
        <Column field="phone" header={t('columns.phone')} />
        <Column header={t('columns.source')} body={(row: OptOut) => t(`sources.${row.source}`)} />
        <Column
          header={t('columns.createdAt')}
          body={(row: OptOut) => <HospitalTime iso={row.createdAt} />}
        />
        {actionsColumn(t('columns.actions'), (row: OptOut) => [
          {
            icon: 'pi pi-trash',
            label: t('remove'),
            severity: 'danger' as const,
            'aria-label': t('removeLabel', { phone: row.phone }),
            onClick: () =>
              remove.mutate(row.phone, { onSuccess: () => onDone(tp('done.optedIn', { phone: row.phone })) }),
          },
        ])}
      </DeskTable>
      {adding && (
        <OptOutDialog
          onClose={() => setAdding(false)}
          onSaved={(phone) => {
            setAdding(false);
            onDone(tp('done.optedOut', { phone }));
          }}
        />
      )}
    </section>
  );
}

function OptOutDialog({ onClose, onSaved }: SaveDialogProps<string>) {
  const { t } = useTranslation(templatPesanNs, { keyPrefix: 'optOuts' });
  const add = useAddOptOut();
  const form = useDialogForm({
    schema: optOutInputSchema,
    defaultValues: { phone: '' },
    fieldNames: ['phone'],
    saving: add.isPending,
    mutate: (input, { onSuccess, onError }) =>
      add.mutate(input, { onSuccess: () => onSuccess(input.phone), onError }),
    onSaved,
  });
  return (
    <FormDialog title={t('formTitle')} onClose={onClose} {...form.dialog}>
      <TextField field={form.field('phone')} label={t('phone')} type="tel" autoComplete="off" />
    </FormDialog>
  );
}
