import '../../components/lists.css';
import {
  type ReferenceEntry,
  type ReferenceKind,
  referenceInputSchema,
  referenceRenameSchema,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddReference,
  useReferenceCodes,
  useRenameReference,
  useRetireReference,
} from '../../api/references';
import { useSimrsLinked } from '../../api/system';
import { actionsColumn, DeskTable } from '../../components/DeskTable';
import { FormDialog } from '../../components/FormDialog';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { TextField } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { referensiNs } from './i18n';

/** One code list: its codes, retired ones too, with adding, renaming and retiring (but in linked mode: the SIMRS's). */
export function ReferenceTab({ kind, onDone }: { kind: ReferenceKind; onDone: (message: string) => void }) {
  const { t } = useTranslation(referensiNs);
  const headingId = useId();
  const codes = useReferenceCodes(kind, true);
  const retire = useRetireReference();
  const [editing, setEditing] = useState<ReferenceEntry | 'new' | null>(null);
  const confirm = useConfirm();
  const linked = useSimrsLinked();
  const done = (message: string) => {
    setEditing(null);
    onDone(message);
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="list-head">
        <h2 id={headingId}>{t(`tabs.${kind}`)}</h2>
        {!linked && (
          <Button type="button" icon="pi pi-plus" label={t('add')} onClick={() => setEditing('new')} />
        )}
      </div>
      {linked && <SimrsOwnedNote what={t('simrsOwned')} />}
      <DeskTable labelledBy={headingId} query={codes} pageSize={20} emptyMessage={t('empty')}>
        <Column field="code" header={t('columns.code')} />
        <Column field="name" header={t('columns.name')} />
        <Column
          header={t('columns.status')}
          body={(entry: ReferenceEntry) =>
            entry.active ? (
              <Tag severity="success" value={t('active')} />
            ) : (
              <Tag severity="secondary" value={t('retired')} />
            )
          }
        />
        {!linked &&
          actionsColumn(t('columns.actions'), (entry: ReferenceEntry) => [
            {
              icon: 'pi pi-pencil',
              label: t('edit'),
              'aria-label': t('editLabel', { code: entry.code }),
              onClick: () => setEditing(entry),
            },
            ...(entry.active
              ? [
                  {
                    icon: 'pi pi-ban',
                    label: t('retire'),
                    severity: 'danger' as const,
                    'aria-label': t('retireLabel', { code: entry.code }),
                    onClick: () =>
                      confirm.ask({
                        header: t('confirm.title'),
                        message: t('confirm.message', { code: entry.code, name: entry.name }),
                        acceptLabel: t('confirm.accept'),
                        danger: true,
                        accept: () =>
                          retire.mutate(entry.id, {
                            onSuccess: () => onDone(t('done.retired', { code: entry.code })),
                          }),
                      }),
                  },
                ]
              : []),
          ])}
      </DeskTable>
      {editing === 'new' && (
        <AddDialog
          kind={kind}
          onClose={() => setEditing(null)}
          onSaved={(saved) => done(t('done.added', { code: saved.code, name: saved.name }))}
        />
      )}
      {editing !== null && editing !== 'new' && (
        <RenameDialog
          key={editing.id}
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => done(t('done.renamed', { code: saved.code, name: saved.name }))}
        />
      )}
      {confirm.dialog}
    </section>
  );
}

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

function AddDialog({ kind, onClose, onSaved }: SaveDialogProps<ReferenceEntry> & { kind: ReferenceKind }) {
  const { t } = useTranslation(referensiNs);
  const add = useAddReference();
  const form = useDialogForm({
    schema: referenceInputSchema,
    defaultValues: { kind, code: '', name: '' },
    fieldNames: ['code', 'name'],
    // A code in use is told next to the code.
    fieldByErrorCode: { DUPLICATE: 'code' },
    saving: add.isPending,
    mutate: (input, callbacks) => add.mutate(input, callbacks),
    onSaved,
  });
  return (
    <FormDialog title={t('form.newTitle', { list: t(`tabs.${kind}`) })} onClose={onClose} {...form.dialog}>
      <TextField
        field={form.field('code')}
        label={t('form.code')}
        help={t('form.codeHelp')}
        autoComplete="off"
        setValueAs={upperCase}
      />
      <TextField field={form.field('name')} label={t('form.name')} />
    </FormDialog>
  );
}

function RenameDialog({
  entry,
  onClose,
  onSaved,
}: SaveDialogProps<ReferenceEntry> & { entry: ReferenceEntry }) {
  const { t } = useTranslation(referensiNs);
  const rename = useRenameReference();
  const form = useDialogForm({
    schema: referenceRenameSchema,
    defaultValues: { name: entry.name },
    fieldNames: ['name'],
    saving: rename.isPending,
    mutate: (input, callbacks) => rename.mutate({ id: entry.id, input }, callbacks),
    onSaved,
  });
  return (
    <FormDialog title={t('form.editTitle', { code: entry.code })} onClose={onClose} {...form.dialog}>
      <TextField field={form.field('name')} label={t('form.name')} />
    </FormDialog>
  );
}
