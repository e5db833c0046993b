import { InputText } from 'primereact/inputtext';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { described, inputClass } from './formControls';
import { FormField } from './FormField';
import type { DialogField } from './useDialogForm';

type Attributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoCapitalize' | 'autoComplete' | 'className' | 'inputMode' | 'list' | 'min' | 'readOnly' | 'spellCheck'
>;

interface Props extends Attributes {
  /** The form's field: `form.field(name)`. */
  field: DialogField;
  label: string;
  help?: string;
  /**
   * A number field's value is a number; a date or time is the browser's own picker; a phone number brings the
   * phone keypad; a password is a new one (not filled in by the browser) unless `autoComplete` says otherwise.
   */
  type?: 'text' | 'tel' | 'password' | 'number' | 'date' | 'time';
  /** What the form keeps of the text typed (upper case, null for empty, …). */
  setValueAs?: (value: unknown) => unknown;
  /** What follows the input inside the field, e.g. its datalist. */
  children?: ReactNode;
}

/**
 * A user name someone logs in with (`<TextField {...usernameInput} …>`): kept as typed, so the browser neither
 * fills it in with the user's own, nor capitalises or corrects it.
 */
export const usernameInput = { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } as const;

/** A labelled text input of a dialog's form, with its hint and error. */
export function TextField({
  field: { id, error, register },
  label,
  help,
  type,
  autoComplete = type === 'password' ? 'new-password' : undefined,
  inputMode = type === 'tel' ? 'tel' : undefined,
  setValueAs,
  children,
  ...attributes
}: Props) {
  const control = {
    id,
    type,
    autoComplete,
    inputMode,
    ...attributes,
    ...described(id, error, help !== undefined),
    ...register(type === 'number' ? { valueAsNumber: true } : { setValueAs }),
  };
  return (
    <FormField id={id} label={label} help={help} error={error?.message}>
      {type === 'date' || type === 'time' ? (
        <input {...control} className={[inputClass(error), attributes.className].filter(Boolean).join(' ')} />
      ) : (
        <InputText {...control} invalid={error !== undefined} />
      )}
      {children}
    </FormField>
  );
}

/** A labelled multi-line text of a dialog's form (a reason, a message), with its hint and error. */
export function TextAreaField({
  field: { id, error, register },
  label,
  help,
  rows = 3,
}: {
  field: DialogField;
  label: string;
  help?: string;
  rows?: number;
}) {
  return (
    <FormField id={id} label={label} help={help} error={error?.message}>
      <textarea
        id={id}
        rows={rows}
        className={`p-inputtextarea ${inputClass(error)}`}
        {...described(id, error, help !== undefined)}
        {...register()}
      />
    </FormField>
  );
}
