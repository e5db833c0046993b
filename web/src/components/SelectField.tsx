import { type ReactNode, useLayoutEffect, useRef } from 'react';
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
  field: { id, error, register, value },
  label,
  help,
  setValueAs,
  disabled,
  children,
}: Props) {
  const { ref, ...registered } = register({ setValueAs });
  const select = useRef<HTMLSelectElement | null>(null);
  // Options that come after the form's value (a list still loading when the dialog opens): the browser
  // showed the first option meanwhile, and goes on showing it; the value's option is chosen once it is there.
  useLayoutEffect(() => {
    const wanted = String(value() ?? '');
    const element = select.current;
    if (element && element.value !== wanted && [...element.options].some((option) => option.value === wanted))
      element.value = wanted;
  });
  return (
    <FormField id={id} label={label} help={help} error={error?.message}>
      <select
        id={id}
        className={inputClass(error)}
        disabled={disabled}
        {...described(id, error, help !== undefined)}
        {...registered}
        ref={(element) => {
          ref(element);
          select.current = element;
        }}
      >
        {children}
      </select>
    </FormField>
  );
}
