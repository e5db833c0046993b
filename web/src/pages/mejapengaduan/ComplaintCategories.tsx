import { zodResolver } from '@hookform/resolvers/zod';
import {
  complaintCategoryUpdateSchema,
  type DeskComplaintCategory,
  newComplaintCategorySchema,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { type FieldError, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import {
  useCreateComplaintCategory,
  useDeskComplaintCategories,
  useUpdateComplaintCategory,
} from '../../api/complaints';
import { described, FormDialog } from '../../components/FormDialog';
import { DeskTable } from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
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
        <Column
          header={t('categories.columns.actions')}
          body={(category: DeskComplaintCategory) => (
            <Button
              type="button"
              size="small"
              outlined
              icon="pi pi-pencil"
              label={t('categories.edit')}
              aria-label={t('categories.editLabel', { name: category.name })}
              onClick={() => setEditing(category)}
            />
          )}
        />
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

interface DialogProps {
  onClose: () => void;
  onSaved: (category: DeskComplaintCategory) => void;
}

function TextField({
  inputId,
  label,
  help,
  error,
  registration,
  type,
}: {
  inputId: string;
  label: string;
  help?: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  type?: 'number';
}) {
  return (
    <FormField id={inputId} label={label} help={help} error={error?.message}>
      <InputText
        id={inputId}
        type={type}
        invalid={error !== undefined}
        {...described(inputId, error, help !== undefined)}
        {...registration}
      />
    </FormField>
  );
}

// The dialog asks for the code and the name; a new category takes order 0, to be changed afterwards if need be.
const newCategorySchema = newComplaintCategorySchema.pick({ code: true, name: true });
type NewCategoryForm = z.input<typeof newCategorySchema>;
const newFieldNames = ['code', 'name'] as const;

function NewCategoryDialog({ onClose, onSaved }: DialogProps) {
  const { t } = useTranslation(mejaPengaduanNs);
  const formId = useId();
  const create = useCreateComplaintCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewCategoryForm, unknown, z.output<typeof newCategorySchema>>({
    resolver: zodResolver(newCategorySchema),
    defaultValues: { code: '', name: '' },
  });

  const submit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setError('code', { message: error.message });
          setFormError(null);
        } else setFormError(applyServerErrors(error, newFieldNames, setError));
      },
    });
  });

  return (
    <FormDialog
      title={t('categories.form.newTitle')}
      formId={formId}
      formError={formError}
      saving={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        inputId={`${formId}-code`}
        label={t('categories.form.code')}
        help={t('categories.form.codeHelp')}
        error={errors.code}
        registration={register('code')}
      />
      <TextField
        inputId={`${formId}-name`}
        label={t('categories.form.name')}
        error={errors.name}
        registration={register('name')}
      />
    </FormDialog>
  );
}

// The code cannot change: it is what complaints refer to. An emptied sort field is a required number.
const editCategorySchema = complaintCategoryUpdateSchema
  .pick({ name: true })
  .extend({ sort: complaintCategoryUpdateSchema.shape.sort.unwrap() });
type EditCategoryForm = z.input<typeof editCategorySchema>;
const editFieldNames = ['name', 'sort'] as const;

function EditCategoryDialog({
  category,
  onClose,
  onSaved,
}: DialogProps & { category: DeskComplaintCategory }) {
  const { t } = useTranslation(mejaPengaduanNs);
  const formId = useId();
  const update = useUpdateComplaintCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditCategoryForm, unknown, z.output<typeof editCategorySchema>>({
    resolver: zodResolver(editCategorySchema),
    defaultValues: { name: category.name, sort: category.sort },
  });

  const submit = handleSubmit((values) => {
    setFormError(null);
    update.mutate(
      { code: category.code, change: values },
      {
        onSuccess: onSaved,
        onError: (error) => setFormError(applyServerErrors(error, editFieldNames, setError)),
      },
    );
  });

  return (
    <FormDialog
      title={t('categories.form.editTitle', { code: category.code })}
      formId={formId}
      formError={formError}
      saving={update.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        inputId={`${formId}-name`}
        label={t('categories.form.name')}
        error={errors.name}
        registration={register('name')}
      />
      <TextField
        inputId={`${formId}-sort`}
        label={t('categories.form.sort')}
        help={t('categories.form.sortHelp')}
        error={errors.sort}
        type="number"
        registration={register('sort', { valueAsNumber: true })}
      />
    </FormDialog>
  );
}
