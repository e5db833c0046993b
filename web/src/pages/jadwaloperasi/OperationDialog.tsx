import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Operation,
  type OperationInput,
  type OperationPatient,
  operationInputSchema,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOperationPatients, useSaveOperation, useSurgeons } from '../../api/operations';
import { described, emptyAsNull, FormDialog, inputClass, numberOrNull } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SearchInput } from '../../components/SearchInput';
import { applyServerErrors } from '../../components/serverErrors';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { formatDate } from '../../i18n/format';
import { jadwalOperasiNs } from './i18n';

// No patient is chosen until one is picked from the search; the contract's rule then says it is required.
const operationFormSchema = operationInputSchema.extend({
  patientId: z.number().optional().pipe(operationInputSchema.shape.patientId),
});
type OperationForm = z.input<typeof operationFormSchema>;
const fieldNames = ['date', 'patientId', 'procedure', 'surgeonId', 'theatre', 'plannedStart'] as const;

interface Props {
  /** The operation to change, or null to add one. */
  operation: Operation | null;
  /** The day a new operation is planned on, until changed. */
  date: string;
  onClose: () => void;
  onSaved: (saved: Operation, added: boolean) => void;
}

/** Adds an operation to a day's list, or changes one that is still waiting. */
export function OperationDialog({ operation, date, onClose, onSaved }: Props) {
  const { t } = useTranslation(jadwalOperasiNs);
  const formId = useId();
  const save = useSaveOperation();
  const surgeons = useSurgeons();
  const [formError, setFormError] = useState<string | null>(null);
  const [patient, setPatient] = useState<OperationPatient | null>(operation?.patient ?? null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<OperationForm, unknown, OperationInput>({
    resolver: zodResolver(operationFormSchema),
    defaultValues: operation
      ? {
          date: operation.date,
          patientId: operation.patient.id,
          procedure: operation.procedure,
          surgeonId: operation.surgeon?.id ?? null,
          theatre: operation.theatre,
          plannedStart: operation.plannedStart,
        }
      : { date, procedure: '', surgeonId: null, theatre: '', plannedStart: null },
  });

  const choosePatient = (chosen: OperationPatient | null) => {
    setPatient(chosen);
    setValue('patientId', chosen?.id, { shouldValidate: chosen !== null });
  };

  const submit = handleSubmit((input) => {
    setFormError(null);
    save.mutate(
      { id: operation?.id ?? null, input },
      {
        onSuccess: (saved) => onSaved(saved, operation === null),
        onError: (error) => setFormError(applyServerErrors(error, fieldNames, setError)),
      },
    );
  });

  const id = (name: (typeof fieldNames)[number]) => `${formId}-${name}`;

  return (
    <FormDialog
      title={operation ? t('form.editTitle') : t('form.newTitle')}
      className="operation-dialog"
      formId={formId}
      formError={formError}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField id={id('date')} label={t('form.date')} error={errors.date?.message}>
        <input
          id={id('date')}
          type="date"
          className={inputClass(errors.date)}
          {...described(id('date'), errors.date)}
          {...register('date')}
        />
      </FormField>
      <PatientPicker
        inputId={id('patientId')}
        patient={patient}
        error={errors.patientId}
        onChoose={choosePatient}
      />
      <FormField
        id={id('procedure')}
        label={t('form.procedure')}
        help={t('form.procedureHelp')}
        error={errors.procedure?.message}
      >
        <InputText
          id={id('procedure')}
          invalid={errors.procedure !== undefined}
          {...described(id('procedure'), errors.procedure, true)}
          {...register('procedure')}
        />
      </FormField>
      <FormField
        id={id('theatre')}
        label={t('form.theatre')}
        help={t('form.theatreHelp')}
        error={errors.theatre?.message}
      >
        <InputText
          id={id('theatre')}
          invalid={errors.theatre !== undefined}
          {...described(id('theatre'), errors.theatre, true)}
          {...register('theatre')}
        />
      </FormField>
      <FormField id={id('surgeonId')} label={t('form.surgeon')} error={errors.surgeonId?.message}>
        <select
          id={id('surgeonId')}
          className={inputClass(errors.surgeonId)}
          {...described(id('surgeonId'), errors.surgeonId)}
          {...register('surgeonId', { setValueAs: numberOrNull })}
        >
          <option value="">{t('form.noSurgeon')}</option>
          {(surgeons.data ?? []).map((surgeon) => (
            <option key={surgeon.id} value={surgeon.id}>
              {surgeon.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={id('plannedStart')}
        label={t('form.plannedStart')}
        help={t('form.plannedStartHelp')}
        error={errors.plannedStart?.message}
      >
        <input
          id={id('plannedStart')}
          type="time"
          className={inputClass(errors.plannedStart)}
          {...described(id('plannedStart'), errors.plannedStart, true)}
          {...register('plannedStart', { setValueAs: emptyAsNull })}
        />
      </FormField>
    </FormDialog>
  );
}

interface PickerProps {
  inputId: string;
  patient: OperationPatient | null;
  error: FieldError | undefined;
  onChoose: (patient: OperationPatient | null) => void;
}

/** The patient: found by medical record number or name and chosen from the results. */
function PatientPicker({ inputId, patient, error, onChoose }: PickerProps) {
  const { t } = useTranslation(jadwalOperasiNs);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim());
  const found = useOperationPatients(patient ? '' : term);
  const resultsId = `${inputId}-results`;

  if (patient) {
    return (
      <div className="form-field">
        <span className="operation-field-label" id={`${inputId}-label`}>
          {t('form.patient')}
        </span>
        <div className="operation-chosen" aria-labelledby={`${inputId}-label`} role="group">
          <span>
            {t('form.chosen', {
              name: patient.name,
              mrn: patient.mrn,
              birthDate: formatDate(patient.birthDate),
            })}
          </span>
          <Button
            type="button"
            size="small"
            text
            icon="pi pi-user-edit"
            label={t('form.change')}
            onClick={() => onChoose(null)}
          />
        </div>
      </div>
    );
  }

  return (
    <FormField
      id={inputId}
      label={t('form.patientSearch')}
      help={t('form.patientSearchHint')}
      error={error?.message}
    >
      <SearchInput
        id={inputId}
        value={text}
        placeholder={t('form.patientSearchPlaceholder')}
        invalid={error !== undefined}
        {...described(inputId, error, true)}
        onChange={setText}
      />
      {term.length >= 2 && found.data && (
        <ul className="operation-patients" id={resultsId} aria-label={t('form.patientsFound')}>
          {found.data.length === 0 && <li>{t('form.patientNone')}</li>}
          {found.data.map((candidate) => (
            <li key={candidate.id}>
              <span>
                <span className="operation-patient">{candidate.name}</span>
                <span className="operation-mrn">
                  {candidate.mrn} · {formatDate(candidate.birthDate)}
                </span>
              </span>
              <Button
                type="button"
                size="small"
                outlined
                label={t('form.choose')}
                aria-label={t('form.chooseLabel', { name: candidate.name, mrn: candidate.mrn })}
                onClick={() => onChoose(candidate)}
              />
            </li>
          ))}
        </ul>
      )}
    </FormField>
  );
}
