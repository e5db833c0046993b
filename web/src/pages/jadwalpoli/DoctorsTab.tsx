import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminClinic, type AdminDoctor, type DoctorInput, doctorInputSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAdminClinics, useAdminDoctors, useSaveDoctor } from '../../api/clinicAdmin';
import { ApiError } from '../../api/client';
import { described, emptyAsNull, FormDialog, inputClass, numberOrUndefined } from '../../app/FormDialog';
import { FormField } from '../../app/FormField';
import { applyServerErrors } from '../../app/serverErrors';
import { ActiveTag } from './ClinicsTab';
import { jadwalPoliNs } from './i18n';

const PAGE_SIZE = 20;

export function DoctorsTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs);
  const headingId = useId();
  const doctors = useAdminDoctors();
  const clinics = useAdminClinics();
  const clinicName = (id: number) => clinics.data?.find((clinic) => clinic.id === id)?.name ?? t('none');
  const [editing, setEditing] = useState<AdminDoctor | 'new' | null>(null);

  return (
    <section aria-labelledby={headingId}>
      <div className="reference-head">
        <h2 id={headingId}>{t('doctors.title')}</h2>
        <Button type="button" icon="pi pi-plus" label={t('doctors.add')} onClick={() => setEditing('new')} />
      </div>
      <DataTable
        value={doctors.data ?? []}
        dataKey="id"
        loading={doctors.isFetching}
        emptyMessage={t('doctors.empty')}
        paginator={(doctors.data?.length ?? 0) > PAGE_SIZE}
        rows={PAGE_SIZE}
        size="small"
        stripedRows
        pt={{ table: { 'aria-labelledby': headingId } }}
      >
        <Column field="name" header={t('doctors.columns.name')} />
        <Column
          header={t('doctors.columns.bpjsCode')}
          body={(doctor: AdminDoctor) => doctor.bpjsCode ?? t('none')}
        />
        <Column
          header={t('doctors.columns.clinic')}
          body={(doctor: AdminDoctor) => clinicName(doctor.clinicId)}
        />
        <Column
          header={t('doctors.columns.active')}
          body={(doctor: AdminDoctor) => <ActiveTag active={doctor.active} />}
        />
        <Column
          header={t('doctors.columns.actions')}
          bodyClassName="reference-actions"
          body={(doctor: AdminDoctor) => (
            <Button
              type="button"
              size="small"
              outlined
              icon="pi pi-pencil"
              label={t('edit')}
              aria-label={t('doctors.editLabel', { name: doctor.name })}
              onClick={() => setEditing(doctor)}
            />
          )}
        />
      </DataTable>
      {editing !== null && (
        <DoctorDialog
          key={editing === 'new' ? 'new' : editing.id}
          doctor={editing === 'new' ? null : editing}
          clinics={clinics.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onDone(t('done.doctorSaved', { name: saved.name }));
          }}
        />
      )}
    </section>
  );
}

type DoctorForm = z.input<typeof doctorInputSchema>;
const fieldNames = ['name', 'bpjsCode', 'clinicId'] as const;

function DoctorDialog({
  doctor,
  clinics,
  onClose,
  onSaved,
}: {
  doctor: AdminDoctor | null;
  clinics: readonly AdminClinic[];
  onClose: () => void;
  onSaved: (doctor: AdminDoctor) => void;
}) {
  const { t } = useTranslation(jadwalPoliNs);
  const formId = useId();
  const save = useSaveDoctor();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DoctorForm, unknown, DoctorInput>({
    resolver: zodResolver(doctorInputSchema),
    defaultValues: doctor
      ? { name: doctor.name, bpjsCode: doctor.bpjsCode, clinicId: doctor.clinicId, active: doctor.active }
      : { name: '', bpjsCode: null, active: true },
  });

  const submit = handleSubmit((input) => {
    setFormError(null);
    save.mutate(
      { id: doctor?.id ?? null, input },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // A BPJS code already given to another doctor is told next to the code.
          if (error instanceof ApiError && error.code === 'DUPLICATE' && !error.fields) {
            setError('bpjsCode', { message: error.message });
          } else setFormError(applyServerErrors(error, fieldNames, setError));
        },
      },
    );
  });

  const id = (name: (typeof fieldNames)[number]) => `${formId}-${name}`;
  // Inactive clinics are offered only to a doctor who is in one already.
  const offered = clinics.filter((clinic) => clinic.active || clinic.id === doctor?.clinicId);

  return (
    <FormDialog
      title={doctor ? t('doctors.form.editTitle', { name: doctor.name }) : t('doctors.form.newTitle')}
      formId={formId}
      formError={formError}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField id={id('name')} label={t('doctors.form.name')} error={errors.name?.message}>
        <InputText
          id={id('name')}
          invalid={errors.name !== undefined}
          {...described(id('name'), errors.name)}
          {...register('name')}
        />
      </FormField>
      <FormField
        id={id('bpjsCode')}
        label={t('doctors.form.bpjsCode')}
        help={t('doctors.form.bpjsCodeHelp')}
        error={errors.bpjsCode?.message}
      >
        <InputText
          id={id('bpjsCode')}
          invalid={errors.bpjsCode !== undefined}
          {...described(id('bpjsCode'), errors.bpjsCode, true)}
          {...register('bpjsCode', { setValueAs: emptyAsNull })}
        />
      </FormField>
      <FormField id={id('clinicId')} label={t('doctors.form.clinic')} error={errors.clinicId?.message}>
        <select
          id={id('clinicId')}
          className={inputClass(errors.clinicId)}
          {...described(id('clinicId'), errors.clinicId)}
          {...register('clinicId', { setValueAs: numberOrUndefined })}
        >
          <option value="">{t('doctors.form.chooseClinic')}</option>
          {offered.map((clinic) => (
            <option key={clinic.id} value={clinic.id}>
              {clinic.name}
            </option>
          ))}
        </select>
      </FormField>
      <label className="form-choice">
        <input type="checkbox" {...register('active')} />
        {t('doctors.form.active')}
      </label>
    </FormDialog>
  );
}
