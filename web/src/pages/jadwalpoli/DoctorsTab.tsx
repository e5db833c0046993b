import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminClinic, type AdminDoctor, type DoctorInput, doctorInputSchema } from '@portal/contract';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAdminClinics, useAdminDoctors, useSaveDoctor } from '../../api/clinicAdmin';
import { ApiError } from '../../api/client';
import {
  described,
  emptyAsNull,
  FormDialog,
  inputClass,
  numberOrUndefined,
} from '../../components/FormDialog';
import { DeskTable } from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { jadwalPoliNs } from './i18n';
import { activeColumn, editColumn, ReferenceHead, useEditing } from './ReferenceHead';

const PAGE_SIZE = 20;

export function DoctorsTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs);
  const headingId = useId();
  const doctors = useAdminDoctors();
  const clinics = useAdminClinics();
  const clinicName = (id: number) => clinics.data?.find((clinic) => clinic.id === id)?.name ?? t('none');
  const editing = useEditing<AdminDoctor>();

  return (
    <section aria-labelledby={headingId}>
      <ReferenceHead
        headingId={headingId}
        title={t('doctors.title')}
        addLabel={t('doctors.add')}
        onAdd={editing.add}
      />
      <DeskTable
        labelledBy={headingId}
        query={doctors}
        emptyMessage={t('doctors.empty')}
        pageSize={PAGE_SIZE}
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
        {activeColumn(t('doctors.columns.active'))}
        {editColumn(
          t('doctors.columns.actions'),
          (doctor: AdminDoctor) => t('doctors.editLabel', { name: doctor.name }),
          editing.edit,
        )}
      </DeskTable>
      {editing.open && (
        <DoctorDialog
          key={editing.key}
          doctor={editing.row}
          clinics={clinics.data ?? []}
          onClose={editing.close}
          onSaved={(saved) => {
            editing.close();
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
