import { type Operation, type OperationPatient, operationInputSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOperationPatients, useSaveOperation, useSurgeons } from '../../api/operations';
import { described, emptyAsNull, FormDialog, numberOrNull } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SearchInput } from '../../components/SearchInput';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { type DialogField, useDialogForm } from '../../components/useDialogForm';
import { formatBirthDate } from '../../i18n/format';
import { jadwalOperasiNs } from './i18n';

// No patient is chosen until one is picked from the search; the contract's rule then says it is required.
const operationFormSchema = operationInputSchema.extend({
  patientId: z.number().optional().pipe(operationInputSchema.shape.patientId),
});
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
  const save = useSaveOperation();
  const surgeons = useSurgeons();
  const [patient, setPatient] = useState<OperationPatient | null>(operation?.patient ?? null);
  const form = useDialogForm({
    schema: operationFormSchema,
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
    fieldNames,
    fieldByErrorCode: { THEATRE_TAKEN: 'plannedStart' },
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate({ id: operation?.id ?? null, input }, callbacks),
    onSaved: (saved: Operation) => onSaved(saved, operation === null),
  });

  const choosePatient = (chosen: OperationPatient | null) => {
    setPatient(chosen);
    form.setValue('patientId', chosen?.id, { shouldValidate: chosen !== null });
  };

  return (
    <FormDialog
      title={operation ? t('form.editTitle') : t('form.newTitle')}
      className="operation-dialog"
      onClose={onClose}
      {...form.dialog}
    >
      <TextField field={form.field('date')} label={t('form.date')} type="date" />
      <PatientPicker field={form.field('patientId')} patient={patient} onChoose={choosePatient} />
      <TextField field={form.field('procedure')} label={t('form.procedure')} help={t('form.procedureHelp')} />
      <TextField field={form.field('theatre')} label={t('form.theatre')} help={t('form.theatreHelp')} />
      <SelectField field={form.field('surgeonId')} label={t('form.surgeon')} setValueAs={numberOrNull}>
        <option value="">{t('form.noSurgeon')}</option>
        {(surgeons.data ?? []).map((surgeon) => (
          <option key={surgeon.id} value={surgeon.id}>
            {surgeon.name}
          </option>
        ))}
      </SelectField>
      <TextField
        field={form.field('plannedStart')}
        label={t('form.plannedStart')}
        help={t('form.plannedStartHelp')}
        type="time"
        setValueAs={emptyAsNull}
      />
    </FormDialog>
  );
}

interface PickerProps {
  field: DialogField;
  patient: OperationPatient | null;
  onChoose: (patient: OperationPatient | null) => void;
}

/** The patient: found by medical record number or name and chosen from the results. */
function PatientPicker({ field: { id: inputId, error }, patient, onChoose }: PickerProps) {
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
              birthDate: formatBirthDate(patient.birthDate, t('list.none')),
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
                  {candidate.mrn} · {formatBirthDate(candidate.birthDate, t('list.none'))}
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
