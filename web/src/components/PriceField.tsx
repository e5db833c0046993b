import { InputNumber } from 'primereact/inputnumber';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { intlLocale } from '../i18n/format';
import { described } from './formControls';
import { FormField } from './FormField';
import type { DialogForm } from './useDialogForm';

interface Props<Form extends FieldValues, Output> {
  form: DialogForm<Form, Output>;
  name: Path<Form>;
  label: string;
}

/** A labelled price in whole Rupiah of a dialog's form, shown with the language's thousands separators. */
export function PriceField<Form extends FieldValues, Output>({ form, name, label }: Props<Form, Output>) {
  const { id, error } = form.field(name);
  return (
    <FormField id={id} label={label} error={error?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <InputNumber
            inputId={id}
            inputRef={field.ref}
            value={typeof field.value === 'number' ? field.value : null}
            onValueChange={(event) => field.onChange(event.value ?? undefined)}
            onBlur={field.onBlur}
            locale={intlLocale()}
            maxFractionDigits={0}
            min={0}
            invalid={error !== undefined}
            {...described(id, error)}
          />
        )}
      />
    </FormField>
  );
}
