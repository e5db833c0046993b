import type { ReactNode } from 'react';
import { described, inputClass } from './formControls';
import { FormField } from './FormField';
import type { DialogField } from './useDialogForm';

interface Props {
  /** The form's field: `form.field(name)`. */
  field: DialogField;
  label: string;
  help?: string;
  /** What the form keeps of the chosen option's value (a number, null for none, …). */
  setValueAs?: (value: unknown) => unknown;
  /** Shown but not to be changed: the form still sends the value it was given. */
  disabled?: boolean;
  /** The options. */
  children: ReactNode;
}

/** A labelled choice (the browser's own select) of a dialog's form, with its hint and error. */
export function SelectField({
  field: { id, error, register },
  label,
  help,
  setValueAs,
  disabled,
  children,
}: Props) {
  return (
    <FormField id={id} label={label} help={help} error={error?.message}>
      <select
        id={id}
        className={inputClass(error)}
        disabled={disabled}
        {...described(id, error, help !== undefined)}
        {...register({ setValueAs })}
      >
        {children}
      </select>
    </FormField>
  );
}
