import { type BpjsMappingInput, bpjsMappingInputSchema } from '@portal/contract';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveBpjsMapping } from '../../api/bpjs';
import { emptyAsNull, FormDialog, inputClass } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { jadwalPoliNs } from './i18n';

export type MappingKind = 'clinic' | 'doctor';

/** A clinic or a doctor of the hospital with its BPJS code and name (null: not mapped). */
export interface MappedRow {
  id: number;
  name: string;
  bpjsCode: string | null;
  bpjsName: string | null;
}

/** One entry of BPJS's own list, offered in the dialog. */
export interface BpjsOption {
  code: string;
  name: string;
  label: string;
}

const fieldNames = ['bpjsCode', 'bpjsName'] as const;

// Mobile JKN's poli codes are matched upper-cased, so a clinic's code typed in small letters would never match.
const clinicCode = (value: unknown) => emptyAsNull(typeof value === 'string' ? value.toUpperCase() : value);

/**
 * Sets or removes the BPJS code and name of one clinic or doctor. With BPJS's list fetched (`options`), a
 * choice from it fills both; the code can always be typed.
 */
export function BpjsMappingDialog({
  kind,
  row,
  options,
  onClose,
  onSaved,
}: SaveDialogProps<BpjsMappingInput> & {
  kind: MappingKind;
  row: MappedRow;
  /** Undefined until BPJS's list has been fetched. */
  options: readonly BpjsOption[] | undefined;
}) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'bpjs.form' });
  const choiceId = useId();
  const save = useSaveBpjsMapping();
  const send = (input: BpjsMappingInput, callbacks: { onError: (error: Error) => void }) =>
    save.mutate({ kind, id: row.id, input }, { onSuccess: () => onSaved(input), onError: callbacks.onError });
  const form = useDialogForm({
    schema: bpjsMappingInputSchema,
    defaultValues: { bpjsCode: row.bpjsCode, bpjsName: row.bpjsName },
    fieldNames,
    // A doctor's code already given to another doctor is told next to the code.
    fieldByErrorCode: { DUPLICATE: 'bpjsCode' },
    saving: save.isPending,
    mutate: send,
  });
  const code = useWatch({ control: form.control, name: 'bpjsCode' });
  const chosen = options?.find((option) => option.code === code)?.code ?? '';

  const choose = (value: string) => {
    const option = options?.find((candidate) => candidate.code === value);
    if (!option) return;
    form.setValue('bpjsCode', option.code, { shouldDirty: true, shouldValidate: true });
    form.setValue('bpjsName', option.name, { shouldDirty: true, shouldValidate: true });
  };

  const remove = () => {
    form.setFormError(null);
    send({ bpjsCode: null, bpjsName: null }, form);
  };

  return (
    <FormDialog
      title={t('title', { name: row.name })}
      onClose={onClose}
      remove={
        row.bpjsCode !== null
          ? { label: t('remove'), icon: 'pi pi-times', disabled: save.isPending, onClick: remove }
          : undefined
      }
      {...form.dialog}
    >
      {options ? (
        <FormField id={choiceId} label={t('choice')} help={t('choiceHelp')}>
          <select
            id={choiceId}
            className={inputClass(undefined)}
            value={chosen}
            aria-describedby={`${choiceId}-help`}
            onChange={(event) => choose(event.target.value)}
          >
            <option value="">{t(kind === 'clinic' ? 'chooseClinic' : 'chooseDoctor')}</option>
            {options.map((option, index) => (
              // BPJS may list one code twice (a poli under two specialities): the first one is chosen.
              <option key={`${option.code}-${index}`} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>
      ) : (
        <p className="form-help">{t('noReference')}</p>
      )}
      <TextField
        field={form.field('bpjsCode')}
        label={t('bpjsCode')}
        help={t(kind === 'clinic' ? 'clinicCodeHelp' : 'doctorCodeHelp')}
        className={kind === 'clinic' ? 'reference-code' : undefined}
        setValueAs={kind === 'clinic' ? clinicCode : emptyAsNull}
      />
      <TextField field={form.field('bpjsName')} label={t('bpjsName')} setValueAs={emptyAsNull} />
    </FormDialog>
  );
}
