import {
  complaintCategoryUpdateSchema,
  type DeskComplaintCategory,
  newComplaintCategorySchema,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputSwitch } from 'primereact/inputswitch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateComplaintCategory,
  useDeskComplaintCategories,
  useUpdateComplaintCategory,
} from '../../api/complaints';
import { FormDialog } from '../../components/FormDialog';
import { actionsColumn, DeskTable } from '../../components/DeskTable';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { mejaPengaduanNs } from './i18n';

/** The complaint form's categories, kept by admins: add, rename, reorder, (de)activate. */
export function ComplaintCategories({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(mejaPengaduanNs);
  const categories = useDeskComplaintCategories();
  const toggle = useUpdateComplaintCategory({ inlineErrors: false });
  // null: no dialog; 'new': adding one; otherwise the category being changed.
  const [editing, setEditing] = useState<DeskComplaintCategory | 'new' | null>(null);

  const setActive = (category: DeskComplaintCategory, active: boolean) =>
    toggle.mutate(
      { code: category.code, change: { active } },
      {
        onSuccess: (updated) =>
          onDone(
            t(updated.active ? 'categories.done.activated' : 'categories.done.deactivated', {
              name: updated.name,
            }),
          ),
      },
    );

  return (
    <section className="card" aria-labelledby="complaint-categories">
      <div className="desk-detail-head">
        <h2 id="complaint-categories">{t('categories.title')}</h2>
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('categories.add')}
          onClick={() => setEditing('new')}
        />
      </div>
      <p>{t('categories.help')}</p>
      <DeskTable
        labelledBy="complaint-categories"
        query={categories}
        dataKey="code"
        emptyMessage={t('categories.empty')}
      >
        <Column field="code" header={t('categories.columns.code')} />
        <Column field="name" header={t('categories.columns.name')} />
        <Column field="sort" header={t('categories.columns.sort')} />
        <Column
          header={t('categories.columns.active')}
          body={(category: DeskComplaintCategory) => (
            <InputSwitch
              checked={category.active}
              disabled={toggle.isPending}
              aria-label={t('categories.activeLabel', { name: category.name })}
              onChange={(event) => setActive(category, event.value)}
            />
          )}
        />
        {actionsColumn(t('categories.columns.actions'), (category: DeskComplaintCategory) => [
          {
            icon: 'pi pi-pencil',
            label: t('categories.edit'),
            'aria-label': t('categories.editLabel', { name: category.name }),
            onClick: () => setEditing(category),
          },
        ])}
      </DeskTable>
      {editing === 'new' && (
        <NewCategoryDialog
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            onDone(t('categories.done.created', { name: created.name }));
          }}
        />
      )}
      {editing !== null && editing !== 'new' && (
        <EditCategoryDialog
          key={editing.code}
          category={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onDone(t('categories.done.saved', { name: saved.name }));
          }}
        />
      )}
    </section>
  );
}

type DialogProps = SaveDialogProps<DeskComplaintCategory>;

// The dialog asks for the code and the name; a new category takes order 0, to be changed afterwards if need be.
const newCategorySchema = newComplaintCategorySchema.pick({ code: true, name: true });

function NewCategoryDialog({ onClose, onSaved }: DialogProps) {
  const { t } = useTranslation(mejaPengaduanNs, { keyPrefix: 'categories.form' });
  const create = useCreateComplaintCategory();
  const form = useDialogForm({
    schema: newCategorySchema,
    defaultValues: { code: '', name: '' },
    fieldNames: ['code', 'name'],
    fieldByErrorCode: { CATEGORY_CODE_TAKEN: 'code' },
    saving: create.isPending,
    mutate: (values, callbacks) => create.mutate(values, callbacks),
    onSaved,
  });

  return (
    <FormDialog title={t('newTitle')} onClose={onClose} {...form.dialog}>
      <TextField field={form.field('code')} label={t('code')} help={t('codeHelp')} />
      <TextField field={form.field('name')} label={t('name')} />
    </FormDialog>
  );
}

// The code cannot change: it is what complaints refer to. An emptied sort field is a required number.
const editCategorySchema = complaintCategoryUpdateSchema
  .pick({ name: true })
  .extend({ sort: complaintCategoryUpdateSchema.shape.sort.unwrap() });

function EditCategoryDialog({
  category,
  onClose,
  onSaved,
}: DialogProps & { category: DeskComplaintCategory }) {
  const { t } = useTranslation(mejaPengaduanNs, { keyPrefix: 'categories.form' });
  const update = useUpdateComplaintCategory();
  const form = useDialogForm({
    schema: editCategorySchema,
    defaultValues: { name: category.name, sort: category.sort },
    fieldNames: ['name', 'sort'],
    saving: update.isPending,
    mutate: (change, callbacks) => update.mutate({ code: category.code, change }, callbacks),
    onSaved,
  });

  return (
    <FormDialog title={t('editTitle', { code: category.code })} onClose={onClose} {...form.dialog}>
      <TextField field={form.field('name')} label={t('name')} />
      <TextField field={form.field('sort')} label={t('sort')} help={t('sortHelp')} type="number" />
    </FormDialog>
  );
}
