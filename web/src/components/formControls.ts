import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

/** The invalid state of a control and the ids of its error and hint, as FormField names them. */
export function described(inputId: string, error: FieldError | undefined, help = false) {
  return {
    'aria-invalid': error !== undefined,
    'aria-describedby':
      [error && `${inputId}-error`, help && `${inputId}-help`].filter(Boolean).join(' ') || undefined,
  };
}

/** The class of a native control (input, select, textarea) styled as PrimeReact's inputs. */
export function inputClass(error: FieldError | undefined) {
  return `p-inputtext p-component${error ? ' p-invalid' : ''}`;
}

/**
 * What ties a form's native controls to their FormFields, by ids made of the form's id and the field's name:
 * `field(name)` for the FormField (id and error), `control(name, help)` for the control inside it (id, class,
 * invalid state, what describes it, and react-hook-form's handlers).
 */
export function formControls<Form extends FieldValues>(
  formId: string,
  register: UseFormRegister<Form>,
  errors: FieldErrors<Form>,
) {
  const idOf = (name: Path<Form>) => `${formId}-${name}`;
  const errorOf = (name: Path<Form>): FieldError | undefined => get(errors, name);
  return {
    field: (name: Path<Form>) => ({ id: idOf(name), error: errorOf(name)?.message }),
    control: (name: Path<Form>, help = false) => ({
      id: idOf(name),
      className: inputClass(errorOf(name)),
      ...described(idOf(name), errorOf(name), help),
      ...register(name),
    }),
  };
}
