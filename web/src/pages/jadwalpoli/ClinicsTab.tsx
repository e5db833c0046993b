import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminClinic, type ClinicInput, clinicInputSchema } from '@portal/contract';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAdminClinics, useSaveClinic } from '../../api/clinicAdmin';
import { ApiError } from '../../api/client';
import { DeskTable } from '../../components/DeskTable';
import { described, emptyAsNull, FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { jadwalPoliNs } from './i18n';
import { activeColumn, editColumn, ReferenceHead, useEditing } from './ReferenceHead';

export function ClinicsTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs);
  const headingId = useId();
  const clinics = useAdminClinics();
  const editing = useEditing<AdminClinic>();

  return (
    <section aria-labelledby={headingId}>
      <ReferenceHead
        headingId={headingId}
        title={t('clinics.title')}
        addLabel={t('clinics.add')}
        onAdd={editing.add}
      />
      <DeskTable labelledBy={headingId} query={clinics} emptyMessage={t('clinics.empty')}>
        <Column field="code" header={t('clinics.columns.code')} />
        <Column field="name" header={t('clinics.columns.name')} />
        <Column
          header={t('clinics.columns.bpjsCode')}
          body={(clinic: AdminClinic) => clinic.bpjsCode ?? t('none')}
        />
        <Column field="queuePrefix" header={t('clinics.columns.queuePrefix')} />
        {activeColumn(t('clinics.columns.active'))}
        {editColumn(
          t('clinics.columns.actions'),
          (clinic: AdminClinic) => t('clinics.editLabel', { name: clinic.name }),
          editing.edit,
        )}
      </DeskTable>
      {editing.open && (
        <ClinicDialog
          key={editing.key}
          clinic={editing.row}
          onClose={editing.close}
          onSaved={(saved) => {
            editing.close();
            onDone(t('done.clinicSaved', { name: saved.name }));
          }}
        />
      )}
    </section>
  );
}

type ClinicForm = z.input<typeof clinicInputSchema>;
const fieldNames = ['code', 'name', 'bpjsCode', 'queuePrefix'] as const;

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

function ClinicDialog({
  clinic,
  onClose,
  onSaved,
}: {
  clinic: AdminClinic | null;
  onClose: () => void;
  onSaved: (clinic: AdminClinic) => void;
}) {
  const { t } = useTranslation(jadwalPoliNs);
  const formId = useId();
  const save = useSaveClinic();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClinicForm, unknown, ClinicInput>({
    resolver: zodResolver(clinicInputSchema),
    defaultValues: clinic
      ? {
          code: clinic.code,
          name: clinic.name,
          bpjsCode: clinic.bpjsCode,
          queuePrefix: clinic.queuePrefix,
          active: clinic.active,
        }
      : { code: '', name: '', bpjsCode: null, queuePrefix: '', active: true },
  });

  const submit = handleSubmit((input) => {
    setFormError(null);
    save.mutate(
      { id: clinic?.id ?? null, input },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // A code already used by another clinic is told next to the code.
          if (error instanceof ApiError && error.code === 'DUPLICATE' && !error.fields) {
            setError('code', { message: error.message });
          } else setFormError(applyServerErrors(error, fieldNames, setError));
        },
      },
    );
  });

  const id = (name: (typeof fieldNames)[number]) => `${formId}-${name}`;

  return (
    <FormDialog
      title={clinic ? t('clinics.form.editTitle', { name: clinic.name }) : t('clinics.form.newTitle')}
      formId={formId}
      formError={formError}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField
        id={id('code')}
        label={t('clinics.form.code')}
        help={t('clinics.form.codeHelp')}
        error={errors.code?.message}
      >
        <InputText
          id={id('code')}
          className="reference-code"
          invalid={errors.code !== undefined}
          {...described(id('code'), errors.code, true)}
          {...register('code', { setValueAs: upperCase })}
        />
      </FormField>
      <FormField id={id('name')} label={t('clinics.form.name')} error={errors.name?.message}>
        <InputText
          id={id('name')}
          invalid={errors.name !== undefined}
          {...described(id('name'), errors.name)}
          {...register('name')}
        />
      </FormField>
      <FormField
        id={id('bpjsCode')}
        label={t('clinics.form.bpjsCode')}
        help={t('clinics.form.bpjsCodeHelp')}
        error={errors.bpjsCode?.message}
      >
        <InputText
          id={id('bpjsCode')}
          invalid={errors.bpjsCode !== undefined}
          {...described(id('bpjsCode'), errors.bpjsCode, true)}
          {...register('bpjsCode', { setValueAs: emptyAsNull })}
        />
      </FormField>
      <FormField
        id={id('queuePrefix')}
        label={t('clinics.form.queuePrefix')}
        help={t('clinics.form.queuePrefixHelp')}
        error={errors.queuePrefix?.message}
      >
        <InputText
          id={id('queuePrefix')}
          className="reference-code"
          invalid={errors.queuePrefix !== undefined}
          {...described(id('queuePrefix'), errors.queuePrefix, true)}
          {...register('queuePrefix', { setValueAs: upperCase })}
        />
      </FormField>
      <label className="form-choice">
        <input type="checkbox" {...register('active')} />
        {t('clinics.form.active')}
      </label>
    </FormDialog>
  );
}
